import { BodenError } from './boden-error.js';

const marker = 'boden.error.judge';
const symbol = Symbol.for(marker);

/**
 * Why a judge could not give a verdict: the `provider` call failed (after retries, or at once when retrying
 * cannot help); the model gave an `invalid-answer` twice (the second time after being shown the validation
 * error); or the `fallback` judge, asked after one of those, failed too.
 */
export type JudgeProblem = 'provider' | 'invalid-answer' | 'fallback';

/** A judge gave no verdict for an episode and had no fallback judge (or the fallback failed too). */
export class JudgeError extends BodenError {
  private readonly [symbol] = true;
  /** The failing judge's `id`. */
  readonly judgeId: string;
  /** The kind of failure. */
  readonly problem: JudgeProblem;
  /** What is wrong, without the judge id. */
  readonly reason: string;
  /** Model requests made for the episode, retries and the repair request included. */
  readonly requests: number;
  /** HTTP status of the last failed request, when the failure was an HTTP answer. */
  readonly status: number | null;
  /** The run and episode being judged. */
  readonly runId: string;
  readonly episodeId: string;

  constructor(options: {
    judgeId: string;
    problem: JudgeProblem;
    reason: string;
    requests: number;
    runId: string;
    episodeId: string;
    status?: number | null;
    cause?: unknown;
  }) {
    const tries = options.requests > 1 ? ` (after ${options.requests} requests)` : '';
    super({
      name: 'BodenJudgeError',
      message: `judge ${options.judgeId} on episode ${options.episodeId} of run ${options.runId}: ${options.reason}${tries}`,
      cause: options.cause,
    });
    this.judgeId = options.judgeId;
    this.problem = options.problem;
    this.reason = options.reason;
    this.requests = options.requests;
    this.status = options.status ?? null;
    this.runId = options.runId;
    this.episodeId = options.episodeId;
  }

  /** True when `error` is a `JudgeError`. */
  static override isInstance(error: unknown): error is JudgeError {
    return BodenError.hasMarker(error, marker);
  }
}
