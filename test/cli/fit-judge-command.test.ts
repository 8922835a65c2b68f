import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRubricJudgeParameters } from '../../src/judges/rubric-judge-parameters.js';
import { runCli, type CliResult } from '../support/run-cli.js';
import { hasSharedData, sharedDataPath } from '../support/shared-data.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

const directory = useTemporaryDirectory();

/** Runs `boden fit-judge <args>` in process. */
function runFitJudge(args: readonly string[]): Promise<CliResult> {
  return runCli(['fit-judge', ...args]);
}

describe.skipIf(!hasSharedData)('boden fit-judge on the dev labels', () => {
  it('fits, reports in-sample and leave-one-run-out rho with CIs, and writes the parameters', async () => {
    const out = join(directory, 'parameters.json');
    const result = await runFitJudge(['--labels', sharedDataPath('labels', 'dev.jsonl'), '--out', out, '--json', '--resamples', '200']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ labels: 221, runs: 20, unmatched: [] });
    expect(report.crossValidated.rho).toBeGreaterThan(0.895);
    expect(report.crossValidated.low).toBeLessThan(report.crossValidated.rho);
    const written = parseRubricJudgeParameters(JSON.parse(readFileSync(out, 'utf8')));
    expect(written).toEqual(report.parameters);
    expect(written.provenance?.crossValidatedRho).toBeCloseTo(report.crossValidated.rho, 12);
    const table = await runFitJudge(['--labels', sharedDataPath('labels', 'dev.jsonl'), '--resamples', '200']);
    expect(table.stdout).toMatch(/leave-one-run-out CV\s+0\.9\d\d/);
    expect(table.stdout).toMatch(/held-out confidence vs errors/);
  });
});

describe('boden fit-judge input errors', () => {
  it('a malformed labels file exits 2 naming the line', async () => {
    const labels = join(directory, 'bad.jsonl');
    writeFileSync(labels, '{"run": "r", "file": "f", "episode": 1, "node_id": "n", "label": 9}\n');
    const result = await runFitJudge(['--labels', labels]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${labels} at line 1.label`);
  });

  it('an --out inside a file names that file, once, and exits 2', async () => {
    // Two copies of the example run, three labels each: enough to fit on any machine, shared data or not.
    for (const name of ['a', 'b'])
      writeFileSync(join(directory, `${name}.journal.json`), readFileSync('examples/aide-tabular-run.journal.json'));
    const labels = join(directory, 'example-labels.jsonl');
    const label = (run: string, episode: number, node: string, score: number) =>
      JSON.stringify({ run, file: `${run}.journal.json`, episode, node_id: node, label: score });
    writeFileSync(
      labels,
      `${['a', 'b'].flatMap((run) => [label(run, 1, 'draft-lightgbm', 1), label(run, 2, 'draft-ridge', 2), label(run, 3, 'draft-mlp', 3)]).join('\n')}\n`,
    );
    const file = join(directory, 'a-file');
    writeFileSync(file, 'kept');
    const out = join(file, 'parameters.json');
    const result = await runFitJudge(['--labels', labels, '--data-root', directory, '--out', out, '--quiet', '--resamples', '10']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`boden fit-judge: cannot write ${out}: ${file} is a file, not a directory (ENOTDIR)\n`);
  });

  it('labels that match no episode leave nothing to fit and exit 2', async () => {
    const labels = join(directory, 'unmatched.jsonl');
    writeFileSync(labels, '{"run": "r", "file": "missing.json", "episode": 1, "node_id": "n", "label": 2}\n');
    const result = await runFitJudge(['--labels', labels, '--quiet']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/only 0 label\(s\) matched an episode/);
  });
});
