import { Option, type Command } from 'commander';
import { wholeNumberOption } from './bootstrap-options.js';
import { existsSync, statSync } from 'node:fs';
import { InvalidOptionsError } from '../errors/invalid-options-error.js';
import { createEscalatingJudge, type EscalatingJudge } from '../judges/escalating-judge.js';
import type { Judge } from '../judges/judge.js';
import type { LlmJudge } from '../judges/llm-judge.js';
import { RubricJudge } from '../judges/rubric-judge.js';

/** Rubric confidence below which the escalating judge asks the LLM, unless `--escalation-threshold` says otherwise. */
export const defaultEscalationThreshold = 0.95;

/** The judges `boden score --judge` can run. */
export const judgeChoices = ['none', 'rubric', 'llm', 'escalating'] as const;

/** A `--judge` choice. */
export type JudgeChoice = (typeof judgeChoices)[number];

/**
 * Adds the LLM judge's options to a command (`score` and `validate` share them): server, model, cache, and the
 * request and first-byte timeouts, retries, whole-run deadline and circuit breaker that keep a dead or silent server
 * from hanging the command.
 */
export function addLlmJudgeOptions(command: Command): Command {
  return command
    .option('--llm-base-url <url>', 'OpenAI-compatible server of the LLM judge (key from OPENAI_API_KEY)')
    .option('--llm-model <name>', 'model name of the LLM judge')
    .option('--llm-cache <dir>', "directory caching the LLM judge's answers, so re-scoring costs nothing")
    .addOption(
      new Option(
        '--llm-prompt <kind>',
        'LLM judge: plain (episodes and rubric) or evidence (also what boden measured, with a decomposed procedure)',
      )
        .choices(['plain', 'evidence'])
        .default('plain'),
    )
    .addOption(
      wholeNumberOption('--llm-timeout <ms>', 'LLM judge: cut off a request after this long, the whole generation included, and retry it', {
        minimum: 1,
        defaultValue: 60_000,
      }),
    )
    .addOption(
      wholeNumberOption(
        '--llm-first-byte-timeout <ms>',
        'LLM judge: with no response after this long, check the server answers GET /models; if not within as long again, the request fails (a silent server)',
        {
          minimum: 1,
          defaultValue: 5_000,
        },
      ),
    )
    .addOption(
      wholeNumberOption('--llm-retries <n>', 'LLM judge: retries of a failed request (429, 5xx, timeout)', { minimum: 0, defaultValue: 2 }),
    )
    .addOption(
      wholeNumberOption(
        '--llm-deadline <ms>',
        'LLM judge: no request after this long from the first call; every later verdict falls back (0 = no deadline)',
        {
          minimum: 0,
          defaultValue: 0,
        },
      ),
    )
    .addOption(
      wholeNumberOption(
        '--llm-circuit-breaker <n>',
        'LLM judge: after this many requests in a row get no answer (connection failure, silence), or this many episodes in a row fail, stop calling the server and fall back (0 = never)',
        {
          minimum: 0,
          defaultValue: 3,
        },
      ),
    );
}

/** The judge options of a command line. */
export interface JudgeCommandOptions {
  judge?: JudgeChoice;
  llmBaseUrl?: string;
  llmModel?: string;
  llmCache?: string;
  /** The LLM judge's prompt (`--llm-prompt`). */
  llmPrompt?: 'plain' | 'evidence';
  /** Per-request timeout of the LLM judge, milliseconds (parsed by the command). */
  llmTimeout?: number;
  /** How long the LLM judge waits for a response's first byte, and then for the server check, milliseconds. */
  llmFirstByteTimeout?: number;
  /** Retries of a failed LLM request. */
  llmRetries?: number;
  /** Unanswered requests, or calls ending in provider failures, in a row before the LLM judge stops calling (0 = never). */
  llmCircuitBreaker?: number;
  /** Whole-run deadline of the LLM judge from its first call, milliseconds (0 = none). */
  llmDeadline?: number;
  escalationThreshold?: string;
  maxEscalations?: number | string;
}

/** The judge a command line asked for, with the pieces whose counters the command reports. */
export interface CommandJudge {
  readonly judge: Judge;
  readonly llm?: LlmJudge;
  readonly escalating?: EscalatingJudge;
}

/**
 * Builds the judge named by `--judge`: the offline `RubricJudge`, an `LlmJudge` on any OpenAI-compatible server
 * (`--llm-base-url`, `--llm-model`, key from `OPENAI_API_KEY`) that falls back to the rubric judge, or the two
 * behind an `EscalatingJudge`. Undefined for `none`. Misconfiguration throws before any work starts. The LLM judge's
 * module (LangChain and its OpenAI client) is imported only when an LLM judge is asked for: it is most of a command's
 * start-up time.
 */
export async function createJudgeFromOptions(options: JudgeCommandOptions): Promise<CommandJudge | undefined> {
  const choice = options.judge ?? 'none';
  if (choice === 'none') return undefined;
  const rubric = new RubricJudge();
  if (choice === 'rubric') return { judge: rubric };
  if (!options.llmBaseUrl || !options.llmModel) {
    throw new InvalidOptionsError({
      target: `--judge ${choice}`,
      issues: [
        {
          path: options.llmBaseUrl ? '--llm-model' : '--llm-base-url',
          message: 'required for an LLM judge (the key comes from OPENAI_API_KEY)',
        },
      ],
    });
  }
  // A cache path that is a file would cache nothing, silently: refuse it (a missing directory is created).
  if (options.llmCache !== undefined && existsSync(options.llmCache) && !statSync(options.llmCache).isDirectory()) {
    throw new InvalidOptionsError({
      target: `--judge ${choice}`,
      issues: [{ path: '--llm-cache', message: `${options.llmCache} is a file, not a directory` }],
    });
  }
  const { createOpenAiCompatibleJudge } = await import('../judges/openai-compatible-judge.js');
  const llm = createOpenAiCompatibleJudge({
    baseURL: options.llmBaseUrl,
    model: options.llmModel,
    fallback: rubric,
    ...(options.llmPrompt === undefined ? {} : { prompt: options.llmPrompt }),
    ...(options.llmCache ? { cache: { directory: options.llmCache } } : {}),
    ...(options.llmTimeout === undefined ? {} : { timeoutMs: options.llmTimeout }),
    ...(options.llmFirstByteTimeout === undefined ? {} : { firstByteTimeoutMs: options.llmFirstByteTimeout }),
    ...(options.llmRetries === undefined ? {} : { maxRetries: options.llmRetries }),
    ...(options.llmCircuitBreaker === undefined
      ? {}
      : { circuitBreaker: options.llmCircuitBreaker === 0 ? null : options.llmCircuitBreaker }),
    ...(options.llmDeadline === undefined || options.llmDeadline === 0 ? {} : { deadlineMs: options.llmDeadline }),
  });
  if (choice === 'llm') return { judge: llm, llm };
  const escalating = createEscalatingJudge({
    cheap: rubric,
    expensive: llm,
    // Chosen on held-out research ideas (boden validate's reliability table on the dev labels): the rubric judge's
    // verdicts below 0.95 confidence were wrong 10 times in 40, at or above it 2 in 181; its 0.85-0.95 band alone was
    // wrong 5 times in 7, which the earlier in-sample choice of 0.85 left unescalated.
    threshold: options.escalationThreshold === undefined ? defaultEscalationThreshold : Number(options.escalationThreshold),
    ...(options.maxEscalations === undefined ? {} : { maxEscalationsPerRun: Number(options.maxEscalations) }),
  });
  return { judge: escalating, llm, escalating };
}
