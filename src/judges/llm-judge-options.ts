import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { z } from 'zod';
import { isTimers, type Timers } from '../calls/timers.js';
import type { RandomSource } from '../random/random-source.js';
import type { Judge } from './judge.js';

const isFunction = (value: unknown): boolean => typeof value === 'function';
const isChatModel = (value: unknown): boolean =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as Record<string, unknown>).invoke === 'function' &&
  typeof (value as Record<string, unknown>).withStructuredOutput === 'function';
// A streaming ChatOpenAI counts tokens with LangChain's tokenizer, which downloads ranks and stalls offline.
const isNotStreaming = (value: unknown): boolean => (value as { streaming?: unknown }).streaming !== true;
const isJudge = (value: unknown): boolean =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as Record<string, unknown>).judge === 'function' &&
  typeof (value as Record<string, unknown>).id === 'string';

/** Where answers are cached besides memory: `directory` holds one JSON file per prompt hash. */
const cacheSchema = z.strictObject({
  /** Directory of the on-disk cache (created on first write); without it, answers are cached in memory only. */
  directory: z.string().min(1).optional(),
});

/** Prices per million tokens, for the cost account. */
const pricingSchema = z.strictObject({
  inputPerMillionTokens: z.number().nonnegative(),
  outputPerMillionTokens: z.number().nonnegative(),
});

/** Options of `new LlmJudge()`; the defaults live here. */
export const llmJudgeOptionsSchema = z.strictObject({
  /** Any LangChain chat model; give it no retries of its own (e.g. `maxRetries: 0`) so only ours count. */
  model: z
    .custom<BaseChatModel>(isChatModel, 'expected a LangChain chat model (an object with invoke() and withStructuredOutput())')
    .refine(isNotStreaming, 'set streaming: false: a streaming model counts tokens with a tokenizer it downloads'),
  /** Provenance in verdicts and part of every cache key; default `llm/<model name>`. Change it when settings change. */
  id: z.string().min(1).optional(),
  /** `withStructuredOutput`'s method; default the model's own (for `ChatOpenAI`, `jsonSchema`). */
  method: z.enum(['jsonSchema', 'functionCalling', 'jsonMode']).optional(),
  /** Judge whose verdict stands when this one fails (e.g. the `RubricJudge`); without it failures throw `JudgeError`. */
  fallback: z.custom<Judge>(isJudge, 'expected a Judge (an object with an id and judge())').optional(),
  /**
   * `plain`: the episodes and the rubric. `evidence`: also what boden measured (the closest earlier episode and the
   * lines changed against it, a sweep, concepts new to the run, novelty scores), quoted as data, with a decomposed
   * procedure (what changed, which earlier episodes are closest, which level).
   */
  prompt: z.enum(['plain', 'evidence']).default('plain'),
  /** The confidence written into every verdict of this judge. */
  confidence: z.number().min(0).max(1).default(0.8),
  /** Most prompt tokens (system and user message); past it earlier episodes are trimmed (see `fitJudgeContext`). */
  contextTokenBudget: z.number().int().min(2_048).default(128_000),
  /** Tokens an earlier episode's plan and summary keep each once condensed to fit the budget. */
  condensedTokens: z.number().int().positive().default(64),
  /** Most model requests in flight at once, across all `judge` calls. */
  maxConcurrency: z.number().int().positive().default(4),
  /** Retries of a request after a provider failure (429, 5xx, timeout, connection error, unreadable body). */
  maxRetries: z.number().int().nonnegative().default(3),
  /** Base of the exponential backoff: retry n waits about `retryDelayMs · 2^(n−1)`, jittered to 50-100 %. */
  retryDelayMs: z.number().nonnegative().default(1_000),
  /** Cap on one backoff wait, a server's `retry-after` included. */
  maxRetryDelayMs: z.number().nonnegative().default(60_000),
  /** Per-request timeout in milliseconds, the whole generation included; a timed-out request is retried like a 5xx. */
  timeoutMs: z.number().int().positive().default(180_000),
  /**
   * Circuit breaker: after this many judge calls in a row end in a provider failure (retries spent), or this many
   * requests in a row get no answer at all (connection refused or reset, nothing within the first-byte timeout of
   * `createOpenAiCompatibleJudge`; retries count, see `RequestCircuitBreaker`), stop calling the model; every later
   * call falls back at once, its reason saying why (`judge-circuit-open` is emitted once). Null never opens it. A
   * silent server then costs N requests' waits, not N per episode.
   */
  circuitBreaker: z.number().int().min(1).nullable().default(null),
  /**
   * Whole-run deadline in milliseconds from the judge's first call, on `now`: no request starts after it, a request
   * in flight is cut at it (its timeout is the time left), and every later call falls back at once, its reason saying
   * so (`judge-deadline-passed` is emitted once). Null: no deadline, only the per-request `timeoutMs`.
   */
  deadlineMs: z.number().int().positive().nullable().default(null),
  /** Content-hash cache of answers: in memory always (unless `false`), on disk too when `directory` is set. */
  cache: z.union([z.literal(false), cacheSchema], { error: 'expected false or { directory?: string }' }).default({}),
  /** Per-million-token prices; without them costs are null. */
  pricing: pricingSchema.optional(),
  /** Jitter source; default `Math.random`, because a shared seed would make clients retry in lockstep. */
  random: z.custom<RandomSource>(isFunction, 'expected a function returning numbers in [0, 1)').optional(),
  /** Clock for request durations in events, in milliseconds; default `performance.now`. */
  now: z.custom<() => number>(isFunction, 'expected a function returning milliseconds').optional(),
  /** Timers for the request timeout, the retry backoff (and the first-byte timeout of `createOpenAiCompatibleJudge`); default the process's own (`systemTimers`). */
  timers: z.custom<Timers>(isTimers, 'expected Timers (an object with setTimeout() and clearTimeout())').optional(),
  /** Source of the per-call delimiter nonce (8-64 lower-case letters and digits); default 64 random bits. For tests. */
  nonce: z.custom<() => string>(isFunction, 'expected a function returning a nonce').optional(),
});

/** Options of `new LlmJudge()` as callers pass them. */
export type LlmJudgeOptions = z.input<typeof llmJudgeOptionsSchema>;
/** `LlmJudgeOptions` with the defaults filled in. */
export type ResolvedLlmJudgeOptions = z.infer<typeof llmJudgeOptionsSchema>;
