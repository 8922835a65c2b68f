import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { BenchRunRecord } from '../../../bench/runner/bench-run-record.js';
import { projectRoot } from '../../support/shared-data.js';
import { spawnCli } from '../../support/run-cli.js';
import { useTemporaryDirectory } from '../../support/temporary-directory.js';

const directory = useTemporaryDirectory('boden-committed-recording-');
const committed = join(projectRoot, 'bench', 'results', 'code-replay');

/** A run without its wall-clock fields, which depend on the machine's load. */
const withoutTimes = ({
  wallMilliseconds: _wall,
  evaluationMilliseconds: _evaluation,
  measurementMilliseconds: _measurement,
  ...rest
}: BenchRunRecord) => rest;
const recordsOf = (file: string) =>
  (file.endsWith('.gz') ? gunzipSync(readFileSync(file)).toString('utf8') : readFileSync(file, 'utf8'))
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => withoutTimes(JSON.parse(line) as BenchRunRecord))
    .sort((left, right) =>
      JSON.stringify([left.task, left.policy, left.arm, left.seed]).localeCompare(
        JSON.stringify([right.task, right.policy, right.arm, right.seed]),
      ),
    );

describe('the committed code-agent recording (bench/results/code-replay)', () => {
  it('replays, with no network and no program run, to records identical to the recorded sweep', async () => {
    const command = readFileSync(join(committed, 'README.md'), 'utf8').match(/^npx boden bench (--agent code .*--replay .*)$/m)?.[1];
    expect(command, 'the README gives the replay command').toBeDefined();
    const out = join(directory, 'replayed');
    const args = command!
      .replace(/--out \S+/, `--out ${out}`)
      .replace(/--memo \S+/, '')
      .split(/\s+/)
      .filter((word) => word !== '');
    // An interpreter that cannot exist: any program the recording did not hold would fail to run, not pass quietly.
    const result = await spawnCli(['bench', ...args, '--memo', join(directory, 'memo'), '--python', '/nonexistent/python3', '--quiet']);
    expect(result.stderr).not.toMatch(/\n +at /);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/evaluations: 0 new, \d+ from the memo/);
    // Committed gzipped, as every result under bench/results (.gitignore keeps plain runs.jsonl out).
    expect(recordsOf(join(out, 'runs.jsonl'))).toEqual(recordsOf(join(committed, 'runs.jsonl.gz')));
  }, 300_000);
});
