import type { BaseMessage } from '@langchain/core/messages';
import { HumanMessage, SystemMessage } from '@langchain/core/messages';
import type { Runnable } from '@langchain/core/runnables';
import { sleep } from '../calls/abortable.js';
import { backoffDelay } from '../calls/backoff-delay.js';
import { ConcurrencyLimiter } from '../calls/concurrency-limiter.js';
import { RequestCircuitBreaker } from '../calls/request-circuit-breaker.js';
import { withRequestTimeout } from '../calls/request-timeout.js';
import { systemTimers, type Timers } from '../calls/timers.js';
import { failureMessage, failureStatus, isRetryableFailure, retryAfterMs } from '../calls/provider-failure.js';
import { JudgeError } from '../errors/judge-error.js';
import type { JudgeEventSubject, JudgeEvents } from '../events/judge-events.js';
import { reportingEventEmitter } from '../events/reporting-event-emitter.js';
import type { SafeEventEmitter } from '../events/safe-event-emitter.js';
import { parseOptions } from '../options/parse-options.js';
import { createNonce } from './data-delimiter.js';
import { JudgeAnswerSchema, answerProblemOf, checkAnswer, describeInvalidAnswer, type JudgeAnswer } from './judge-answer.js';
import { JudgeCache, judgeCacheKey, type JudgeCacheStatistics } from './judge-cache.js';
import { fitJudgeContext } from './judge-context-budget.js';
import {
  judgePromptContent,
  renderJudgePrompt,
  renderJudgeSystemPrompt,
  renderRepairRequest,
  type JudgePromptContent,
} from './judge-prompt.js';
import { judgePromptVersion } from './judge-rubric.js';
import { JudgeUsageAccount, reportedUsage, type JudgeUsage } from './judge-usage-account.js';
import { rubricLabel, type JudgeVerdict } from './judge-verdict.js';
import type { Judge, JudgeInput } from './judge.js';
import { llmJudgeOptionsSchema, type LlmJudgeOptions, type ResolvedLlmJudgeOptions } from './llm-judge-options.js';
import { loadTokenCounter } from './token-counter.js';

type StructuredReply = { raw: BaseMessage; parsed: unknown };
type Checked = { answer: JudgeAnswer } | { problem: string };

/**
 * A `Judge` backed by any LangChain chat model (see `createOpenAiCompatibleJudge` for vLLM, Ollama or OpenAI):
 * the paper's LLM-as-a-judge (Appendix B). The prompt holds the rubric with examples, edge rules and a procedure,
 * then the run's earlier episodes and the current one, every agent text quoted as data under a per-call nonce
 * (`DataDelimiter`), trimmed to `contextTokenBudget` tokens (`fitJudgeContext`). The answer comes through
 * `withStructuredOutput`; the judge adds confidence and provenance. Like the paper's judge it reads texts only:
 * `JudgeInput.novelty` and `concepts` are evidence for other judges and are not shown to the model.
 *
 * Failures degrade: a provider failure (429, 5xx, timeout, connection error) is retried `maxRetries` times with
 * jittered backoff honouring `retry-after`; an invalid answer is asked again once, with the validation error
 * appended; once the circuit breaker is open (`circuitBreaker`), no request is made. After that the `fallback`
 * judge's verdict stands, marked `fallback: { from, reason }` and announced by `judge-fallback` (or, without a
 * fallback, `JudgeError` is thrown). Only an abort by the caller rejects with
 * the signal's reason. Valid answers are cached by content hash; tokens and cost are booked per run (`usage`).
 */
export class LlmJudge implements Judge {
  /** Version of the `Judge` role this class implements. */
  readonly specificationVersion = 'v1' as const;
  /** Provenance in verdicts, e.g. `llm/gpt-5`; part of every cache key. */
  readonly id: string;
  /** Typed events: `judge-call-end`, `judge-retry`, `judge-fallback`, `judge-circuit-open`, `judge-deadline-passed`, `judge-cache-hit`, `judge-context-trimmed`. */
  readonly events: SafeEventEmitter<JudgeEvents>;
  readonly #options: ResolvedLlmJudgeOptions;
  readonly #structured: Runnable<BaseMessage[], StructuredReply>;
  readonly #limiter: ConcurrencyLimiter;
  readonly #cache: JudgeCache | null;
  readonly #account: JudgeUsageAccount;
  readonly #now: () => number;
  readonly #timers: Timers;
  #providerFailuresInARow = 0;
  // Why calls are no longer made, once either breaker opened: calls in a row that failed, or requests that got no answer.
  #circuitOpen: string | null = null;
  readonly #requestBreaker: RequestCircuitBreaker | null;
  // When the first call started, on `now`, and the reason later calls give once the deadline passed.
  #firstCallAt: number | null = null;
  #deadlinePassed: string | null = null;
  // The rubric's wording is part of every cache key, so editing the prompt never returns stale answers.
  readonly #promptVersion: string;

