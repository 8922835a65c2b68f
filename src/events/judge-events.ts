import type { JudgeProblem } from '../errors/judge-error.js';

/** Which episode of which run a judge event is about, and which judge emitted it. */
export interface JudgeEventSubject {
  readonly runId: string;
  readonly episodeId: string;
  /** The emitting judge's `id`, e.g. `llm/gpt-5`. */
  readonly judge: string;
}

/** Tokens and cost of one model request, as the response's usage metadata reported them. */
export interface JudgeCallUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** At the judge's per-million-token prices; null when it was given none. */
  readonly cost: number | null;
}

/** Payload of `judge-call-end`: one model request finished, whatever its outcome. */
export interface JudgeCallEndEvent extends JudgeEventSubject {
  /** 1-based number of the request for this episode, retries and the repair request included. */
  readonly request: number;
  /** `answered` (a valid verdict), `invalid-answer` (unparseable or off-schema) or `failed` (no answer). */
  readonly outcome: 'answered' | 'invalid-answer' | 'failed';
  /** Null when the response reported no usage (a failed request, or an answer the client rejected itself). */
  readonly usage: JudgeCallUsage | null;
  readonly durationMs: number;
  /** HTTP status of a failed request, when it was an HTTP answer. */
  readonly status: number | null;
  /** First line of the failure or validation error; null when answered. */
  readonly error: string | null;
}

/** Payload of `judge-retry`: a request failed and another one follows. */
export interface JudgeRetryEvent extends JudgeEventSubject {
  /** The request that failed. */
  readonly request: number;
  /** `provider`: 429, 5xx, timeout or connection error, retried after `delayMs`; `invalid-answer`: asked again with the error. */
  readonly cause: 'provider' | 'invalid-answer';
  readonly delayMs: number;
  readonly status: number | null;
  readonly message: string;
}

/** Payload of `judge-fallback`: the LLM judge failed on an episode and the fallback judge's verdict stands. */
export interface JudgeFallbackEvent extends JudgeEventSubject {
  /** The fallback judge's `id`. */
  readonly fallback: string;
  readonly problem: JudgeProblem;
  readonly reason: string;
}

/**
 * Payload of `judge-circuit-open`: after `failures` judge calls in a row ended in provider failures, or `failures`
 * requests in a row got no answer at all, the judge stops calling the model.
 */
export interface JudgeCircuitOpenEvent {
  readonly judge: string;
  readonly failures: number;
  /** What was counted: `failed-calls` (judge calls, retries spent) or `unanswered-requests` (connection failures, silence). */
  readonly counted: 'failed-calls' | 'unanswered-requests';
  /** The last provider failure. */
  readonly reason: string;
}

/** Payload of `judge-deadline-passed`: the judge's whole-run deadline passed; it makes no more requests. */
export interface JudgeDeadlinePassedEvent {
  readonly judge: string;
  /** The deadline, in milliseconds from the judge's first call. */
  readonly deadlineMs: number;
}

/** Payload of `judge-cache-hit`: a verdict was answered from the cache; no request was made. */
export interface JudgeCacheHitEvent extends JudgeEventSubject {
  readonly source: 'memory' | 'disk';
}

/** Payload of `judge-context-trimmed`: the prompt exceeded the token budget and earlier episodes were shortened. */
export interface JudgeContextTrimmedEvent extends JudgeEventSubject {
  readonly budget: number;
  /** Estimated prompt tokens after trimming (conservative: at or above the real count). */
  readonly tokens: number;
  /** Earlier episodes whose code was dropped. */
  readonly droppedCode: number;
  /** Earlier episodes whose plan and summary were condensed. */
  readonly condensed: number;
  /** Earliest episodes left out entirely. */
  readonly omitted: number;
  /** True when the current episode itself had to be truncated. */
  readonly truncatedCurrent: boolean;
}

/** Payload of `listener-error`: a listener threw; the judge went on. */
export interface JudgeListenerErrorEvent {
  readonly event: string;
  readonly error: unknown;
}

/** Events of a judge, by name. */
export type JudgeEvents = {
  'judge-call-end': [JudgeCallEndEvent];
  'judge-retry': [JudgeRetryEvent];
  'judge-fallback': [JudgeFallbackEvent];
  'judge-circuit-open': [JudgeCircuitOpenEvent];
  'judge-deadline-passed': [JudgeDeadlinePassedEvent];
  'judge-cache-hit': [JudgeCacheHitEvent];
  'judge-context-trimmed': [JudgeContextTrimmedEvent];
  'listener-error': [JudgeListenerErrorEvent];
};
