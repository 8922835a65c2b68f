import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { z } from 'zod';
import { RequestCircuitBreaker, isTimers, type Timers } from 'boden/calls';
import type { RandomSource } from 'boden';
import type { BenchTask } from '../tasks/bench-task.js';
import type { ChatRecording } from './chat-recording.js';

const isFunction = (value: unknown): boolean => typeof value === 'function';
const isChatModel = (value: unknown): boolean =>
  value !== null && typeof value === 'object' && typeof (value as Record<string, unknown>).invoke === 'function';
// A streaming ChatOpenAI counts tokens with LangChain's tokenizer, which downloads ranks and stalls offline.
const isNotStreaming = (value: unknown): boolean => (value as { streaming?: unknown }).streaming !== true;

/**
 * Options of `createLlmAgent`: the task, the model (an OpenAI-compatible server by `model` and `baseURL`, or any
 * injected LangChain chat model), how invalid answers and failed requests are retried, and how much of the run
 * the prompt remembers.
 */
export const LlmAgentOptionsSchema = z
  .strictObject({
    /** The task the agent works on: the prompt's description, metric and families; renderers need it. */
    task: z.custom<BenchTask>(
      (value) => value !== null && typeof value === 'object' && 'kind' in value && 'task' in value,
      'expected a BenchTask',
    ),
    /** Any LangChain chat model (other providers, tests); give it no retries of its own. Excludes `model`. */
    chatModel: z
      .custom<BaseChatModel>(isChatModel, 'expected a LangChain chat model (an object with invoke())')
      .refine(isNotStreaming, 'set streaming: false: a streaming model counts tokens with a tokenizer it downloads')
      .optional(),
    /** The served model's name for a `ChatOpenAI` built by the agent, e.g. `Qwen/Qwen3-235B-A22B`. Excludes `chatModel`. */
    model: z.string().min(1).optional(),
    /** The server's OpenAI-compatible root, e.g. `http://127.0.0.1:8000/v1`; default OpenAI's. Only with `model`. */
    baseURL: z.url().optional(),
    /** Bearer key; default `OPENAI_API_KEY`, else `not-needed` (local servers ignore it). Only with `model`. */
    apiKey: z.string().min(1).optional(),
    /** Sampling temperature; default the server's. Only with `model` (set it on an injected chat model yourself). */
    temperature: z.number().min(0).max(2).optional(),
    /** Cap on answer tokens (`max_tokens`); default the server's. Only with `model`. */
    maxTokens: z.number().int().positive().optional(),
    /** Re-asks after an invalid answer (not JSON, or a pipeline the schema rejects), each showing the error. */
    maxRetries: z.number().int().nonnegative().default(2),
    /** Retries of a request after a provider failure (429, 5xx, timeout, connection error, unreadable body). */
    providerRetries: z.number().int().nonnegative().default(3),
    /** Base of the exponential backoff between provider retries, jittered to 50-100 %. */
    retryDelayMs: z.number().nonnegative().default(1_000),
    /** Cap on one backoff wait, a server's `retry-after` included. */
    maxRetryDelayMs: z.number().nonnegative().default(60_000),
    /** Per-request timeout in milliseconds, the whole generation included; a timed-out request is retried like a 5xx. */
    timeoutMs: z.number().int().positive().default(180_000),
    /**
     * Milliseconds a request waits for the server's first byte before checking the server is there (`GET
     * <baseURL>/models`), and then for that check: a server that answers neither fails the request at once (retried,
     * and counted by `circuitBreaker`), one that answers is generating and is waited for up to `timeoutMs`. Only with
     * `model` (an injected chat model brings its own client); see `createGuardedFetch`.
     */
    firstByteTimeoutMs: z.number().int().positive().default(5_000),
    /**
     * After this many requests in a row get no answer at all (connection failure, silence; retries count), make no
     * more: every later operator call fails at once with an `LlmAgentError` saying why. A `RequestCircuitBreaker` is
     * shared with whoever else holds it (every run of a sweep); null never stops.
     */
    circuitBreaker: z
      .union([
        z.number().int().min(1),
        z.custom<RequestCircuitBreaker>((value) => value instanceof RequestCircuitBreaker, 'expected a RequestCircuitBreaker'),
      ])
      .nullable()
      .default(null),
    /** How many earlier evaluated proposals (the latest) the prompt's memory shows, with their outcomes. */
    memorySize: z.number().int().nonnegative().default(10),
    /** Jitter source of the backoff; default `Math.random`. */
    random: z.custom<RandomSource>(isFunction, 'expected a function returning numbers in [0, 1)').optional(),
    /** Timers for the request and first-byte timeouts and the retry backoff; default the process's own. For tests. */
    timers: z.custom<Timers>(isTimers, 'expected Timers (an object with setTimeout() and clearTimeout())').optional(),
    /**
     * Record every exchange to, or replay every answer from, this recording (`openChatRecording`). With one, the data
     * delimiter's nonce is derived from `run` and the request number (not random), so a run asks the same prompts
     * each time and its recording replays.
     */
    recording: z
      .custom<ChatRecording>(
        (value) => value !== null && typeof value === 'object' && typeof (value as ChatRecording).answer === 'function',
        'expected a ChatRecording',
      )
      .optional(),
    /** The run's key a recording files its exchanges under (default `run`). */
    run: z.string().min(1).default('run'),
    /** Source of the per-call data delimiter nonce (8-64 lower-case letters and digits); default 64 random bits. For tests. */
    nonce: z.custom<() => string>(isFunction, 'expected a function returning a nonce').optional(),
  })
  .superRefine((options, context) => {
    if ((options.chatModel === undefined) === (options.model === undefined)) {
      context.addIssue({ code: 'custom', path: ['model'], message: 'give exactly one of model (with baseURL) and chatModel' });
    }
    if (options.chatModel === undefined) return;
    for (const key of ['baseURL', 'apiKey', 'temperature', 'maxTokens'] as const) {
      if (options[key] !== undefined)
        context.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} configures the built ChatOpenAI; set it on the injected chatModel instead`,
        });
    }
  });

/** Options of `createLlmAgent` as callers write them. */
export type LlmAgentOptions = z.input<typeof LlmAgentOptionsSchema>;
/** `LlmAgentOptions` with the defaults filled in. */
export type ResolvedLlmAgentOptions = z.infer<typeof LlmAgentOptionsSchema>;
