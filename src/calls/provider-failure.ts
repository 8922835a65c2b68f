import { getRetryable } from '@langchain/core/errors';
import { BodenError } from '../errors/boden-error.js';
import { NoResponseError } from '../errors/no-response-error.js';
import { UnexpectedResponseError } from '../errors/unexpected-response-error.js';

// The statuses the OpenAI SDK itself retries, plus 425; other 4xx are the caller's fault and fail at once.
const retryableStatuses = new Set([408, 409, 425, 429]);
const connectionErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);
const connectionErrorNames = new Set(['TimeoutError', 'APIConnectionError', 'APIConnectionTimeoutError', 'FetchError']);
// Failures in which no HTTP answer came: the server is down, unreachable or silent (not merely slow to generate).
const unansweredErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EAI_AGAIN',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
]);

/**
 * True when a failed provider call (an embeddings or chat request through LangChain / the OpenAI SDK) is worth
 * retrying: 408, 409, 425, 429 (unless the quota is exhausted) and 5xx, timeouts, connection errors, and bodies
 * that could not be parsed. Aborts and other 4xx are not.
 */
export function isRetryableFailure(error: unknown): boolean {
  // A web page where the API should answer is a wrong URL: asking again gets the same page.
  if (causeChain(error).some((cause) => UnexpectedResponseError.isInstance(cause))) return false;
  const status = failureStatus(error);
  if (status !== null) return (status >= 500 || retryableStatuses.has(status)) && codeOf(error) !== 'insufficient_quota';
  const stamped = getRetryable(error);
  if (stamped !== undefined) return stamped;
  // An unreadable body is most often a response cut short, which a retry fixes.
  if (error instanceof SyntaxError) return true;
  for (let current = error, depth = 0; current !== null && typeof current === 'object' && depth < 5; depth += 1) {
    const { name, code, constructor } = current as { name?: unknown; code?: unknown; constructor?: { name?: unknown } };
    if (name === 'AbortError') return false;
    if (connectionErrorNames.has(String(name)) || connectionErrorNames.has(String(constructor?.name))) return true;
    if (typeof code === 'string' && connectionErrorCodes.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * True when a failed request got no HTTP answer at all: the connection was refused, reset or never made, or the server
 * sent nothing (`NoResponseError` of the guarded fetch). What circuit breakers count: an error status, a web page,
 * an invalid answer or a generation cut off by the caller's timeout all come from a server that is there.
 */
export function isUnansweredFailure(error: unknown): boolean {
  if (failureStatus(error) !== null) return false;
  return causeChain(error).some((cause) => {
    if (NoResponseError.isInstance(cause)) return true;
    const code = (cause as { code?: unknown }).code;
    return typeof code === 'string' && unansweredErrorCodes.has(code);
  });
}

/** The HTTP status a failed call carries (`status`, `statusCode` or `response.status`), or null. */
export function failureStatus(error: unknown): number | null {
  if (error === null || typeof error !== 'object') return null;
  const { status, statusCode, response } = error as { status?: unknown; statusCode?: unknown; response?: { status?: unknown } };
  const value = status ?? statusCode ?? response?.status;
  return typeof value === 'number' ? value : null;
}

/**
 * The first line of a failure's message, for error reasons and events, with the system error underneath when the
 * message hides it: the OpenAI SDK's "Connection error." becomes "Connection error. (connect ECONNREFUSED
 * 127.0.0.1:8000)", so a user sees which address refused.
 */
export function failureMessage(error: unknown): string {
  const first = (value: unknown): string => (value instanceof Error ? (value.message.split('\n')[0] ?? '') : String(value));
  // A boden error under a client's wrapper (the OpenAI SDK's "Connection error." around the guarded fetch's) says it all.
  const ours = BodenError.isInstance(error) ? undefined : causeChain(error).find((cause) => BodenError.isInstance(cause));
  if (ours !== undefined) return first(ours);
  const message = first(error);
  let system: unknown;
  for (
    let current = (error as { cause?: unknown } | null)?.cause, depth = 0;
    current !== null && typeof current === 'object' && depth < 5;
    depth += 1
  ) {
    if (typeof (current as { code?: unknown }).code === 'string' && /^E[A-Z_]+$/.test((current as { code: string }).code)) system = current;
    current = (current as { cause?: unknown }).cause;
  }
  const detail = system === undefined ? '' : first(system);
  return detail === '' || message.includes(detail) ? message : `${message} (${detail})`;
}

/** The server's requested wait (`retry-after-ms`, or `retry-after` in seconds), if the error carries headers. */
export function retryAfterMs(error: unknown): number | null {
  if (error === null || typeof error !== 'object') return null;
  const headers = (error as { headers?: unknown }).headers ?? (error as { response?: { headers?: unknown } }).response?.headers;
  if (headers === null || typeof headers !== 'object') return null;
  const read = (name: string): unknown =>
    typeof (headers as Headers).get === 'function' ? (headers as Headers).get(name) : (headers as Record<string, unknown>)[name];
  const milliseconds = Number(read('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const seconds = Number(read('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null;
}

/** `error` and its causes, outermost first (at most 6 deep). */
function causeChain(error: unknown): object[] {
  const chain: object[] = [];
  for (let current = error, depth = 0; current !== null && typeof current === 'object' && depth < 6; depth += 1) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

function codeOf(error: unknown): unknown {
  return error !== null && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
}
