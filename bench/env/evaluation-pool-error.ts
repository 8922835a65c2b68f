import { BodenError } from 'boden';

const marker = 'boden.error.evaluation-pool';
const symbol = Symbol.for(marker);

/**
 * The evaluation pool itself failed (its workers cannot start, or it was closed), as opposed to a pipeline that
 * failed, which is a buggy result.
 */
export class EvaluationPoolError extends BodenError {
  private readonly [symbol] = true;

  constructor({ message, cause }: { message: string; cause?: unknown }) {
    super({ name: 'BodenEvaluationPoolError', message, cause });
  }

  /** True when `error` is an `EvaluationPoolError`. */
  static override isInstance(error: unknown): error is EvaluationPoolError {
    return BodenError.hasMarker(error, marker);
  }
}
