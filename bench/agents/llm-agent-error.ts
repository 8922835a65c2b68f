import { BodenError } from 'boden';

const marker = 'boden.error.llm-agent';
const symbol = Symbol.for(marker);

/** The operator of an `LlmAgent` that failed. */
export type LlmAgentOperator = 'draft' | 'improve' | 'debug' | 'crossover';

/**
 * Why an operator made no proposal: the model's answers stayed `invalid-answer` (not JSON, or a pipeline the
 * schema or the task rejects) through every re-ask, or the `provider` call failed after its retries (or at once
 * when retrying cannot help).
 */
export type LlmAgentProblem = 'invalid-answer' | 'provider';

/** An `LlmAgent` operator gave up; a runner may catch it (`LlmAgentError.isInstance`) and skip the step. */
export class LlmAgentError extends BodenError {
  private readonly [symbol] = true;
  readonly operator: LlmAgentOperator;
  readonly problem: LlmAgentProblem;
  /** The last validation error (for `invalid-answer`) or the provider's failure message. */
  readonly reason: string;
  /** Model requests the operator made, re-asks and retries included. */
  readonly requests: number;
  /** HTTP status of the last failed request, when the failure was an HTTP answer. */
  readonly status: number | null;

  constructor(options: {
    operator: LlmAgentOperator;
    problem: LlmAgentProblem;
    reason: string;
    requests: number;
    status?: number | null;
    cause?: unknown;
  }) {
    const what = options.problem === 'invalid-answer' ? 'no valid answer' : 'the provider failed';
    super({
      name: 'BodenLlmAgentError',
      message: `LlmAgent ${options.operator}: ${what} after ${options.requests} request${options.requests === 1 ? '' : 's'}: ${options.reason}`,
      cause: options.cause,
    });
    this.operator = options.operator;
    this.problem = options.problem;
    this.reason = options.reason;
    this.requests = options.requests;
    this.status = options.status ?? null;
  }

  /** True when `error` is an `LlmAgentError`. */
  static override isInstance(error: unknown): error is LlmAgentError {
    return BodenError.hasMarker(error, marker);
  }
}
