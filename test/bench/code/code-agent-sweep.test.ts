import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BenchRunRecord } from '../../../bench/runner/bench-run-record.js';
import { findPython } from '../../../bench/sandbox/index.js';
import { spawnCli } from '../../support/run-cli.js';
import { useTemporaryDirectory } from '../../support/temporary-directory.js';

const directory = useTemporaryDirectory('boden-code-sweep-');
const python = await findPython({ packages: ['numpy', 'scipy', 'pandas', 'sklearn', 'xgboost'] }).catch((error: Error) => {
  console.warn(`skipping the code-agent sweep test: ${error.message}`);
  return null;
});

const withoutTimes = ({
  wallMilliseconds: _wall,
  evaluationMilliseconds: _evaluation,
  measurementMilliseconds: _measurement,
  ...rest
}: BenchRunRecord) => rest;
const recordsOf = (out: string) =>
  readFileSync(join(out, 'runs.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as BenchRunRecord)
    .sort((left, right) => `${left.task} ${JSON.stringify(left.arm)}`.localeCompare(`${right.task} ${JSON.stringify(right.arm)}`));

describe('boden bench --agent code, offline with the scripted model', () => {
  it.skipIf(python === null)(
    'writes, runs and scores real programs on circle packing and boston, records every exchange, and replays to the same records',
    async () => {
      const recording = join(directory, 'recording');
      // MCTS expands 3 children of the root, then from a leaf: in 4 episodes each run drafts 3 programs and then
      // improves (boston) or debugs (circle packing) one, so the replay answers prompts built from recorded outcomes.
      // (AIDE drafts 5 before its first improvement; a boston program is 5 sandboxed runs, one per fold.)
      const common = [
        'bench',
        '--agent',
        'code',
        '--tasks',
        'circle-packing-26,boston',
        '--policies',
        'mcts',
        '--arms',
        'unshaped',
        '--seeds',
        '1',
        '--episodes',
        '4',
        '--workers',
        '2',
        '--quiet',
      ];
      const recorded = await spawnCli([
        ...common,
        '--out',
        join(directory, 'recorded'),
        '--memo',
        join(directory, 'memo'),
        '--record',
        recording,
      ]);
      expect(recorded.stderr).not.toMatch(/\n +at /);
      expect(recorded.code, recorded.stderr).toBe(0);
      const records = recordsOf(join(directory, 'recorded'));
      // One arm: the shaped path under --agent code is replayed in bench/results/code-replay (committed-recording.test.ts).
      expect(records.map((record) => [record.task, record.agent])).toEqual([
        ['boston', 'code/boden-scripted'],
        ['circle-packing-26', 'code/boden-scripted'],
      ]);
      // Programs were run and scored by the harness: valid packings and cross-validated RMSEs.
      for (const record of records) expect(record.episodes.some((episode) => episode.status === 'ok' && episode.score !== null)).toBe(true);
      expect(records.flatMap((record) => record.episodes.map((episode) => episode.operator))).toContain('improve');
      const packing = records.find((record) => record.task === 'circle-packing-26')!;
      expect(packing.bestScore!).toBeGreaterThan(1);
      expect(packing.bestScore!).toBeLessThan(2.64);
      // A crash is a real one: its error is the traceback's exception line.
      for (const episode of records.flatMap((record) => record.episodes))
        if (episode.status === 'buggy') expect(episode.error).toMatch(/Error|limit|circle line/);
      expect(readdirSync(join(recording, 'exchanges'))).toHaveLength(2);
      expect(readFileSync(join(recording, 'outcomes.jsonl'), 'utf8').trim().split('\n').length).toBeGreaterThan(4);

      // Replayed elsewhere: no model (no server is started) and no program runs (an interpreter that cannot exist).
      const replayed = await spawnCli([
        ...common,
        '--out',
        join(directory, 'replayed'),
        '--memo',
        join(directory, 'other-memo'),
        '--replay',
        recording,
        '--python',
        '/nonexistent/python3',
      ]);
      expect(replayed.code, replayed.stderr).toBe(0);
      expect(replayed.stderr).toMatch(/evaluations: 0 new, \d+ from the memo/);
      expect(recordsOf(join(directory, 'replayed')).map(withoutTimes)).toEqual(records.map(withoutTimes));
    },
    600_000,
  );

  it('refuses --record or --replay without --agent code, and --llm-base-url without a model, naming the option', async () => {
    const record = await spawnCli(['bench', '--tasks', 'boston', '--record', join(directory, 'x'), '--out', join(directory, 'x-out')]);
    expect(record.code).toBe(2);
    expect(record.stderr).toMatch(/--record.*recordings are made and replayed by --agent code/);
    const noModel = await spawnCli([
      'bench',
      '--agent',
      'code',
      '--tasks',
      'boston',
      '--llm-base-url',
      'http://127.0.0.1:9/v1',
      '--out',
      join(directory, 'y-out'),
    ]);
    expect(noModel.code).toBe(2);
    expect(noModel.stderr).toMatch(/--llm-model/);
  }, 120_000);
});
