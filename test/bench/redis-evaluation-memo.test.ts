import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { createBenchEvaluator } from '../../bench/env/bench-evaluator.js';
import { createEvaluationPool } from '../../bench/env/evaluation-pool.js';
import { benchTasks } from '../../bench/tasks/task-definitions.js';

// .ci/run starts a Redis on this port; BODEN_TEST_REDIS names another. Database 3: the memo test's own.
const redisUrl = `${process.env.BODEN_TEST_REDIS ?? 'redis://127.0.0.1:6399'}/3`;
const redisUp = spawnSync('redis-cli', ['-u', redisUrl, 'ping'], { encoding: 'utf8' }).stdout?.trim() === 'PONG';
if (!redisUp)
  console.warn(
    `skipping the Redis evaluation memo test: no Redis answers at ${redisUrl} (.ci/run starts one; BODEN_TEST_REDIS names another)`,
  );

const boston = benchTasks.find((candidate) => candidate.task === 'boston')!;
// One worker: test files run in parallel on two cores.
const pool = createEvaluationPool({ size: 1, timeoutMs: 60_000 });
afterAll(() => pool.close());

describe('the evaluation memo in Redis (--memo redis://...)', () => {
  it.skipIf(!redisUp)(
    'serves a later evaluator (another machine) the same result without evaluating again',
    async () => {
      spawnSync('redis-cli', ['-u', redisUrl, 'flushdb']);
      const config = { preprocessing: { scaling: 'standard' }, model: { family: 'knn', neighbors: 9 } };
      const first = createBenchEvaluator({ pool, memoDirectory: redisUrl });
      const evaluated = await first.evaluate(boston, config);
      expect(evaluated.source).toBe('evaluated');
      await first.close();
      const later = createBenchEvaluator({ pool, memoDirectory: redisUrl });
      const served = await later.evaluate(boston, config);
      expect(served).toMatchObject({ source: 'memo', result: evaluated.result });
      expect(later.counts).toMatchObject({ evaluated: 0, memoHits: 1 });
      await later.close();
      expect(spawnSync('redis-cli', ['-u', redisUrl, 'keys', 'boden-memo:*'], { encoding: 'utf8' }).stdout.trim().split('\n')).toHaveLength(
        1,
      );
    },
    120_000,
  );

  it('evaluates as if there were no memo when its Redis does not answer, and lets the process end', async () => {
    const config = { preprocessing: { scaling: 'standard' }, model: { family: 'knn', neighbors: 11 } };
    // Port 9 (discard) on loopback: nothing listens there.
    const evaluator = createBenchEvaluator({ pool, memoDirectory: 'redis://127.0.0.1:9' });
    const result = await evaluator.evaluate(boston, config);
    expect(result.source).toBe('evaluated');
    expect(result.result.status).toBe('ok');
    await evaluator.close();
  }, 120_000);
});
