import { z } from 'zod';
import { checkArgument } from '../options/check-argument.js';

interface Waiter {
  readonly grant: () => void;
}

/**
 * Runs at most `limit` tasks at a time, first come first served; the others wait for a slot. A caller's signal
 * that aborts while it waits takes it out of the queue. Shared by every call of one embedder or judge, so the
 * provider sees at most `limit` requests in flight however many callers there are.
 */
export class ConcurrencyLimiter {
  /** Most tasks running at once. */
  readonly limit: number;
  #active = 0;
  readonly #waiting: Waiter[] = [];

  /** `limit`, a positive integer: most tasks running at once. */
  constructor(limit: number) {
    this.limit = checkArgument(z.number().int().positive(), limit, 'limit');
  }

  /** Tasks running now. */
  get active(): number {
    return this.#active;
  }

  /** Runs `task` once a slot is free and returns its result; the slot is freed however the task ends. */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.#acquire(signal);
    try {
      return await task();
    } finally {
      this.#release();
    }
  }

  #acquire(signal: AbortSignal | undefined): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.#active < this.limit) {
      this.#active += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = (): void => {
        const index = this.#waiting.indexOf(waiter);
        if (index >= 0) this.#waiting.splice(index, 1);
        reject(signal!.reason);
      };
      const waiter: Waiter = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      this.#waiting.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  #release(): void {
    // The slot passes straight to the next waiter, so a newcomer cannot overtake the queue.
    const next = this.#waiting.shift();
    if (next === undefined) this.#active -= 1;
    else next.grant();
  }
}
