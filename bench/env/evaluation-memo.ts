import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from 'boden';
import type { BenchTask } from '../tasks/bench-task.js';
import type { EvaluationResult } from './evaluation-result.js';
import type { PipelineConfig } from './pipeline-config.js';
import { stableJson } from './stable-json.js';

/**
 * Version of the evaluation code, part of every memo key: bump it when a change alters scores (a model's
 * algorithm, the folds, a metric), so stale entries are never read.
 */
export const evaluationVersion = 2;

/** One memo file: what was evaluated and its result. */
export interface MemoEntry {
  readonly version: number;
  readonly key: string;
  readonly task: string;
  readonly cv: BenchTask['cv'];
  readonly config: PipelineConfig;
  /** The work budget the result was obtained under (null for none). */
  readonly workBudgetSeconds: number | null;
  readonly result: EvaluationResult;
}

/**
 * The memo key of an evaluation: sha256 over the evaluation version, the task (name, dataset, metric, folds, cv
 * seed and scheme, the periodic columns of feature engineering), the canonical (parsed, key-sorted) configuration
 * and the work budget (it decides which pipelines count as too slow).
 */
export function evaluationMemoKey(task: BenchTask, config: PipelineConfig, workBudgetSeconds: number | null): string {
  // The periodic columns change what the cyclical encoding computes; tasks without feature engineering keep their keys.
  const engineering = task.featureEngineering === undefined ? {} : { featureEngineering: task.featureEngineering };
  const identity = {
    version: evaluationVersion,
    task: task.task,
    dataset: task.dataset,
    metric: task.metric,
    cv: task.cv,
    ...engineering,
    config,
    workBudgetSeconds,
  };
  return createHash('sha256').update(stableJson(identity)).digest('hex');
}

/**
 * Evaluation results on disk, one JSON file per key in `directory`, written atomically so concurrent bench
 * processes sharing the directory never read a torn file. Only deterministic results are worth keeping: the
 * caller stores successes, pipeline errors and work-budget refusals, not hang-guard timeouts or crashes (they depend on the machine's load).
 */
export class EvaluationMemo {
  private created: Promise<unknown> | undefined;

  constructor(readonly directory: string) {}

  /** The stored result for `key`, or undefined (also for an unreadable or foreign file). */
  async get(key: string): Promise<EvaluationResult | undefined> {
    try {
      const entry = JSON.parse(await readFile(this.path(key), 'utf8')) as Partial<MemoEntry>;
      return entry.version === evaluationVersion && entry.key === key ? entry.result : undefined;
    } catch {
      return undefined;
    }
  }

  /** Stores the result of evaluating `config` on `task` within `workBudgetSeconds` under its key. */
  async set(task: BenchTask, config: PipelineConfig, result: EvaluationResult, workBudgetSeconds: number | null): Promise<string> {
    const key = evaluationMemoKey(task, config, workBudgetSeconds);
    this.created ??= mkdir(this.directory, { recursive: true });
    await this.created;
    const entry: MemoEntry = { version: evaluationVersion, key, task: task.task, cv: task.cv, config, workBudgetSeconds, result };
    await writeFileAtomic(this.path(key), `${JSON.stringify(entry)}\n`);
    return key;
  }

  private path(key: string): string {
    return join(this.directory, `${key}.json`);
  }
}
