import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, spawnProcess, type CliResult } from '../support/run-cli.js';
import { projectRoot } from '../support/shared-data.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

// Root reads any file whatever its mode: as root the compiled bin is run as the user nobody instead.
const asRoot = process.getuid?.() === 0;
const bin = join(projectRoot, 'dist', 'src', 'cli', 'main.js');
// The user nobody must reach the clone: not so under a folder only root may enter (e.g. a `mktemp -d` of 0700).
const nobodyReachesBin = (): boolean =>
  spawnSync(process.execPath, ['-e', `require('node:fs').accessSync(${JSON.stringify(bin)}, require('node:fs').constants.R_OK)`], {
    uid: 65534,
    gid: 65534,
  }).status === 0;
const why =
  process.platform === 'win32'
    ? 'no POSIX permissions'
    : asRoot && !existsSync(bin)
      ? `${bin} is missing (npm run build)`
      : asRoot && !nobodyReachesBin()
        ? `the user nobody cannot read ${bin} (a parent folder is closed to others)`
        : null;
const skip = why !== null;
if (skip) console.warn(`skipping the unreadable-input tests: ${why}`);

/** `boden <args>` as a user who cannot read mode-000 paths. */
function runUnprivileged(args: readonly string[]): Promise<CliResult> {
  return asRoot ? spawnProcess(process.execPath, [bin, ...args], { uid: 65534, gid: 65534 }) : runCli(args);
}

describe.skipIf(skip)('an input the user cannot read', () => {
  const directory = useTemporaryDirectory('boden-unreadable-');
  // Others may enter the temporary directory; the file and the folder inside are closed.
  chmodSync(directory, 0o755);
  const file = join(directory, 'run.json');
  copyFileSync(join(projectRoot, 'examples', 'aide-tabular-run.journal.json'), file);
  chmodSync(file, 0o000);
  const folder = join(directory, 'closed');
  mkdirSync(folder);
  copyFileSync(join(projectRoot, 'examples', 'aide-tabular-run.journal.json'), join(folder, 'run.json'));
  chmodSync(folder, 0o000);
  // Opened again before the directory is removed (after-hooks run last-registered first), so any user can remove it.
  afterAll(() => {
    chmodSync(folder, 0o755);
    chmodSync(file, 0o644);
  });

  it.each([
    ['score', file],
    ['score', folder],
    ['report', file, '--out', join(directory, 'report.html')],
    ['export', file],
  ])('boden %s %s: a typed error naming the path, no stack trace, exit 2', async (...args) => {
    const result = await runUnprivileged(args);
    const path = args[1]!;
    expect(result.stderr).toContain(`cannot read ${path}: permission denied (EACCES)`);
    expect(result.stderr).not.toMatch(/unexpected error|\n +at /);
    expect(result.code).toBe(2);
  });
});
