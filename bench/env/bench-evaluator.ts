import { z } from 'zod';
import { parseOptions } from 'boden';
import type { BenchTask } from '../tasks/bench-task.js';
import { parsePipelineConfig } from './canonical-config.js';
import { EvaluationMemo, evaluationMemoKey } from './evaluation-memo.js';
import { RedisEvaluationMemo } from './redis-evaluation-memo.js';
import { EvaluationPool } from './evaluation-pool.js';
import type { EvaluationResult } from './evaluation-result.js';
import type { PipelineConfig } from './pipeline-config.js';
import { stableJson } from './stable-json.js';

/** The default work budget of an evaluation, in estimated seconds on the reference machine. */
export const defaultWorkBudgetSeconds = 20;

/** Options of `createBenchEvaluator`. */
export const BenchEvaluatorOptionsSchema = z.strictObject({
  /** The pool that runs evaluations (injected, so a runner can share one pool between evaluators). */
  pool: z.instanceof(EvaluationPool),
  /** Directory of the on-disk memo, or a `redis://` URL of a memo in Redis; null evaluates every request. */
  memoDirectory: z.string().min(1).nullable().default(null),
  /**
   * Most estimated seconds of cross-validation (on the reference machine, see `estimateFoldSeconds`) a pipeline
   * may take; a pipeline over it is a buggy node (`cause: 'budget'`). Part of the memo key. Null for no budget.
   */
  workBudgetSeconds: z.number().positive().nullable().default(defaultWorkBudgetSeconds),
});

/** Options of `createBenchEvaluator`, defaults omitted. */
export type BenchEvaluatorOptions = z.input<typeof BenchEvaluatorOptionsSchema>;

/** An evaluated pipeline: the parsed configuration, its keys and its result. */
export interface PipelineEvaluation {
  /** Canonical key of the configuration (key-sorted JSON of the parsed config). */
  readonly configKey: string;
  /** Memo key (sha256 of task, cv and configuration). */
  readonly memoKey: string;
  readonly config: PipelineConfig;
  readonly result: EvaluationResult;
  /** How the result was obtained: a fresh evaluation, the disk memo, or an identical request already running. */
  readonly source: 'evaluated' | 'memo' | 'in-flight';
}

/** Counts of how requests were served. */
export interface BenchEvaluatorCounts {
  requests: number;
  evaluated: number;
  memoHits: number;
  inFlightHits: number;
}

interface Served {
  readonly result: EvaluationResult;
  readonly source: 'evaluated' | 'memo';
}

/** Evaluates pipelines on tasks, memoised: see `createBenchEvaluator`. */
export interface BenchEvaluator {
  /** Parses `config` (throws `InvalidOptionsError` on a bad one) and returns its cross-validated result. */
  evaluate(task: BenchTask, config: unknown): Promise<PipelineEvaluation>;
  readonly counts: Readonly<BenchEvaluatorCounts>;
  /** Closes the memo's connection, if it has one (a Redis memo). */
  close(): Promise<void>;
}

/**
 * An evaluator over a pool and an optional disk memo: the memo is read before evaluating, and identical requests
 * that overlap in time share one evaluation, so repeated cells of a benchmark cost nothing. Successes,
 * deterministic pipeline errors and work-budget refusals are memoised; hang-guard timeouts and crashes are not
 * (they depend on the machine's load).
 */
export function createBenchEvaluator(options: BenchEvaluatorOptions): BenchEvaluator {
  const { pool, memoDirectory, workBudgetSeconds } = parseOptions(BenchEvaluatorOptionsSchema, options, 'createBenchEvaluator');
  const memo =
    memoDirectory === null
      ? undefined
      : /^rediss?:\/\//.test(memoDirectory)
        ? new RedisEvaluationMemo(memoDirectory)
        : new EvaluationMemo(memoDirectory);
  const counts: BenchEvaluatorCounts = { requests: 0, evaluated: 0, memoHits: 0, inFlightHits: 0 };
  const inFlight = new Map<string, Promise<Served>>();

  async function run(task: BenchTask, config: PipelineConfig, memoKey: string): Promise<Served> {
    const stored = await memo?.get(memoKey);
    if (stored) {
      counts.memoHits++;
      return { result: stored, source: 'memo' };
    }
    counts.evaluated++;
    const result = await pool.evaluate(task, config, { workBudgetSeconds });
    if (memo && (result.status === 'ok' || result.cause === 'error' || result.cause === 'budget'))
      await memo.set(task, config, result, workBudgetSeconds);
    return { result, source: 'evaluated' };
  }

  return {
    counts,
    async close() {
      if (memo instanceof RedisEvaluationMemo) await memo.close();
    },
    async evaluate(task, input) {
      counts.requests++;
      const config = parsePipelineConfig(input);
      const configKey = stableJson(config);
      const memoKey = evaluationMemoKey(task, config, workBudgetSeconds);
      const running = inFlight.get(memoKey);
      if (running) {
        counts.inFlightHits++;
        return { configKey, memoKey, config, result: (await running).result, source: 'in-flight' };
      }
      const promise = run(task, config, memoKey);
      inFlight.set(memoKey, promise);
      try {
        return { configKey, memoKey, config, ...(await promise) };
      } finally {
        inFlight.delete(memoKey);
      }
    },
  };
}
