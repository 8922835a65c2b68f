import type { RandomSource } from '../random/random-source.js';

/** How long retries wait: the base of the exponential backoff, its cap, and the jitter source. */
export interface BackoffPolicy {
  /** Retry n waits about `retryDelayMs · 2^(n−1)`, jittered to 50-100 %. */
  readonly retryDelayMs: number;
  /** Cap on one wait, a server's `retry-after` included. */
  readonly maxRetryDelayMs: number;
  readonly random: RandomSource;
}

/**
 * Milliseconds to wait before retry `attempt` (1 for the first retry): jittered exponential backoff, raised to
 * the server's `retry-after` when it asked for longer, and capped at `maxRetryDelayMs` either way.
 */
export function backoffDelay(attempt: number, policy: BackoffPolicy, retryAfter: number | null): number {
  const { retryDelayMs, maxRetryDelayMs, random } = policy;
  const base = Math.min(maxRetryDelayMs, retryDelayMs * 2 ** (attempt - 1));
  // Jitter to 50-100 % of the base, so clients that failed together do not retry together.
  const jittered = base * (0.5 + 0.5 * random());
  return Math.min(maxRetryDelayMs, Math.max(jittered, retryAfter ?? 0));
}
