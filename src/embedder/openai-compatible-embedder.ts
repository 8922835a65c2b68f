import { OpenAIEmbeddings } from '@langchain/openai';
import { z } from 'zod';
import { createGuardedFetch } from '../calls/guarded-fetch.js';
import { parseOptions } from '../options/parse-options.js';
import { LangChainEmbedder } from './langchain-embedder.js';
import { langChainEmbedderOptionsSchema } from './langchain-embedder-options.js';

/** Options of `createOpenAiCompatibleEmbedder`: the server, the model, and every `LangChainEmbedder` option but `embeddings`. */
export const openAiCompatibleEmbedderOptionsSchema = langChainEmbedderOptionsSchema.omit({ embeddings: true }).extend({
  /** The server's OpenAI-compatible root, e.g. `http://127.0.0.1:8000/v1` for vLLM. */
  baseURL: z.url(),
  /** The served model's name, e.g. `Qwen/Qwen3-Embedding-4B`. */
  model: z.string().min(1),
  /** Bearer key; default `OPENAI_API_KEY`, else `not-needed` (local servers ignore it, the client insists on one). */
  apiKey: z.string().min(1).optional(),
  /**
   * Also sent as the request's `dimensions`, which Matryoshka models (Qwen3-Embedding, text-embedding-3) truncate to;
   * a server that ignores it and answers another length fails with a `dimension-mismatch`.
   */
  dimensions: z.number().int().positive().optional(),
  /** Per-request timeout in milliseconds; a timed-out request is retried like a 5xx. */
  timeoutMs: z.number().int().positive().default(60_000),
  /**
   * Milliseconds a request waits for the server's first byte before checking the server is there (`GET
   * <baseURL>/models`), and then for that check: a server that answers neither fails the request at once (retried),
   * one that answers is waited for up to `timeoutMs`. See `createGuardedFetch`.
   */
  firstByteTimeoutMs: z.number().int().positive().default(5_000),
  /** Replace newlines by spaces before embedding (a habit from ada-002); off, since newlines carry code structure. */
  stripNewLines: z.boolean().default(false),
  /** Wire format; default the OpenAI SDK's base64 float32, `float` for servers that only send JSON arrays. */
  encodingFormat: z.enum(['float', 'base64']).optional(),
});

/** Options of `createOpenAiCompatibleEmbedder` as callers pass them. */
export type OpenAiCompatibleEmbedderOptions = z.input<typeof openAiCompatibleEmbedderOptionsSchema>;

/**
 * A `LangChainEmbedder` over `OpenAIEmbeddings` talking to any OpenAI-compatible embeddings endpoint (vLLM, TEI,
 * Ollama serving e.g. Qwen3-Embedding-4B). The client is set up so the embedder is in charge: its own retries are
 * off (`maxRetries: 0`), and its batch size and concurrency equal the embedder's, so one batch is one request.
 * Requests go through `createGuardedFetch`: a silent server fails a request after `firstByteTimeoutMs` twice over,
 * and an HTML page with status 200 is "not an embeddings response".
 *
 * @example
 * const embedder = createOpenAiCompatibleEmbedder({ baseURL: 'http://127.0.0.1:8000/v1', model: 'Qwen/Qwen3-Embedding-4B' });
 */
export function createOpenAiCompatibleEmbedder(options: OpenAiCompatibleEmbedderOptions): LangChainEmbedder {
  const parsed = parseOptions(openAiCompatibleEmbedderOptionsSchema, options, 'createOpenAiCompatibleEmbedder');
  const { baseURL, model, apiKey, timeoutMs, firstByteTimeoutMs, stripNewLines, encodingFormat, ...embedderOptions } = parsed;
  const fetch = createGuardedFetch({ baseURL, firstByteTimeoutMs, ...(parsed.timers === undefined ? {} : { timers: parsed.timers }) });
  const embeddings = new OpenAIEmbeddings({
    model,
    apiKey: apiKey ?? process.env.OPENAI_API_KEY ?? 'not-needed',
    dimensions: parsed.dimensions,
    batchSize: parsed.batchSize,
    maxConcurrency: parsed.maxConcurrency,
    maxRetries: 0,
    timeout: timeoutMs,
    stripNewLines,
    encodingFormat,
    configuration: { baseURL, fetch },
  });
  return new LangChainEmbedder({ ...embedderOptions, embeddings });
}
