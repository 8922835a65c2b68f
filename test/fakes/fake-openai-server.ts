import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One recorded request: method, path (e.g. `/v1/embeddings`), headers and parsed JSON body. */
export interface FakeOpenAiRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: unknown;
}

/**
 * What the chat handler returns: plain assistant text, or a message with content and/or tool calls, optionally
 * with the usage to report (default: word counts of the request's messages and of the answer; `null` omits it).
 */
export type FakeChatReply =
  | string
  | {
      readonly content?: string | null;
      readonly toolCalls?: readonly { readonly name: string; readonly arguments: string | object; readonly id?: string }[];
      readonly finishReason?: string;
      readonly usage?: { readonly promptTokens: number; readonly completionTokens: number } | null;
    };

/** A one-shot behaviour for the next request, whatever its path. */
export type FakeBehaviour =
  | { readonly kind: 'respond' }
  | { readonly kind: 'status'; readonly status: number; readonly headers?: Record<string, string>; readonly body?: unknown }
  | { readonly kind: 'delay'; readonly ms: number }
  // Accepts the request and answers nothing until `release()` or `close()`: a server that never answers.
  | { readonly kind: 'hold' }
  | { readonly kind: 'invalid-json' }
  // Answers 200 with an HTML page (default a web server's welcome page), as a wrong URL or a proxy's login page does.
  | { readonly kind: 'html'; readonly body?: string };

/** Options of `startFakeOpenAiServer`. */
export interface FakeOpenAiServerOptions {
  /** Vectors for `texts` (default `fakeEmbedding` of each text); `dimensions` is the request's field, if any. */
  readonly embeddings?: (texts: string[], model: string, dimensions: number | undefined) => number[][];
  /** The assistant's reply to a chat completion request (given the request body); without it chat answers 404. */
  readonly chat?: (body: Record<string, unknown>) => FakeChatReply;
  /** Behaviours consumed one per request, in order; once empty, requests are answered normally. */
  readonly script?: readonly FakeBehaviour[];
  /** Delay before every answer, e.g. to measure how many requests a client keeps in flight. */
  readonly delayMs?: number;
  /** Hold every request (as the `hold` behaviour does) instead of answering: a server that never answers. */
  readonly holdAll?: boolean;
  /** The behaviour of every request once the script is empty (e.g. `{ kind: 'html' }`: a web server that is no LLM server). */
  readonly always?: FakeBehaviour;
}

/** A running fake server. */
export interface FakeOpenAiServer {
  /** Base URL to give an OpenAI client, ending in `/v1`. */
  readonly baseURL: string;
  /** Every request received, in arrival order. */
  readonly requests: FakeOpenAiRequest[];
  /** Most requests that were being answered at the same time. */
  readonly peakInFlight: number;
  /** Appends one-shot behaviours to the script. */
  enqueue(...behaviours: FakeBehaviour[]): void;
  /** Resolves once at least `count` requests have arrived (held ones included). */
  received(count: number): Promise<void>;
  /** Answers every request held so far, normally. */
  release(): void;
  /** Stops the server, cutting open connections (a delayed answer is dropped). */
  close(): Promise<void>;
}

/**
 * A fake OpenAI-compatible HTTP server on 127.0.0.1 (a free port) for tests that exercise the real client:
 * `POST /v1/embeddings` (base64 float32 when `encoding_format: "base64"` is asked for, as the OpenAI SDK does by
 * default, plain arrays otherwise) and `POST /v1/chat/completions` (scripted content or tool calls), both with
 * usage, and `GET /v1/models`. Scripted one-shot failures: a status with headers (429 + retry-after, 500), a delay,
 * an invalid JSON body, an HTML page, a request held unanswered until released (or every request, `holdAll`, or
 * any behaviour for every request, `always`). A `GET /v1/models` (a client's check that the server is there)
 * consumes no scripted behaviour, so scripts stay about the requests a test makes; it follows `holdAll` and `always`.
 */
