import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { createBenchEvaluator } from '../../../bench/env/bench-evaluator.js';
import { createEvaluationPool } from '../../../bench/env/evaluation-pool.js';
import { runBenchRun, type BenchRunRecord } from '../../../bench/runner/index.js';
import { loadBenchTaskCard } from '../../../bench/cards/bench-task-card.js';

const pool = createEvaluationPool({ size: 1 });
afterAll(() => pool.close());

/** Two busy-looping processes, one per core of this machine, until stopped. */
function cpuHeavyJob(): { stop: () => void } {
  const children: ChildProcess[] = [0, 1].map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  return { stop: () => children.forEach((child) => child.kill('SIGKILL')) };
}

/** A record without its wall-clock fields, which are the only ones allowed to depend on the machine's load. */
const outcome = ({ wallMilliseconds, evaluationMilliseconds, measurementMilliseconds, ...rest }: BenchRunRecord) => rest;

describe('a bench run is reproducible on any load', () => {
  it('gives the same record alone and beside a CPU-heavy job, work-budget refusals included', async () => {
    const task = await loadBenchTaskCard('boston');
    // A tight budget, so some pipelines are refused as too costly: the outcome a wall-clock timeout used to decide.
    const run = () =>
      runBenchRun({
        task,
        policy: 'aide',
        arm: { strength: 0.5, schedule: 'adaptive' },
        // A seed whose run meets the budget (2 refusals in 8 episodes under the default agent).
        seed: 1,
        episodes: 8,
        evaluator: createBenchEvaluator({ pool, memoDirectory: null, workBudgetSeconds: 0.5 }),
      });
    const alone = await run();
    const job = cpuHeavyJob();
    let loaded: BenchRunRecord;
    try {
      loaded = await run();
    } finally {
      job.stop();
    }
    expect(outcome(loaded)).toEqual(outcome(alone));
    const refused = alone.episodes.filter((episode) => episode.error?.startsWith('over the work budget'));
    expect(refused.length).toBeGreaterThan(0);
    expect(alone.episodes.some((episode) => episode.status === 'ok')).toBe(true);
  }, 240_000);
});
