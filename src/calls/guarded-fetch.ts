import { z } from 'zod';
import { NoResponseError } from '../errors/no-response-error.js';
import { parseOptions } from '../options/parse-options.js';
import { UnexpectedResponseError } from '../errors/unexpected-response-error.js';
import { failureMessage } from './provider-failure.js';
import { isTimers, systemTimers, type Timers } from './timers.js';

/** A `fetch` as the OpenAI SDK takes it (`configuration.fetch` of `ChatOpenAI` and `OpenAIEmbeddings`). */
export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Options of `createGuardedFetch`. */
export interface GuardedFetchOptions {
  /** The API's root, e.g. `http://127.0.0.1:8000/v1`; the server is checked at `<baseURL>/models`. */
  readonly baseURL: string;
  /** Milliseconds a request waits for its response's headers before the server is checked, and the check waits for its own. */
  readonly firstByteTimeoutMs: number;
  /** Where both waits run; default the process's own timers. */
  readonly timers?: Timers;
  /** The fetch underneath; default the global `fetch`. */
  readonly fetch?: Fetch;
}

/** Checks `createGuardedFetch`'s options (it is public in `boden/calls`). */
const GuardedFetchOptionsSchema = z.object({
  baseURL: z.string().min(1),
  firstByteTimeoutMs: z.number().int().positive(),
  timers: z.custom<Timers>(isTimers, 'expected Timers (an object with setTimeout() and clearTimeout())').optional(),
  fetch: z.custom<Fetch>((value) => typeof value === 'function', 'expected a fetch function').optional(),
});

// What a successful answer on each API path must be: JSON holding this array.
const expectedAnswers = [
  { path: /\/chat\/completions$/, expected: 'a chat completion', field: 'choices' },
  { path: /\/embeddings$/, expected: 'an embeddings response', field: 'data' },
] as const;

/**
 * A `fetch` for an OpenAI-compatible client that tells a silent server from a slow one, and a web page from an API
 * answer, with typed errors the callers' retries, breakers and reasons understand.
 *
 * A server answering a non-streamed chat completion sends its headers only with the whole answer, so a short wait for
 * the first byte alone would cut off every long generation. Instead, a request with no headers after
 * `firstByteTimeoutMs` makes the server prove it is there: `GET <baseURL>/models` (any HTTP answer counts, a 404
 * too). A server that answers is generating, and the request waits on, bounded by the caller's own timeout; one that
 * answers neither within `firstByteTimeoutMs` more fails the request with a `NoResponseError`. Concurrent slow
 * requests share one check.
 *
 * A 2xx answer on `/chat/completions` or `/embeddings` that is not JSON (an HTML page from a wrong URL or a proxy),
 * or JSON without `choices` / `data`, fails with an `UnexpectedResponseError` naming the content type and the first
 * characters, instead of a client error deep in the parsing. Error statuses, streams and other paths pass through.
 */
export function createGuardedFetch(options: GuardedFetchOptions): Fetch {
  parseOptions(GuardedFetchOptionsSchema, options, 'createGuardedFetch');
  const { firstByteTimeoutMs, timers = systemTimers } = options;
  const inner: Fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const modelsUrl = `${options.baseURL.replace(/\/+$/, '')}/models`;
  const check = `GET ${modelsUrl}`;
  let running: Promise<string | null> | null = null;
  const checkServer = (): Promise<string | null> => {
    running ??= askModels(inner, modelsUrl, firstByteTimeoutMs, timers).finally(() => {
      running = null;
    });
    return running;
  };

  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const request = `${method} ${url}`;
    const cutOff = new AbortController();
    const signal = init?.signal ? AbortSignal.any([init.signal, cutOff.signal]) : cutOff.signal;
    const pending = inner(input, { ...init, signal });
    let timer: unknown;
    const quiet = new Promise<null>((resolve) => {
      timer = timers.setTimeout(() => resolve(null), firstByteTimeoutMs);
    });
    let response: Response | null;
    try {
      response = await Promise.race([pending, quiet]);
      // No first byte yet: a server that is there is generating, one that is not fails the request now.
      response ??= await untilAnsweredOrSilent(
        pending,
        checkServer(),
        (checkOutcome) => new NoResponseError({ request, firstByteTimeoutMs, check, checkOutcome }),
      );
    } catch (error) {
      if (NoResponseError.isInstance(error)) {
        pending.catch(() => undefined);
        cutOff.abort(error);
      }
      throw error;
    } finally {
      timers.clearTimeout(timer);
    }
    return await checkAnswer(response, request, new URL(url).pathname);
  };
}

/** The response once it comes, while the check says the server is there; the check's failure as a `NoResponseError` otherwise. */
async function untilAnsweredOrSilent(
  pending: Promise<Response>,
  check: Promise<string | null>,
  silent: (checkOutcome: string) => NoResponseError,
): Promise<Response> {
  const first = await Promise.race([pending.then((response) => ({ response })), check.then((failure) => ({ failure }))]);
  if ('response' in first) return first.response;
  if (first.failure !== null) throw silent(first.failure);
  // The server is there and generating: wait on, as long as the caller's own timeout allows.
  return await pending;
}

/** Null when `GET url` gets any HTTP answer within `waitMs`; otherwise how the check failed, for the error message. */
async function askModels(inner: Fetch, url: string, waitMs: number, timers: Timers): Promise<string | null> {
  const controller = new AbortController();
  let timer: unknown;
  const quiet = new Promise<string>((resolve) => {
    timer = timers.setTimeout(() => resolve(`got no answer within ${waitMs} ms either`), waitMs);
  });
  const answered = inner(url, { method: 'GET', signal: controller.signal }).then(
    (response) => {
      void response.body?.cancel().catch(() => undefined);
      return null;
    },
    (error: unknown) => `failed too (${failureMessage(error)})`,
  );
  try {
    return await Promise.race([answered, quiet]);
  } finally {
    timers.clearTimeout(timer);
    controller.abort();
  }
}

/** `response`, unless it is a 2xx on an API path that is not what the path returns: then an `UnexpectedResponseError`. */
async function checkAnswer(response: Response, request: string, path: string): Promise<Response> {
  const expectation = expectedAnswers.find((each) => each.path.test(path));
  if (!response.ok || expectation === undefined) return response;
  const contentType = response.headers.get('content-type');
  // A stream is read by the client as it comes; `stream: true` is the caller's choice, not a wrong answer.
  if (contentType?.includes('text/event-stream')) return response;
  const isJson = contentType !== null && /[/+]json\b/i.test(contentType);
  // The client reads the original; the copy is read here (a non-streamed answer is small).
  const text = await response.clone().text();
  if (isJson) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      // An unreadable body is most often cut short: the client's own parse fails, and the caller retries.
      return response;
    }
    if (value !== null && typeof value === 'object' && Array.isArray((value as Record<string, unknown>)[expectation.field]))
      return response;
  }
  void response.body?.cancel().catch(() => undefined);
  throw new UnexpectedResponseError({
    request,
    status: response.status,
    contentType: contentType ?? 'no content type',
    expected: expectation.expected,
    bodyStart: text.replace(/\s+/g, ' ').trim().slice(0, 80),
  });
}
