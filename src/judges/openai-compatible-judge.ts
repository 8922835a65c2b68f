import { ChatOpenAI } from '@langchain/openai';
import { z } from 'zod';
import { createGuardedFetch } from '../calls/guarded-fetch.js';
import { parseOptions } from '../options/parse-options.js';
import { LlmJudge } from './llm-judge.js';
import { llmJudgeOptionsSchema } from './llm-judge-options.js';

/** Options of `createOpenAiCompatibleJudge`: the server, the model, sampling, and every `LlmJudge` option but `model`. */
export const openAiCompatibleJudgeOptionsSchema = llmJudgeOptionsSchema.omit({ model: true }).extend({
  /** The server's OpenAI-compatible root, e.g. `http://127.0.0.1:8000/v1` for vLLM or `http://127.0.0.1:11434/v1` for Ollama. */
  baseURL: z.url(),
  /** The served model's name, e.g. `Qwen/Qwen3-235B-A22B` or `gpt-5`. */
  model: z.string().min(1),
  /** Bearer key; default `OPENAI_API_KEY`, else `not-needed` (local servers ignore it, the client insists on one). */
  apiKey: z.string().min(1).optional(),
  /** Sampling temperature; default the server's (reasoning models such as GPT-5 accept only their default). */
  temperature: z.number().min(0).max(2).optional(),
  /** Cap on answer tokens (`max_tokens`); default the server's. */
  maxTokens: z.number().int().positive().optional(),
  /**
   * Milliseconds a request waits for the server's first byte (its response headers) before checking the server is
   * there (`GET <baseURL>/models`), and then for that check: a server that answers neither fails the request at once
   * (retried, and counted by `circuitBreaker`), one that answers is generating and is waited for up to `timeoutMs`
   * (a non-streamed completion's headers come with the whole answer). See `createGuardedFetch`.
   */
  firstByteTimeoutMs: z.number().int().positive().default(5_000),
});

/** Options of `createOpenAiCompatibleJudge` as callers pass them. */
export type OpenAiCompatibleJudgeOptions = z.input<typeof openAiCompatibleJudgeOptionsSchema>;

/**
 * An `LlmJudge` over `ChatOpenAI` talking to any OpenAI-compatible chat endpoint (vLLM, Ollama, llama.cpp,
 * OpenAI). The client is set up so the judge is in charge: its retries are off (`maxRetries: 0`) and streaming is
 * off (LangChain counts streamed tokens with a tokenizer it downloads). `withStructuredOutput` then uses
 * `ChatOpenAI`'s default, `jsonSchema` (`response_format: json_schema`, which vLLM and Ollama constrain decoding
 * to); pass `method: 'functionCalling'` for servers that only support forced tool calls. Its requests go through
 * `createGuardedFetch`: a server that never answers fails a request after `firstByteTimeoutMs` twice over, and an
 * HTML page with status 200 is "not a chat completion", not a parsing error inside the client.
 *
 * @example
 * const judge = createOpenAiCompatibleJudge({ baseURL: 'http://127.0.0.1:8000/v1', model: 'Qwen/Qwen3-235B-A22B', fallback: rubricJudge });
 */
export function createOpenAiCompatibleJudge(options: OpenAiCompatibleJudgeOptions): LlmJudge {
  const parsed = parseOptions(openAiCompatibleJudgeOptionsSchema, options, 'createOpenAiCompatibleJudge');
  const { baseURL, model, apiKey, temperature, maxTokens, firstByteTimeoutMs, ...judgeOptions } = parsed;
  const fetch = createGuardedFetch({ baseURL, firstByteTimeoutMs, ...(parsed.timers === undefined ? {} : { timers: parsed.timers }) });
  const chatModel = new ChatOpenAI({
    model,
    apiKey: apiKey ?? process.env.OPENAI_API_KEY ?? 'not-needed',
    maxRetries: 0,
    streaming: false,
    ...(temperature === undefined ? {} : { temperature }),
    ...(maxTokens === undefined ? {} : { maxTokens }),
    configuration: { baseURL, fetch },
  });
  return new LlmJudge({ ...judgeOptions, model: chatModel });
}