  /** Validates `options` (throws `InvalidOptionsError` naming a bad one); makes no call to the model. */
  constructor(options: LlmJudgeOptions) {
    const resolved = parseOptions(llmJudgeOptionsSchema, options, 'LlmJudge');
    this.#options = resolved;
    this.#promptVersion = `${judgePromptVersion}\0${renderJudgeSystemPrompt('0'.repeat(16), { decomposed: resolved.prompt === 'evidence' })}`;
    const model = resolved.model as unknown as { model?: unknown; modelName?: unknown };
    const modelName =
      typeof model.model === 'string'
        ? model.model
        : typeof model.modelName === 'string'
          ? model.modelName
          : resolved.model.constructor.name;
    this.id = resolved.id ?? `llm/${modelName}`;
    this.#structured = resolved.model.withStructuredOutput(JudgeAnswerSchema, {
      name: 'p_creativity_verdict',
      includeRaw: true,
      ...(resolved.method === undefined ? {} : { method: resolved.method }),
    }) as Runnable<BaseMessage[], StructuredReply>;
    this.#limiter = new ConcurrencyLimiter(resolved.maxConcurrency);
    this.#cache = resolved.cache === false ? null : new JudgeCache({ directory: resolved.cache.directory ?? null });
    this.#account = new JudgeUsageAccount(resolved.pricing ?? null);
    this.#now = resolved.now ?? (() => performance.now());
    this.#timers = resolved.timers ?? systemTimers;
    this.#requestBreaker =
      resolved.circuitBreaker === null
        ? null
        : new RequestCircuitBreaker(resolved.circuitBreaker, ({ failures, reason }) => {
            if (this.#circuitOpen !== null) return;
            this.#circuitOpen = `not called: ${this.#requestBreaker!.openReason}`;
            this.events.emit('judge-circuit-open', { judge: this.id, failures, counted: 'unanswered-requests', reason });
          });
    this.events = reportingEventEmitter<JudgeEvents>();
  }

  /** Requests, tokens, cost, cache hits and fallbacks of `runId`, or of all runs when it is omitted. */
  usage(runId?: string): JudgeUsage {
    return this.#account.usage(runId);
  }

  /** The runs judged so far, in first-use order. */
  runIds(): string[] {
    return this.#account.runIds();
  }

  /** Counters of the answer cache (all zero when the cache is off). */
  get cacheStatistics(): JudgeCacheStatistics {
    return this.#cache?.statistics ?? { memoryHits: 0, diskHits: 0, corruptEntries: 0, writeFailures: 0 };
  }

  /** Scores `input.episode` against `input.earlier`; see the class comment for how failures degrade. */
  async judge(input: JudgeInput, options: { signal?: AbortSignal } = {}): Promise<JudgeVerdict> {
    const { signal } = options;
    signal?.throwIfAborted();
    const subject: JudgeEventSubject = { runId: input.runId, episodeId: input.episode.id, judge: this.id };
    const content = judgePromptContent(input, { evidence: this.#options.prompt === 'evidence' });
    const { contextTokenBudget, condensedTokens, method } = this.#options;
    const key =
      this.#cache &&
      judgeCacheKey({
        judgeId: this.id,
        promptVersion: this.#promptVersion,
        settings: { contextTokenBudget, condensedTokens, method },
        content,
      });
    const cached = key === null ? null : await this.#cache!.get(key);
    if (cached !== null) {
      this.#account.record(input.runId, 'cacheHits');
      this.events.emit('judge-cache-hit', { ...subject, source: cached.source });
      return this.#verdict(cached.answer);
    }
    this.#firstCallAt ??= this.#now();
    const notCalled = this.#circuitOpen ?? (this.#timeLeft() <= 0 ? this.#passDeadline() : null);
    if (notCalled !== null) {
      const open = new JudgeError({
        judgeId: this.id,
        problem: 'provider',
        reason: notCalled,
        requests: 0,
        status: null,
        runId: input.runId,
        episodeId: input.episode.id,
      });
      return this.#fallBack(input, subject, open, signal);
    }
    let answer: JudgeAnswer;
    try {
      answer = await this.#ask(content, subject, signal);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (!JudgeError.isInstance(error)) throw error;
      if (error.problem === 'provider') this.#countProviderFailure(error.reason);
      return this.#fallBack(input, subject, error, signal);
    }
    this.#providerFailuresInARow = 0;
    this.#account.record(input.runId, 'verdicts');
    if (key !== null) await this.#cache!.set(key, this.id, answer);
    return this.#verdict(answer);
  }

  /** Milliseconds left before the whole-run deadline (Infinity without one). */
  #timeLeft(): number {
    const { deadlineMs } = this.#options;
    if (deadlineMs === null || this.#firstCallAt === null) return Infinity;
    return deadlineMs - (this.#now() - this.#firstCallAt);
  }

  /** Marks the deadline passed (said once, by `judge-deadline-passed`) and returns the reason later calls give. */
  #passDeadline(): string {
    if (this.#deadlinePassed === null) {
      this.#deadlinePassed = `not called: the whole-run deadline of ${this.#options.deadlineMs} ms passed`;
      this.events.emit('judge-deadline-passed', { judge: this.id, deadlineMs: this.#options.deadlineMs! });
    }
    return this.#deadlinePassed;
  }

  /** The provider failure of a request that would start, or wait, past the deadline. */
  #deadlineError(subject: JudgeEventSubject, requests: number): JudgeError {
    const reason = `the whole-run deadline of ${this.#options.deadlineMs} ms passed`;
    this.#passDeadline();
    return new JudgeError({
      judgeId: this.id,
      problem: 'provider',
      reason,
      requests,
      status: null,
      runId: subject.runId,
      episodeId: subject.episodeId,
    });
  }

  /** Counts a call that ended in a provider failure; opens the circuit breaker at its threshold. */
  #countProviderFailure(reason: string): void {
    this.#providerFailuresInARow += 1;
    const threshold = this.#options.circuitBreaker;
    if (threshold === null || this.#providerFailuresInARow < threshold || this.#circuitOpen !== null) return;
    this.#circuitOpen = `not called: the circuit breaker opened after ${threshold} calls in a row failed (last: ${reason})`;
    this.events.emit('judge-circuit-open', { judge: this.id, failures: threshold, counted: 'failed-calls', reason });
  }

  /** Asks the model, once more with the validation error after an invalid answer; throws `JudgeError` on failure. */
  async #ask(full: JudgePromptContent, subject: JudgeEventSubject, signal: AbortSignal | undefined): Promise<JudgeAnswer> {
    const nonce = (this.#options.nonce ?? createNonce)();
    const { contextTokenBudget: budget, condensedTokens } = this.#options;
    const fitted = await fitJudgeContext(full, { budget, condensedTokens, nonce, loadCounter: loadTokenCounter });
    if (fitted.trimming !== null)
      this.events.emit('judge-context-trimmed', { ...subject, budget, tokens: fitted.tokens ?? 0, ...fitted.trimming });
    const prompt = renderJudgePrompt(fitted.content, nonce);
    const messages: BaseMessage[] = [new SystemMessage(prompt.system), new HumanMessage(prompt.user)];
    const requests = { count: 0 };
    for (let round = 1; ; round += 1) {
      const checked = await this.#request(messages, subject, requests, signal);
      if ('answer' in checked) return checked.answer;
      if (round === 2) {
        const reason = `the model's answer was invalid twice: ${checked.problem}`;
        throw new JudgeError({
          judgeId: this.id,
          problem: 'invalid-answer',
          reason,
          requests: requests.count,
          runId: subject.runId,
          episodeId: subject.episodeId,
        });
      }
      this.#account.record(subject.runId, 'retries');
      this.events.emit('judge-retry', {
        ...subject,
        request: requests.count,
        cause: 'invalid-answer',
        delayMs: 0,
        status: null,
        message: checked.problem,
      });
      messages.push(new HumanMessage(renderRepairRequest(checked.problem, nonce)));
    }
  }

  /** One model request, retried after provider failures; returns the checked answer or throws `JudgeError`. */
  async #request(
    messages: BaseMessage[],
    subject: JudgeEventSubject,
    requests: { count: number },
    signal: AbortSignal | undefined,
  ): Promise<Checked> {
    for (let attempt = 1; ; attempt += 1) {
      signal?.throwIfAborted();
      // Opened by a concurrent call (this call's own failures stop retrying below).
      if (this.#circuitOpen !== null) {
        throw new JudgeError({
          judgeId: this.id,
          problem: 'provider',
          reason: this.#circuitOpen,
          requests: requests.count,
          status: null,
          runId: subject.runId,
          episodeId: subject.episodeId,
        });
      }
      const left = this.#timeLeft();
      if (left <= 0) throw this.#deadlineError(subject, requests.count);
      const request = (requests.count += 1);
      const started = this.#now();
      const end = (
        outcome: 'answered' | 'invalid-answer' | 'failed',
        usage: ReturnType<JudgeUsageAccount['recordRequest']>,
        status: number | null,
        error: string | null,
      ): void => {
        this.events.emit('judge-call-end', { ...subject, request, outcome, usage, durationMs: this.#now() - started, status, error });
      };
      try {
        const reply = await this.#limiter.run(() => this.#invoke(messages, signal, left), signal);
        this.#requestBreaker?.answered();
        const usage = this.#account.recordRequest(subject.runId, reportedUsage(reply.raw));
        const checked: Checked = reply.parsed == null ? { problem: describeInvalidAnswer(reply.raw) } : checkAnswer(reply.parsed);
        end('answer' in checked ? 'answered' : 'invalid-answer', usage, null, 'problem' in checked ? checked.problem : null);
        return checked;
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        this.#account.recordRequest(subject.runId, null);
        const problem = answerProblemOf(error);
        if (problem !== null) {
          this.#requestBreaker?.answered();
          end('invalid-answer', null, null, problem);
          return { problem };
        }
        const status = failureStatus(error);
        const message = failureMessage(error);
        end('failed', null, status, message);
        this.#requestBreaker?.failed(error);
        const retryable = isRetryableFailure(error);
        if (!retryable || attempt > this.#options.maxRetries || this.#circuitOpen !== null) {
          const reason = `the provider failed${retryable ? '' : ' (not retryable)'}: ${message}`;
          throw new JudgeError({
            judgeId: this.id,
            problem: 'provider',
            reason,
            requests: requests.count,
            status,
            runId: subject.runId,
            episodeId: subject.episodeId,
            cause: error,
          });
        }
        const delayMs = backoffDelay(attempt, { ...this.#options, random: this.#options.random ?? Math.random }, retryAfterMs(error));
        if (delayMs >= this.#timeLeft()) throw this.#deadlineError(subject, requests.count);
        this.#account.record(subject.runId, 'retries');
        this.events.emit('judge-retry', { ...subject, request, cause: 'provider', delayMs, status, message });
        await sleep(delayMs, signal, this.#timers);
      }
    }
  }

  /** One `invoke` of the structured model, cut off after `timeoutMs` (or the time left) with a retryable `TimeoutError`. */
  #invoke(messages: BaseMessage[], signal: AbortSignal | undefined, timeLeft: number): Promise<StructuredReply> {
    const timeoutMs = Math.max(1, Math.min(this.#options.timeoutMs, Math.ceil(timeLeft)));
    return withRequestTimeout((combined) => this.#structured.invoke(messages, { signal: combined }), {
      timeoutMs,
      signal,
      timers: this.#timers,
    });
  }

  /** The fallback judge's verdict marked as a fallback from this judge, or `failure` thrown when there is none. */
  async #fallBack(
    input: JudgeInput,
    subject: JudgeEventSubject,
    failure: JudgeError,
    signal: AbortSignal | undefined,
  ): Promise<JudgeVerdict> {
    const { fallback } = this.#options;
    if (fallback === undefined) throw failure;
    let verdict: JudgeVerdict;
    try {
      verdict = await fallback.judge(input, signal === undefined ? {} : { signal });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      const reason = `${failure.reason}; the fallback judge ${fallback.id} failed too: ${failureMessage(error)}`;
      throw new JudgeError({
        judgeId: this.id,
        problem: 'fallback',
        reason,
        requests: failure.requests,
        status: failure.status,
        runId: subject.runId,
        episodeId: subject.episodeId,
        cause: error,
      });
    }
    this.#account.record(subject.runId, 'fallbacks');
    this.events.emit('judge-fallback', { ...subject, fallback: fallback.id, problem: failure.problem, reason: failure.reason });
    return { ...verdict, fallback: { from: this.id, reason: failure.reason } };
  }

  #verdict(answer: JudgeAnswer): JudgeVerdict {
    // The score is the answer; the label follows from it, so a model's mismatched label cannot contradict it.
    return {
      score: answer.score,
      label: rubricLabel(answer.score),
      modes: [...new Set(answer.modes)],
      rationale: answer.rationale.trim(),
      confidence: this.#options.confidence,
      judge: this.id,
    };
  }
}
