import { afterAll, describe, expect, it } from 'vitest';
import { createBenchEvaluator } from '../../../bench/env/bench-evaluator.js';
import { createEvaluationPool } from '../../../bench/env/evaluation-pool.js';
import { BenchRunRecordSchema, runBenchRun, type BenchRunRecord } from '../../../bench/runner/index.js';
import { loadBenchTaskCard } from '../../../bench/tasks/bench-task-card.js';
import { useTemporaryDirectory } from '../../support/temporary-directory.js';

// One worker: test files run in parallel on two cores.
const pool = createEvaluationPool({ size: 1, timeoutMs: 20_000 });
const evaluator = createBenchEvaluator({ pool, memoDirectory: useTemporaryDirectory('boden-bench-run-') });
afterAll(() => pool.close());

const expectMonotone = (record: BenchRunRecord) => {
  let previous = Number.NEGATIVE_INFINITY;
  for (const value of record.bestImpactCurve) {
    if (value === null) {
      expect(previous).toBe(Number.NEGATIVE_INFINITY);
      continue;
    }
    expect(value).toBeGreaterThanOrEqual(previous);
    previous = value;
  }
};

describe('runBenchRun', () => {
  it('records a tiny unshaped run on boston that validates', async () => {
    const task = await loadBenchTaskCard('boston');
    let now = 0;
    const record = await runBenchRun({ task, policy: 'aide', arm: { strength: 0, schedule: 'none' }, seed: 3, episodes: 6, evaluator, clock: () => (now += 10) });
    expect(BenchRunRecordSchema.parse(JSON.parse(JSON.stringify(record)))).toEqual(record);
    expect(record.shaped).toBe(false);
    expect(record.episodes).toHaveLength(6);
    expect(record.bestImpactCurve).toHaveLength(6);
    expect(record.wallMilliseconds).toBe(10);
    expectMonotone(record);
    const valid = record.episodes.filter((episode) => episode.status === 'ok');
    expect(valid.length).toBeGreaterThan(0);
    expect(record.bestImpact).toBe(Math.max(...valid.map((episode) => episode.impact!)));
    for (const episode of record.episodes) expect(Object.keys(episode.novelty)).toContain('nearest-neighbour');
  }, 120_000);

  it('selects the same pipelines wrapped at strength 0 without a schedule as unshaped', async () => {
    const task = await loadBenchTaskCard('boston');
    const arm = { strength: 0, schedule: 'none' } as const;
    const unshaped = await runBenchRun({ task, policy: 'aide', arm, seed: 4, episodes: 7, evaluator });
    const wrapped = await runBenchRun({ task, policy: 'aide', arm, seed: 4, episodes: 7, evaluator, alwaysWrap: true });
    expect(wrapped.shaped).toBe(true);
    expect(wrapped.episodes.map((episode) => episode.configKey)).toEqual(unshaped.episodes.map((episode) => episode.configKey));
    expect(wrapped.episodes.map((episode) => episode.parentId)).toEqual(unshaped.episodes.map((episode) => episode.parentId));
    expect(wrapped.bestImpactCurve).toEqual(unshaped.bestImpactCurve);
  }, 180_000);

  it('runs a shaped arm with the adaptive schedule', async () => {
    const task = await loadBenchTaskCard('boston');
    const record = await runBenchRun({ task, policy: 'aide', arm: { strength: 0.5, schedule: 'adaptive' }, seed: 5, episodes: 8, evaluator });
    expect(BenchRunRecordSchema.safeParse(record).success).toBe(true);
    expect(record.shaped).toBe(true);
    expect(record.episodes).toHaveLength(8);
    expectMonotone(record);
  }, 180_000);
});
