import { BodenError } from 'boden';

const marker = 'boden.error.evaluation-hang';
const symbol = Symbol.for(marker);

/**
 * An evaluation hit the pool's wall-clock hang guard. A run does not record it as a buggy node, because whether
 * it happens depends on the machine's load: the run fails instead, naming the pipeline, and a resumed sweep runs
 * it again (raise `--hang-timeout` on a very slow machine, or lower `--work-budget`).
 */
export class EvaluationHangError extends BodenError {
  private readonly [symbol] = true;
  /** The canonical key of the pipeline that hung. */
  readonly configKey: string;

  constructor({ configKey, detail }: { configKey: string; detail: string }) {
    super({ name: 'BodenEvaluationHangError', message: `an evaluation hit the wall-clock hang guard (${detail}): ${configKey}` });
    this.configKey = configKey;
  }

  /** True when `error` is an `EvaluationHangError`. */
  static override isInstance(error: unknown): error is EvaluationHangError {
    return BodenError.hasMarker(error, marker);
  }
}
