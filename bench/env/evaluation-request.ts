import type { BenchTask } from '../tasks/bench-task.js';
import type { EvaluationResult } from './evaluation-result.js';
import type { PipelineConfig } from './pipeline-config.js';

/** What an evaluation worker is asked to do: cross-validate a parsed pipeline on a task (folds and seed in `task.cv`). */
export interface EvaluationRequest {
  readonly task: BenchTask;
  readonly config: PipelineConfig;
  /** Most estimated seconds the cross-validation may take (see `evaluatePipeline`); null for no budget. */
  readonly workBudgetSeconds: number | null;
}

/** Messages from the pool to a worker. */
export interface EvaluateMessage {
  readonly type: 'evaluate';
  readonly id: number;
  readonly request: EvaluationRequest;
}

/** Messages from a worker to the pool. */
export type WorkerMessage =
  | { readonly type: 'ready' }
  | {
      readonly type: 'result';
      readonly id: number;
      readonly result: EvaluationResult;
      /** True when the worker may be in a bad state (a WASM library threw) and should be replaced. */
      readonly recycle: boolean;
    };
