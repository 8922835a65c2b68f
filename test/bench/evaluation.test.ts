import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createBenchEvaluator } from '../../bench/env/bench-evaluator.js';
import { parsePipelineConfig } from '../../bench/env/canonical-config.js';
import { createEvaluationPool } from '../../bench/env/evaluation-pool.js';
import type { BenchTask } from '../../bench/tasks/bench-task.js';
import { benchTasks } from '../../bench/tasks/task-definitions.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

const task = (name: string) => benchTasks.find((candidate) => candidate.task === name)!;
const boston = task('boston');
const renamed = (name: string): BenchTask => ({ ...boston, task: name });
const faultyWorker = new URL('./fixtures/faulty-evaluation-worker.ts', import.meta.url);

// One worker per pool: test files run in parallel on two cores.
const pool = createEvaluationPool({ size: 1, timeoutMs: 20_000 });
// The fixture's hang never ends, so its timeout fires whatever the load; 5 s leaves a real pipeline run in the same
// pool (a linear fit of a few milliseconds) a margin of three orders of magnitude on a busy machine.
const faultyPool = createEvaluationPool({ size: 1, timeoutMs: 5_000, workerUrl: faultyWorker });
afterAll(() => Promise.all([pool.close(), faultyPool.close()]));

describe('evaluation pool', () => {
  it('cross-validates real pipelines, WASM families included, deterministically', async () => {
    const boosting = parsePipelineConfig({ model: { family: 'boosting', estimators: 30, learningRate: 0.2, maxDepth: 3, subsample: 0.8 } });
    const [first, again, svm] = await Promise.all([
      pool.evaluate(boston, boosting),
      pool.evaluate(boston, boosting),
      pool.evaluate(task('penguins'), parsePipelineConfig({ preprocessing: { scaling: 'standard' }, model: { family: 'svm' } })),
    ]);
    expect(first.status).toBe('ok');
    if (first.status !== 'ok' || again.status !== 'ok' || svm.status !== 'ok') throw new Error('expected scores');
    expect(first.foldScores).toHaveLength(5);
    expect(first.score).toBeLessThan(4.5); // RMSE; the mean predictor scores about 9.2
    expect(again.score).toBe(first.score); // seeded subsampling
    expect(svm.score).toBeGreaterThan(0.95);
  });

  it('turns a pipeline error into a buggy result and keeps going', async () => {
    const nan = await pool.evaluate(
      task('penguins'),
      parsePipelineConfig({ preprocessing: { imputation: 'none' }, model: { family: 'knn' } }),
    );
    expect(nan).toMatchObject({ status: 'buggy', cause: 'error' });
    expect(nan.status === 'buggy' && nan.error).toMatch(/Input X contains NaN/);
    const wrongKind = await pool.evaluate(boston, parsePipelineConfig({ model: { family: 'naive-bayes' } }));
    expect(wrongKind.status === 'buggy' && wrongKind.error).toMatch(/GaussianNB is a classifier/);
  });

  it("reports a WASM library crash (XGBoost on NaN) as buggy, with the library's log, and replaces the worker", async () => {
    const started = pool.stats.workersStarted;
    const result = await pool.evaluate(
      task('penguins'),
      parsePipelineConfig({ preprocessing: { imputation: 'none' }, model: { family: 'boosting', estimators: 5 } }),
    );
    expect(result).toMatchObject({ status: 'buggy', cause: 'error' });
    expect(result.status === 'buggy' && result.error).toMatch(/NAN in the matrix/);
    const next = await pool.evaluate(boston, parsePipelineConfig({ model: { family: 'linear' } }));
    expect(next.status).toBe('ok');
    expect(pool.stats.workersStarted).toBe(started + 1);
  });

  it('times out a slow evaluation as a buggy node, then evaluates the next one', async () => {
    const hang = await faultyPool.evaluate(renamed('test-hang'), parsePipelineConfig({ model: { family: 'linear' } }));
    expect(hang).toMatchObject({ status: 'buggy', error: 'timeout after 5000 ms', cause: 'timeout' });
    const after = await faultyPool.evaluate(boston, parsePipelineConfig({ model: { family: 'linear' } }));
    expect(after.status).toBe('ok');
    expect(faultyPool.stats.timeouts).toBe(1);
  });

  it('refuses a pipeline over the work budget as a buggy node, by its estimate, without replacing the worker', async () => {
    const forest = parsePipelineConfig({ model: { family: 'random-forest', estimators: 300, maxDepth: 12 } });
    const free = await pool.evaluate(boston, forest);
    expect(free.status).toBe('ok');
    if (free.status !== 'ok') throw new Error('expected a score');
    expect(free.estimatedSeconds).toBeGreaterThan(0);
    const started = pool.stats.workersStarted;
    const refused = await pool.evaluate(boston, forest, { workBudgetSeconds: free.estimatedSeconds / 2 });
    expect(refused).toMatchObject({ status: 'buggy', cause: 'budget' });
    expect(refused.status === 'buggy' && refused.error).toMatch(
      /^over the work budget: the cross-validation would take about [\d.]+ s on the reference machine \(budget [\d.]+ s\)$/,
    );
    // The whole cross-validation's estimate, from the first fold: within a few per cent of the sum over folds.
    expect(refused.status === 'buggy' && refused.estimatedSeconds).toBeCloseTo(free.estimatedSeconds, 1);
    const within = await pool.evaluate(boston, forest, { workBudgetSeconds: free.estimatedSeconds * 2 });
    expect(within).toMatchObject({ status: 'ok', score: free.score });
    expect(pool.stats.workersStarted).toBe(started);
  });

  it('isolates a worker that exits or throws an uncaught exception mid-evaluation', async () => {
    const config = parsePipelineConfig({ model: { family: 'linear' } });
    const exited = await faultyPool.evaluate(renamed('test-exit'), config);
    expect(exited).toMatchObject({ status: 'buggy', cause: 'crash' });
    expect(exited.status === 'buggy' && exited.error).toMatch(/worker crashed: exit code 3/);
    const uncaught = await faultyPool.evaluate(renamed('test-uncaught'), config);
    expect(uncaught.status === 'buggy' && uncaught.error).toMatch(/worker crashed: Error: boom from a callback/);
    expect((await faultyPool.evaluate(boston, config)).status).toBe('ok');
  });
});

