import type { Timers } from '../../src/calls/timers.js';

interface PendingTimer {
  readonly handle: number;
  readonly callback: () => void;
  readonly milliseconds: number;
}

/**
 * `Timers` that never fire by themselves: a test fires them one by one (`fireNext`), so a timeout or a backoff
 * happens exactly when the test says, whatever the machine's load. Timers fire in the order they were set.
 */
export class ManualTimers implements Timers {
  readonly #pending: PendingTimer[] = [];
  readonly #waiters: (() => void)[] = [];
  #nextHandle = 1;

  /** Delays of the timers set and not yet fired or cleared, in the order they were set. */
  get pending(): number[] {
    return this.#pending.map((timer) => timer.milliseconds);
  }

  /** Records the timer; it fires only through `fireNext`. */
  setTimeout(callback: () => void, milliseconds: number): unknown {
    const handle = this.#nextHandle;
    this.#nextHandle += 1;
    this.#pending.push({ handle, callback, milliseconds });
    for (const wake of this.#waiters.splice(0)) wake();
    return handle;
  }

  /** Forgets a pending timer. */
  clearTimeout(handle: unknown): void {
    const index = this.#pending.findIndex((timer) => timer.handle === handle);
    if (index >= 0) this.#pending.splice(index, 1);
  }

  /**
   * Waits until a timer is pending (one whose delay `matches`, when given), fires the oldest such timer and
   * returns its delay. Timers that do not match stay pending.
   */
  async fireNext(matches: (milliseconds: number) => boolean = () => true): Promise<number> {
    for (;;) {
      const index = this.#pending.findIndex((timer) => matches(timer.milliseconds));
      if (index >= 0) {
        const [timer] = this.#pending.splice(index, 1);
        timer!.callback();
        return timer!.milliseconds;
      }
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }
}
