import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileWriteError } from '../../src/errors/file-write-error.js';
import { removeStaleTemporaries, writeFileAtomic } from '../../src/files/write-file-atomic.js';
import { runCli } from '../support/run-cli.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

const directory = useTemporaryDirectory('boden-write-atomic-');

async function writeError(path: string): Promise<FileWriteError> {
  const error = await writeFileAtomic(path, 'text').then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(FileWriteError.isInstance(error)).toBe(true);
  return error as FileWriteError;
}

describe('writeFileAtomic failures', () => {
  it('names the path and says why: a missing folder, a directory in the way, a file as a folder', async () => {
    expect((await writeError(join(directory, 'missing', 'out.jsonl'))).message).toBe(
      `cannot write ${join(directory, 'missing', 'out.jsonl')}: its folder does not exist (ENOENT)`,
    );
    const folder = join(directory, 'a-folder');
    mkdirSync(folder);
    expect((await writeError(folder)).code).toBe('EISDIR');
    const file = join(directory, 'a-file');
    writeFileSync(file, 'kept');
    expect((await writeError(join(file, 'inside.json'))).code).toBe('ENOTDIR');
    // ENOTDIR alone says only that some part of the path is a file: the message names it.
    expect((await writeError(join(file, 'inside.json'))).message).toBe(
      `cannot write ${join(file, 'inside.json')}: ${file} is a file, not a directory (ENOTDIR)`,
    );
    // Nothing is left behind and nothing was replaced.
    expect(readFileSync(file, 'utf8')).toBe('kept');
    expect(readdirSync(directory).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('boden export and corpus build report such a path as a usage error, without a stack trace', async () => {
    const example = 'examples/aide-tabular-run.journal.json';
    const exported = await runCli(['export', example, '--out', join(directory, 'no-folder', 'episodes.jsonl')]);
    expect(exported.code).toBe(2);
    expect(exported.stderr).toMatch(/cannot write .*no-folder.episodes\.jsonl: its folder does not exist \(ENOENT\)\n$/);
    const blocker = join(directory, 'blocker');
    writeFileSync(blocker, '');
    const built = await runCli(['corpus', 'build', example, '--task', 't', '--out', blocker]);
    expect(built.code).toBe(2);
    expect(built.stderr).toMatch(/cannot write .*blocker: it exists and is not a directory \(EEXIST\)\n$/);
    const intoFolder = await runCli(['export', example, '--out', directory]);
    expect(intoFolder.code).toBe(2);
    expect(intoFolder.stderr).toMatch(/cannot write .*: it is a directory \(EISDIR\)\n$/);
    expect(`${exported.stderr}${built.stderr}${intoFolder.stderr}`).not.toMatch(/\n +at /);
  }, 120_000);

  it('boden score on a link to itself says so (a loop), without a stack trace', async () => {
    const loop = join(directory, 'loop.json');
    symlinkSync(loop, loop);
    const result = await runCli(['score', loop]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`cannot read ${loop}: too many symbolic links (a loop) (ELOOP)`);
    expect(result.stderr).not.toMatch(/unexpected error|\n +at /);
  });
});

describe('stale temporary files', () => {
  it("are removed by the next write into their directory when their writer is gone; a live writer's stay", async () => {
    const folder = join(directory, 'stale');
    mkdirSync(folder);
    // A pid that has certainly exited: a child that ran and was reaped.
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    const stale = `.runs.jsonl.${gone}.0123456789ab.tmp`;
    const live = `.summary.txt.${process.ppid}.ba9876543210.tmp`;
    writeFileSync(join(folder, stale), 'torn');
    writeFileSync(join(folder, live), 'being written');
    writeFileSync(join(folder, 'notes.tmp'), 'not ours');
    await writeFileAtomic(join(folder, 'summary.json'), '{}');
    expect(readdirSync(folder).sort()).toEqual([live, 'notes.tmp', 'summary.json'].sort());
  });

  it("of another host (a shared file system) are removed only when an hour old, whatever their pid; this host's by pid", async () => {
    const folder = join(directory, 'shared');
    mkdirSync(folder);
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    const here = hostname().replace(/[^A-Za-z0-9-]/g, '-');
    const fresh = `.runs.jsonl.${gone}@other-node-7.0123456789ab.tmp`;
    const old = `.summary.txt.${process.pid}@other-node-7.ba9876543210.tmp`;
    const ownGone = `.sweep.json.${gone}@${here}.aaaaaaaaaaaa.tmp`;
    for (const name of [fresh, old, ownGone]) writeFileSync(join(folder, name), 'being written');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(join(folder, old), twoHoursAgo, twoHoursAgo);
    expect((await removeStaleTemporaries(folder)).sort()).toEqual([join(folder, old), join(folder, ownGone)].sort());
    expect(readdirSync(folder)).toEqual([fresh]);
  });
});
