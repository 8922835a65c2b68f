import type { EmbeddingsInterface } from '@langchain/core/embeddings';
import { z } from 'zod';
import { isTimers, type Timers } from '../calls/timers.js';
import type { RandomSource } from '../random/random-source.js';
import type { EmbeddingInput } from './embedder.js';

const isFunction = (value: unknown): boolean => typeof value === 'function';
const isEmbeddings = (value: unknown): boolean =>
  value !== null && typeof value === 'object' && typeof (value as Record<string, unknown>).embedDocuments === 'function';

/** Where vectors are cached besides memory: `directory` holds one JSON file per text hash. */
const cacheSchema = z.strictObject({
  /** Directory of the on-disk cache (created on first write); without it, vectors are cached in memory only. */
  directory: z.string().min(1).optional(),
});

/** Options of `new LangChainEmbedder()`; the defaults live here. */
export const langChainEmbedderOptionsSchema = z.strictObject({
  /** Any LangChain embeddings model; give it no retries of its own (e.g. `maxRetries: 0`) so only ours count. */
  embeddings: z.custom<EmbeddingsInterface>(isEmbeddings, 'expected a LangChain EmbeddingsInterface (an object with embedDocuments())'),
  /** Identifies model and settings in caches and corpora; default `langchain/<model>[/<dimensions>]`. */
  id: z.string().min(1).optional(),
  /** Expected vector length; when absent it is learned from the first response and fixed from then on. */
  dimensions: z.number().int().positive().optional(),
  /** Most texts per `embedDocuments` call (lowered to the model's own `batchSize` when that is smaller). */
  batchSize: z.number().int().positive().default(32),
  /** Most `embedDocuments` calls in flight at once, across all `embed` calls of this embedder. */
  maxConcurrency: z.number().int().positive().default(2),
  /** Retries of a batch after a retryable failure (429, 5xx, timeout, connection error, unreadable body). */
  maxRetries: z.number().int().nonnegative().default(3),
  /** Base of the exponential backoff: retry n waits about `retryDelayMs · 2^(n−1)`, jittered to 50-100 %. */
  retryDelayMs: z.number().nonnegative().default(500),
  /** Cap on one backoff wait, a server's `retry-after` included. */
  maxRetryDelayMs: z.number().nonnegative().default(30_000),
  /** Jitter source; default `Math.random`, because a shared seed would make clients retry in lockstep. */
  random: z.custom<RandomSource>(isFunction, 'expected a function returning numbers in [0, 1)').optional(),
  /** Timers for the retry backoff; default the process's own (`systemTimers`). */
  timers: z.custom<Timers>(isTimers, 'expected Timers (an object with setTimeout() and clearTimeout())').optional(),
  /** Content-hash cache: in memory always (unless `false`), on disk too when `directory` is set. */
  cache: z.union([z.literal(false), cacheSchema], { error: 'expected false or { directory?: string }' }).default({}),
  /** Turns an input into the text to embed; default `Plan:\n<plan>\n\nCode:\n<code>`. */
  render: z.custom<(input: EmbeddingInput) => string>(isFunction, 'expected a function (input) => string').optional(),
});

/** Options of `new LangChainEmbedder()` as callers pass them. */
export type LangChainEmbedderOptions = z.input<typeof langChainEmbedderOptionsSchema>;
/** `LangChainEmbedderOptions` with the defaults filled in. */
export type ResolvedLangChainEmbedderOptions = z.infer<typeof langChainEmbedderOptionsSchema>;
