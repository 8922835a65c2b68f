import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { z } from 'zod';
import { RequestCircuitBreaker } from 'boden/calls';
import type { RandomSource } from 'boden';
import type { ChatRecording } from '../agents/chat-recording.js';
import type { CodeTask } from './code-task.js';

const isFunction = (value: unknown): boolean => typeof value === 'function';
const isChatModel = (value: unknown): boolean =>
  value !== null && typeof value === 'object' && typeof (value as Record<string, unknown>).invoke === 'function';

/**
 * Options of `createCodeAgent`: the task, the model (an OpenAI-compatible server by `model` and `baseURL`, or an
 * injected LangChain chat model), the run's identity and seed (sent with every request), a recording to record to
 * or replay from, and how much of the run the memory shows.
 */
export const CodeAgentOptionsSchema = z
  .strictObject({
    task: z.custom<CodeTask>(
      (value) =>
        value !== null && typeof value === 'object' && typeof (value as CodeTask).evaluate === 'function' && 'description' in value,
      'expected a CodeTask',
    ),
    /** Any LangChain chat model; give it no retries of its own. Excludes `model`. */
    chatModel: z.custom<BaseChatModel>(isChatModel, 'expected a LangChain chat model (an object with invoke())').optional(),
    /** The served model's name, e.g. `Qwen/Qwen3-235B-A22B`; recorded with every exchange. */
    model: z.string().min(1),
    /** The server's OpenAI-compatible root, e.g. `http://127.0.0.1:8000/v1`. Only without `chatModel`. */
    baseURL: z.url().optional(),
    /** Bearer key; default `OPENAI_API_KEY`, else `not-needed` (local servers ignore it). */
    apiKey: z.string().min(1).optional(),
    temperature: z.number().min(0).max(2).optional(),
    maxTokens: z.number().int().positive().optional(),
    /**
     * The run's key, sent as the request's `user`: recordings are filed under it, and the scripted model keeps one
     * simulated agent per key. It names the task and seed but not the arm, so a model (or a person at a relay) stays
     * blind to the arm.
     */
    run: z.string().min(1),
    /** The agent's seed, sent as the request's `seed` (a real model may honour it; the scripted model does). */
    seed: z.number().int().min(0),
    /** Record every exchange to, or replay every answer from, this recording (`openChatRecording`). */
    recording: z
      .custom<ChatRecording>(
        (value) => value !== null && typeof value === 'object' && typeof (value as ChatRecording).answer === 'function',
        'expected a ChatRecording',
      )
      .optional(),
    /** Re-asks after an answer with no program (counted); after them the proposal is a buggy node with the reason. */
    repairs: z.number().int().min(0).default(1),
    /** Retries of a request after a provider failure (429, 5xx, timeout, connection error). */
    providerRetries: z.number().int().min(0).default(3),
    retryDelayMs: z.number().min(0).default(1_000),
    maxRetryDelayMs: z.number().min(0).default(60_000),
    /** Per-request timeout (the whole generation). */
    timeoutMs: z.number().int().positive().default(300_000),
    /** With no response after this long, the server must answer `GET /models` as fast, else the request fails (`createGuardedFetch`). */
    firstByteTimeoutMs: z.number().int().positive().default(5_000),
    /** Requests in a row with no answer that stop every later call (a number, or a breaker shared by a sweep's runs). */
    circuitBreaker: z
      .union([
        z.number().int().min(1),
        z.custom<RequestCircuitBreaker>((value) => value instanceof RequestCircuitBreaker, 'expected a RequestCircuitBreaker'),
      ])
      .optional(),
    /** Show the run's memory in the prompts (off: independent drafts that know nothing of each other). */
    memory: z.boolean().default(true),
    /** Failed attempts the memory shows (every scored attempt is shown). */
    memoryErrors: z.number().int().min(0).default(3),
    /** Characters of each plan the memory shows. */
    planCharacters: z.number().int().min(20).default(400),
    /** Jitter of the retry backoff; default `Math.random`. */
    random: z.custom<RandomSource>(isFunction, 'expected a function returning numbers in [0, 1)').optional(),
  })
  .superRefine((options, context) => {
    if (options.chatModel !== undefined) {
      for (const key of ['baseURL', 'apiKey', 'temperature', 'maxTokens'] as const) {
        if (options[key] !== undefined)
          context.addIssue({
            code: 'custom',
            path: [key],
            message: `${key} configures the built ChatOpenAI; set it on the injected chatModel instead`,
          });
      }
    }
  });

/** Options of `createCodeAgent` as callers write them. */
export type CodeAgentOptions = z.input<typeof CodeAgentOptionsSchema>;
/** `CodeAgentOptions` with the defaults filled in. */
export type ResolvedCodeAgentOptions = z.infer<typeof CodeAgentOptionsSchema>;
