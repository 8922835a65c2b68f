import { BodenError } from 'boden';

const marker = 'boden.error.work-budget';
const symbol = Symbol.for(marker);

/**
 * A pipeline whose estimated fitting work (`estimateFoldSeconds` × folds) is over the evaluation's work budget:
 * a buggy node, like a real agent's script that ran out of time, but decided by the estimate, never by the clock.
 */
export class WorkBudgetError extends BodenError {
  private readonly [symbol] = true;
  /** Estimated seconds of the whole cross-validation on the reference machine. */
  readonly estimatedSeconds: number;
  /** The budget it exceeded, in the same seconds. */
  readonly budgetSeconds: number;

  constructor({ estimatedSeconds, budgetSeconds }: { estimatedSeconds: number; budgetSeconds: number }) {
    super({
      name: 'BodenWorkBudgetError',
      message: `over the work budget: the cross-validation would take about ${estimatedSeconds.toFixed(1)} s on the reference machine (budget ${budgetSeconds} s)`,
    });
    this.estimatedSeconds = estimatedSeconds;
    this.budgetSeconds = budgetSeconds;
  }

  /** True when `error` is a `WorkBudgetError`. */
  static override isInstance(error: unknown): error is WorkBudgetError {
    return BodenError.hasMarker(error, marker);
  }
}
