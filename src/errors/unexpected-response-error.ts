import { BodenError } from './boden-error.js';

const marker = 'boden.error.unexpected-response';
const symbol = Symbol.for(marker);

/**
 * A successful HTTP answer that is not what the API returns: an HTML page with status 200 (a wrong URL, a proxy's
 * login page), or JSON of another shape. Names the request, the status, the content type and the body's first
 * characters. Retrying does not help.
 */
export class UnexpectedResponseError extends BodenError {
  private readonly [symbol] = true;
  /** The request, e.g. `POST http://127.0.0.1:8000/v1/chat/completions`. */
  readonly request: string;
  readonly status: number;
  /** The response's `content-type`, or `no content type`. */
  readonly contentType: string;
  /** What the request should have returned, e.g. `a chat completion`. */
  readonly expected: string;
  /** The body's first characters, white space collapsed. */
  readonly bodyStart: string;

  constructor(options: { request: string; status: number; contentType: string; expected: string; bodyStart: string }) {
    super({
      name: 'BodenUnexpectedResponseError',
      message: `${options.request} answered ${options.status} ${options.contentType}, not ${options.expected}: ${JSON.stringify(options.bodyStart)}`,
    });
    this.request = options.request;
    this.status = options.status;
    this.contentType = options.contentType;
    this.expected = options.expected;
    this.bodyStart = options.bodyStart;
  }

  /** The name alone: the OpenAI SDK reads any "timed out" in `String(error)` (a body may hold one) as its own timeout and drops the error. */
  override toString(): string {
    return this.name;
  }

  /** True when `error` is an `UnexpectedResponseError`. */
  static override isInstance(error: unknown): error is UnexpectedResponseError {
    return BodenError.hasMarker(error, marker);
  }
}
