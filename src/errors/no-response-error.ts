import { BodenError } from './boden-error.js';

const marker = 'boden.error.no-response';
const symbol = Symbol.for(marker);

/**
 * A request the server never answered: no response headers within the first-byte timeout, and no answer either to
 * the check that followed (`GET <baseURL>/models`), so the server accepts connections but does not serve. Retrying
 * may help; a circuit breaker counts it (`isUnansweredFailure`).
 */
export class NoResponseError extends BodenError {
  private readonly [symbol] = true;
  /** The unanswered request, e.g. `POST http://127.0.0.1:8000/v1/chat/completions`. */
  readonly request: string;
  /** How long it waited for the first byte, and then for the check, in milliseconds. */
  readonly firstByteTimeoutMs: number;
  /** The check that the server is there, e.g. `GET http://127.0.0.1:8000/v1/models`. */
  readonly check: string;
  /** What became of the check: `got no answer within N ms either`, or `failed too (<why>)`. */
  readonly checkOutcome: string;

  constructor(options: { request: string; firstByteTimeoutMs: number; check: string; checkOutcome: string }) {
    super({
      name: 'BodenNoResponseError',
      message: `${options.request}: no response within ${options.firstByteTimeoutMs} ms, and ${options.check} ${options.checkOutcome}`,
    });
    this.request = options.request;
    this.firstByteTimeoutMs = options.firstByteTimeoutMs;
    this.check = options.check;
    this.checkOutcome = options.checkOutcome;
  }

  /** The name alone: the OpenAI SDK reads any "timed out" in `String(error)` as its own timeout and drops the error. */
  override toString(): string {
    return this.name;
  }

  /** True when `error` is a `NoResponseError`. */
  static override isInstance(error: unknown): error is NoResponseError {
    return BodenError.hasMarker(error, marker);
  }
}
