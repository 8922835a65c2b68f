import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, spawnProcess, type CliResult } from '../support/run-cli.js';
import { projectRoot } from '../support/shared-data.js';

const bin = join(projectRoot, 'dist', 'src', 'cli', 'main.js');

/** Runs the compiled `boden` as the installed bin runs (`npm test` builds it first). */
function runBuilt(args: readonly string[]): Promise<CliResult> {
  return spawnProcess(process.execPath, [bin, ...args]);
}

if (!existsSync(bin)) console.warn(`skipping the compiled-CLI smoke tests: ${bin} is missing (run npm run build)`);

describe.skipIf(!existsSync(bin))('the compiled boden bin agrees with the in-process CLI the other tests use', () => {
  it.each([
    [['--version']],
    [['score', 'examples/aide-tabular-run.journal.json', '--json']],
    [['score', 'no-such-file.json']],
    [['report', '--bad-option']],
  ])('boden %j', async (args) => {
    const [built, inProcess] = await Promise.all([runBuilt(args), runCli(args)]);
    expect(built).toEqual(inProcess);
    expect(built.stderr).not.toMatch(/\n +at /);
  });
});