export async function startFakeOpenAiServer(options: FakeOpenAiServerOptions = {}): Promise<FakeOpenAiServer> {
  const requests: FakeOpenAiRequest[] = [];
  const script = [...(options.script ?? [])];
  const embeddings = options.embeddings ?? ((texts, _model, dimensions) => texts.map((text) => fakeEmbedding(text, dimensions)));
  let inFlight = 0;
  let peakInFlight = 0;
  const held = new Set<() => void>();
  const waiters: { count: number; resolve: () => void }[] = [];
  const notifyArrival = (): void => {
    for (const waiter of [...waiters]) {
      if (requests.length < waiter.count) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };

  const server = createServer(async (request, response) => {
    inFlight += 1;
    peakInFlight = Math.max(peakInFlight, inFlight);
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const text = Buffer.concat(chunks).toString('utf8');
      const body = parseJson(text);
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      requests.push({ method: request.method ?? 'GET', path, headers: request.headers, body });
      notifyArrival();
      const everyRequest: FakeBehaviour = options.always ?? { kind: options.holdAll ? 'hold' : 'respond' };
      const isModelList = request.method === 'GET' && path === '/v1/models';
      const behaviour = (isModelList ? undefined : script.shift()) ?? everyRequest;
      if (behaviour.kind === 'hold') {
        await new Promise<void>((resolve) => {
          held.add(resolve);
          response.once('close', resolve);
        });
      }
      const delay = (options.delayMs ?? 0) + (behaviour.kind === 'delay' ? behaviour.ms : 0);
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      if (response.destroyed) return;
      if (behaviour.kind === 'status') {
        const error = behaviour.body ?? { error: { message: `scripted status ${behaviour.status}`, type: 'fake_error', code: null } };
        return sendJson(response, behaviour.status, error, behaviour.headers);
      }
      if (behaviour.kind === 'invalid-json') {
        response.writeHead(200, { 'content-type': 'application/json' });
        return void response.end('{"object": "list", "data": [');
      }
      if (behaviour.kind === 'html') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void response.end(
          behaviour.body ??
            '<!DOCTYPE html>\n<html><head><title>Welcome to nginx!</title></head><body><h1>Welcome to nginx!</h1></body></html>\n',
        );
      }
      if (isModelList)
        return sendJson(response, 200, { object: 'list', data: [{ id: 'fake-chat', object: 'model', created: 0, owned_by: 'fake' }] });
      if (request.method !== 'POST' || !isRecord(body)) return sendError(response, 400, 'expected a POST with a JSON object body');
      if (path === '/v1/embeddings') return answerEmbeddings(response, body, embeddings);
      if (path === '/v1/chat/completions' && options.chat) return answerChat(response, body, options.chat(body));
      return sendError(response, 404, `no fake handler for ${request.method} ${path}`);
    } catch (error) {
      if (!response.headersSent) sendError(response, 500, `fake server handler failed: ${String(error)}`);
    } finally {
      inFlight -= 1;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    get peakInFlight() {
      return peakInFlight;
    },
    enqueue: (...behaviours) => void script.push(...behaviours),
    received: (count) =>
      requests.length >= count ? Promise.resolve() : new Promise<void>((resolve) => void waiters.push({ count, resolve })),
    release: () => {
      for (const resolve of held) resolve();
      held.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * A deterministic stand-in for an embedding model: each whitespace-separated, lower-cased word is hashed (FNV-1a)
 * to a signed slot of a `dimensions`-long vector, plus a constant bias slot so no text (not even "") maps to zero.
 * Texts sharing words are similar; the vector is not normalised, like some real servers' output.
 */
export function fakeEmbedding(text: string, dimensions = 16): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  vector[0] = 0.5;
  for (const word of text.toLowerCase().split(/\s+/)) {
    if (word === '') continue;
    let hash = 0x811c9dc5;
    for (let index = 0; index < word.length; index += 1) hash = Math.imul(hash ^ word.charCodeAt(index), 0x01000193);
    const slot = (hash >>> 1) % dimensions;
    vector[slot] = (vector[slot] ?? 0) + (hash & 1 ? 1 : -1);
  }
  return vector;
}

function answerEmbeddings(
  response: ServerResponse,
  body: Record<string, unknown>,
  embed: NonNullable<FakeOpenAiServerOptions['embeddings']>,
): void {
  const input = typeof body.input === 'string' ? [body.input] : body.input;
  if (!Array.isArray(input) || !input.every((text): text is string => typeof text === 'string')) {
    sendError(response, 400, 'input must be a string or an array of strings');
    return;
  }
  const model = typeof body.model === 'string' ? body.model : 'fake-embedding';
  const vectors = embed(input, model, typeof body.dimensions === 'number' ? body.dimensions : undefined);
  const base64 = body.encoding_format === 'base64';
  const data = vectors.map((vector, index) => ({
    object: 'embedding',
    index,
    embedding: base64 ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector,
  }));
  const tokens = countWords(input.join(' '));
  sendJson(response, 200, { object: 'list', data, model, usage: { prompt_tokens: tokens, total_tokens: tokens } });
}

// Real servers give every completion its own id; LangGraph's message reducer merges messages that share one.
let completions = 0;

function answerChat(response: ServerResponse, body: Record<string, unknown>, reply: FakeChatReply): void {
  const message = typeof reply === 'string' ? { content: reply } : reply;
  const toolCalls = message.toolCalls?.map((call, index) => ({
    id: call.id ?? `call_${index}`,
    type: 'function',
    function: { name: call.name, arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments) },
  }));
  const content = message.content ?? null;
  const promptTokens = 'usage' in message && message.usage ? message.usage.promptTokens : countWords(JSON.stringify(body.messages ?? []));
  const completionTokens =
    'usage' in message && message.usage
      ? message.usage.completionTokens
      : countWords(content ?? '') + (toolCalls ? countWords(JSON.stringify(toolCalls)) : 0);
  const usage =
    'usage' in message && message.usage === null
      ? {}
      : { usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens } };
  sendJson(response, 200, {
    id: `chatcmpl-fake-${(completions += 1)}`,
    object: 'chat.completion',
    created: 0,
    model: typeof body.model === 'string' ? body.model : 'fake-chat',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, ...(toolCalls ? { tool_calls: toolCalls } : {}), refusal: null },
        finish_reason: message.finishReason ?? (toolCalls ? 'tool_calls' : 'stop'),
        logprobs: null,
      },
    ],
    ...usage,
  });
}

function sendJson(response: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(value));
}

function sendError(response: ServerResponse, status: number, message: string): void {
  sendJson(response, status, { error: { message, type: 'invalid_request_error', code: null } });
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => word !== '').length;
}
