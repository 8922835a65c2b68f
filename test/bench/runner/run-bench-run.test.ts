import { afterAll, describe, expect, it } from 'vitest';
import { createBenchEvaluator } from '../../../bench/env/bench-evaluator.js';
import { EvaluationHangError } from '../../../bench/env/evaluation-hang-error.js';
import { createEvaluationPool } from '../../../bench/env/evaluation-pool.js';
import { BenchRunRecordSchema, runBenchRun, type BenchRunRecord } from '../../../bench/runner/index.js';
import { loadBenchTaskCard } from '../../../bench/cards/bench-task-card.js';
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
    const record = await runBenchRun({
      task,
      policy: 'aide',
      arm: { strength: 0, schedule: 'none' },
      seed: 3,
      episodes: 6,
      evaluator,
      clock: () => (now += 10),
    });
    expect(BenchRunRecordSchema.parse(JSON.parse(JSON.stringify(record)))).toEqual(record);
    expect(record.shaped).toBe(false);
    expect(record.episodes).toHaveLength(6);
    expect(record.bestImpactCurve).toHaveLength(6);
    // Every reading of the injected clock advances it by 10 ms: the times are sums of those steps.
    for (const time of [record.wallMilliseconds, record.evaluationMilliseconds, record.measurementMilliseconds]) expect(time % 10).toBe(0);
    expect(record.evaluationMilliseconds).toBe(10 * record.evaluations);
    expect(record.measurementMilliseconds).toBe(10 * 2 * record.episodes.length);
    expect(record.wallMilliseconds).toBeGreaterThan(record.evaluationMilliseconds + record.measurementMilliseconds);
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
    expect(wrapped.episodes.map((episode) => episode.parentIds)).toEqual(unshaped.episodes.map((episode) => episode.parentIds));
    expect(wrapped.bestImpactCurve).toEqual(unshaped.bestImpactCurve);
  }, 180_000);

  it('runs a shaped arm with the adaptive schedule', async () => {
    const task = await loadBenchTaskCard('boston');
    const record = await runBenchRun({
      task,
      policy: 'aide',
      arm: { strength: 0.5, schedule: 'adaptive' },
      seed: 5,
      episodes: 8,
      evaluator,
    });
    expect(BenchRunRecordSchema.safeParse(record).success).toBe(true);
    expect(record.shaped).toBe(true);
    expect(record.episodes).toHaveLength(8);
    expectMonotone(record);
  }, 180_000);

  it.each(['mcts', 'evolutionary'] as const)(
    'runs %s shaped and unshaped, with parents, verdicts and exactly the budget of episodes',
    async (policy) => {
      const task = await loadBenchTaskCard('boston');
      for (const arm of [
        { strength: 0, schedule: 'none' },
        { strength: 0.3, schedule: 'adaptive' },
      ] as const) {
        const record = await runBenchRun({ task, policy, arm, seed: 2, episodes: 7, evaluator });
        expect(BenchRunRecordSchema.safeParse(record).success).toBe(true);
        expect(record.policy).toBe(policy);
        expect(record.episodes).toHaveLength(7);
        expectMonotone(record);
        const seen = new Set<string>();
        for (const episode of record.episodes) {
          // Parents are earlier episodes; drafts have none, crossovers two.
          for (const parent of episode.parentIds) expect(seen.has(parent)).toBe(true);
          expect(episode.parentIds).toHaveLength(episode.operator === 'draft' ? 0 : episode.operator === 'crossover' ? 2 : 1);
          expect(episode.verdict === null).toBe(episode.status === 'buggy');
          seen.add(episode.nodeId);
        }
        // Every valid episode was evaluated; synthetic bugs crash before the evaluator is called.
        expect(record.evaluations).toBeGreaterThanOrEqual(record.episodes.filter((episode) => episode.status === 'ok').length);
        expect(record.evaluations).toBeLessThanOrEqual(record.episodes.length);
      }
    },
    240_000,
  );

  it('runs the gate and the Pareto choice as arms: the gate never evaluates a re-proposal, Pareto changes parents', async () => {
    const task = await loadBenchTaskCard('boston');
    // Seed 1: a run whose unshaped version evaluates a re-proposal of an earlier pipeline, and in which Pareto changes a parent.
    const unshaped = await runBenchRun({ task, policy: 'aide', arm: { strength: 0, schedule: 'none' }, seed: 1, episodes: 12, evaluator });
    const gated = await runBenchRun({
      task,
      policy: 'aide',
      arm: { strength: 0, schedule: 'none', gate: true },
      seed: 1,
      episodes: 12,
      evaluator,
    });
    expect(gated.shaped).toBe(true);
    expect(gated.arm).toEqual({ strength: 0, schedule: 'none', gate: true });
    expect(BenchRunRecordSchema.safeParse(gated).success).toBe(true);
    // No evaluated draft or improvement of the gated run repeats an earlier program (debug fixes are exempt: they are
    // meant to resemble their parent), so none repeats an earlier pipeline; the unshaped run does evaluate one.
    const checked = gated.episodes.filter((episode) => episode.operator !== 'debug');
    for (const episode of checked) expect(episode.novelty['unique-code'], episode.nodeId).toBe(1);
    const keys = checked.filter((episode) => episode.status === 'ok').map((episode) => episode.configKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(
      unshaped.episodes.filter((episode) => episode.operator !== 'debug').some((episode) => episode.novelty['unique-code'] === 0),
    ).toBe(true);
    // A refinement of one setting is let through, though the embedding, blind to numbers, puts it next to its parent (#35).
    expect(checked.some((episode) => episode.novelty['nearest-neighbour']! < 0.01)).toBe(true);
    const pareto = await runBenchRun({
      task,
      policy: 'aide',
      arm: { strength: 0, schedule: 'none', pareto: true },
      seed: 1,
      episodes: 12,
      evaluator,
    });
    expect(pareto.arm).toEqual({ strength: 0, schedule: 'none', pareto: true });
    expect(pareto.episodes.map((episode) => episode.parentIds)).not.toEqual(unshaped.episodes.map((episode) => episode.parentIds));
  }, 240_000);

  it('fails the run, naming the pipeline, when an evaluation hits the hang guard, instead of recording a load-dependent node', async () => {
    // The faulty worker loops forever on the task named test-hang, so the guard always fires, whatever the load.
    const hanging = createEvaluationPool({
      size: 1,
      timeoutMs: 1_000,
      workerUrl: new URL('../fixtures/faulty-evaluation-worker.ts', import.meta.url),
    });
    try {
      const task = { ...(await loadBenchTaskCard('boston')), task: 'test-hang' };
      const run = runBenchRun({
        task,
        policy: 'aide',
        arm: { strength: 0, schedule: 'none' },
        seed: 1,
        episodes: 3,
        evaluator: createBenchEvaluator({ pool: hanging }),
      });
      const error = await run.then(
        () => null,
        (reason: unknown) => reason,
      );
      expect(EvaluationHangError.isInstance(error)).toBe(true);
      expect((error as EvaluationHangError).message).toMatch(
        /^an evaluation hit the wall-clock hang guard \(timeout after 1000 ms\): \{"model":/,
      );
    } finally {
      await hanging.close();
    }
  }, 120_000);
});
