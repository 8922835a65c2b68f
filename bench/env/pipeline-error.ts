import { BodenError } from 'boden';

const marker = 'boden.error.pipeline';
const symbol = Symbol.for(marker);

/**
 * A pipeline that fails for a reason of its own (NaN input to a model that rejects it, a family that does not fit
 * the task): the evaluation is a buggy node, and the worker that ran it is still healthy.
 */
export class PipelineError extends BodenError {
  private readonly [symbol] = true;
  /** Which step failed, e.g. `SVC.fit` or `PCA`. */
  readonly step: string;

  constructor({ step, message }: { step: string; message: string }) {
    super({ name: 'BodenPipelineError', message: `${step}: ${message}` });
    this.step = step;
  }

  /** True when `error` is a `PipelineError`. */
  static override isInstance(error: unknown): error is PipelineError {
    return BodenError.hasMarker(error, marker);
  }
}
