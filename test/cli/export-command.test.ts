import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

const directory = useTemporaryDirectory('boden-export-');
const example = 'examples/aide-tabular-run.journal.json';

describe('boden export', () => {
  it('says that a folder holds no trajectory and exits 2, writing nothing, instead of an empty success', async () => {
    const empty = join(directory, 'empty-folder');
    mkdirSync(empty);
    const out = join(directory, 'none.jsonl');
    for (const args of [[empty], [empty, '--out', out]]) {
      const result = await runCli(['export', ...args]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        `boden export: no trajectories found in ${empty} (looked for .json/.jsonl files and OpenEvolve checkpoints)\n`,
      );
    }
    expect(existsSync(out)).toBe(false);
  });

  it('names the file that stands where the --out folder should be', async () => {
    const file = join(directory, 'a-file');
    writeFileSync(file, 'kept');
    const result = await runCli(['export', example, '--out', join(file, 'episodes.jsonl')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`cannot write ${join(file, 'episodes.jsonl')}: ${file} is a file, not a directory (ENOTDIR)`);
    expect(result.stderr).not.toMatch(/\n +at /);
  });
});
