import { z } from 'zod';
import { checkArgument } from '../options/check-argument.js';
import { failureMessage, isUnansweredFailure } from './provider-failure.js';

/** What `RequestCircuitBreaker` tells its `onOpen` listener, once. */
export interface RequestCircuitOpen {
  /** Requests in a row that got no answer (the threshold). */
  readonly failures: number;
  /** The last of them, as `failureMessage` puts it. */
  readonly reason: string;
}

/**
 * Counts requests in a row that got no answer at all (`isUnansweredFailure`: connection refused or reset, nothing
 * within the first-byte timeout) and opens after `threshold` of them: from then on `openReason` says why, and its
 * callers send nothing more. Any HTTP answer, an error status included, resets the count: that server is there, and
 * its failures are for retries, not for the breaker. Requests are counted, not calls or episodes, so a silent server
 * costs `threshold` waits whatever the retries; one breaker may be shared by every caller of a server (every run of a
 * sweep). It never closes again: the caller's work falls back, or fails, with the reason instead of waiting.
 */
export class RequestCircuitBreaker {
  /** Unanswered requests in a row that open the breaker. */
  readonly threshold: number;
  readonly #onOpen: ((open: RequestCircuitOpen) => void) | undefined;
  #inARow = 0;
  #openReason: string | null = null;

  /** `threshold`, a positive integer: unanswered requests in a row that open it; `onOpen` is called once, when it opens. */
  constructor(threshold: number, onOpen?: (open: RequestCircuitOpen) => void) {
    this.threshold = checkArgument(z.number().int().positive(), threshold, 'threshold');
    this.#onOpen = onOpen;
  }

  /** Null while closed; once open, why, e.g. `the circuit breaker opened after 3 requests in a row got no answer (last: …)`. */
  get openReason(): string | null {
    return this.#openReason;
  }

  /** Records an answered request: the server is there, the count starts again. */
  answered(): void {
    this.#inARow = 0;
  }

  /** Records a failed request; returns true when this failure opened the breaker. */
  failed(error: unknown): boolean {
    if (!isUnansweredFailure(error)) {
      this.#inARow = 0;
      return false;
    }
    this.#inARow += 1;
    if (this.#openReason !== null || this.#inARow < this.threshold) return false;
    const reason = failureMessage(error);
    this.#openReason = `the circuit breaker opened after ${this.threshold} request${this.threshold === 1 ? '' : 's'} in a row got no answer (last: ${reason})`;
    this.#onOpen?.({ failures: this.threshold, reason });
    return true;
  }
}