describe('bench evaluator memo', () => {
  const directory = useTemporaryDirectory('boden-bench-memo-');

  it('returns identical scores from disk without evaluating again', async () => {
    const config = { preprocessing: { scaling: 'standard' }, model: { family: 'knn', neighbors: 7 } };
    const evaluator = createBenchEvaluator({ pool, memoDirectory: directory });
    const first = await evaluator.evaluate(boston, config);
    const reordered = await evaluator.evaluate(boston, { model: { neighbors: 7, family: 'knn' }, preprocessing: { scaling: 'standard' } });
    expect(first.source).toBe('evaluated');
    expect(reordered.source).toBe('memo');
    expect(reordered.result).toEqual(first.result);
    expect(evaluator.counts).toMatchObject({ requests: 2, evaluated: 1, memoHits: 1 });

    const fresh = createBenchEvaluator({ pool, memoDirectory: directory }); // a later process, same directory
    const replay = await fresh.evaluate(boston, config);
    expect(replay).toMatchObject({ source: 'memo', result: first.result });
    expect(fresh.counts.evaluated).toBe(0);
    expect(readdirSync(directory).filter((file) => file.endsWith('.json'))).toHaveLength(1);

    const otherSeed = await fresh.evaluate({ ...boston, cv: { ...boston.cv, seed: 1 } }, config);
    expect(otherSeed.source).toBe('evaluated'); // the cv seed is part of the key
  });

  it('memoises a work-budget refusal under a key that includes the budget', async () => {
    const config = { model: { family: 'svm', C: 10 }, preprocessing: { scaling: 'standard' } };
    const tight = createBenchEvaluator({ pool, memoDirectory: directory, workBudgetSeconds: 0.001 });
    const refused = await tight.evaluate(boston, config);
    expect(refused).toMatchObject({ source: 'evaluated', result: { status: 'buggy', cause: 'budget' } });
    const again = await createBenchEvaluator({ pool, memoDirectory: directory, workBudgetSeconds: 0.001 }).evaluate(boston, config);
    expect(again).toMatchObject({ source: 'memo', result: refused.result });
    const roomy = await createBenchEvaluator({ pool, memoDirectory: directory, workBudgetSeconds: 1000 }).evaluate(boston, config);
    expect(roomy).toMatchObject({ source: 'evaluated', result: { status: 'ok' } });
    expect(roomy.memoKey).not.toBe(refused.memoKey);
  });

  it('shares one evaluation between identical requests in flight', async () => {
    const evaluator = createBenchEvaluator({ pool, memoDirectory: null });
    const config = { model: { family: 'cart', maxDepth: 4 } };
    const [a, b] = await Promise.all([
      evaluator.evaluate(boston, config),
      evaluator.evaluate(boston, { model: { maxDepth: 4, family: 'cart' } }),
    ]);
    expect([a.source, b.source].sort()).toEqual(['evaluated', 'in-flight']);
    expect(b.result).toEqual(a.result);
    expect(evaluator.counts.evaluated).toBe(1);
  });
});
