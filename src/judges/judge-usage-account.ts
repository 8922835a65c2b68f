import type { JudgeCallUsage } from '../events/judge-events.js';

/** Prices per million tokens, in any currency; costs are reported in the same one. */
export interface JudgePricing {
  readonly inputPerMillionTokens: number;
  readonly outputPerMillionTokens: number;
}

/** What judging has cost so far, for one run or for all of them. */
export interface JudgeUsage {
  /** Model requests sent, failed ones, retries and repair requests included. */
  readonly requests: number;
  /** Requests that were retries after a provider failure or an invalid answer. */
  readonly retries: number;
  /** Tokens as the responses' usage metadata reported them. */
  readonly inputTokens: number;
  readonly outputTokens: number;
  /**
   * Requests whose response reported no usage (failures, answers the client rejected before returning them,
   * servers that send none): their tokens are missing from the totals, which are then a lower bound.
   */
  readonly unmeteredRequests: number;
  /** Tokens at the configured prices; null when none were configured. */
  readonly cost: number | null;
  /** Verdicts the model gave (not from the cache, not fallbacks). */
  readonly verdicts: number;
  /** Verdicts answered from the cache, at no cost. */
  readonly cacheHits: number;
  /** Episodes that got the fallback judge's verdict. */
  readonly fallbacks: number;
}

type Counts = { -readonly [Key in Exclude<keyof JudgeUsage, 'cost'>]: number };

const zero = (): Counts => ({
  requests: 0,
  retries: 0,
  inputTokens: 0,
  outputTokens: 0,
  unmeteredRequests: 0,
  verdicts: 0,
  cacheHits: 0,
  fallbacks: 0,
});

/** The token counts in a LangChain message's `usage_metadata`, or null when it has none. */
export function reportedUsage(message: unknown): { inputTokens: number; outputTokens: number } | null {
  const usage = (message as { usage_metadata?: { input_tokens?: unknown; output_tokens?: unknown } } | null)?.usage_metadata;
  const { input_tokens: input, output_tokens: output } = usage ?? {};
  if (typeof input !== 'number' || typeof output !== 'number' || !Number.isFinite(input) || !Number.isFinite(output)) return null;
  return { inputTokens: input, outputTokens: output };
}

/** Per-run counts of a judge's requests, tokens, cost, cache hits and fallbacks. */
export class JudgeUsageAccount {
  readonly #pricing: JudgePricing | null;
  readonly #runs = new Map<string, Counts>();

  /** Costs are computed at `pricing`, or are null without it. */
  constructor(pricing: JudgePricing | null) {
    this.#pricing = pricing;
  }

  /** The cost of `inputTokens` and `outputTokens` at the configured prices, or null. */
  costOf(inputTokens: number, outputTokens: number): number | null {
    if (this.#pricing === null) return null;
    return (inputTokens * this.#pricing.inputPerMillionTokens + outputTokens * this.#pricing.outputPerMillionTokens) / 1_000_000;
  }

  /** Books one request and its reported usage (null when none was reported); returns the usage with its cost. */
  recordRequest(runId: string, usage: { inputTokens: number; outputTokens: number } | null): JudgeCallUsage | null {
    const counts = this.#counts(runId);
    counts.requests += 1;
    if (usage === null) {
      counts.unmeteredRequests += 1;
      return null;
    }
    counts.inputTokens += usage.inputTokens;
    counts.outputTokens += usage.outputTokens;
    return { ...usage, cost: this.costOf(usage.inputTokens, usage.outputTokens) };
  }

  /** Counts one retry, verdict, cache hit or fallback for `runId`. */
  record(runId: string, what: 'retries' | 'verdicts' | 'cacheHits' | 'fallbacks'): void {
    this.#counts(runId)[what] += 1;
  }

  /** Usage of `runId` (zeros for a run never judged), or of all runs together when `runId` is omitted. */
  usage(runId?: string): JudgeUsage {
    const counts = zero();
    const runs = runId === undefined ? [...this.#runs.values()] : [this.#runs.get(runId) ?? zero()];
    for (const run of runs) for (const key of Object.keys(counts) as (keyof Counts)[]) counts[key] += run[key];
    // Priced from the token totals rather than summed per request, so no rounding accumulates.
    return { ...counts, cost: this.costOf(counts.inputTokens, counts.outputTokens) };
  }

  /** The runs with any usage, in first-use order. */
  runIds(): string[] {
    return [...this.#runs.keys()];
  }

  #counts(runId: string): Counts {
    let counts = this.#runs.get(runId);
    if (counts === undefined) {
      counts = zero();
      this.#runs.set(runId, counts);
    }
    return counts;
  }
}
