/**
 * Schedules and cancels one-shot callbacks, the way `setTimeout`/`clearTimeout` do. Request timeouts and retry
 * backoff go through it so that a caller (or a test) decides when a timer fires instead of the wall clock.
 */
export interface Timers {
  /** Calls `callback` once after about `milliseconds`; returns a handle for `clearTimeout`. */
  setTimeout(callback: () => void, milliseconds: number): unknown;
  /** Cancels a pending timer; a handle that already fired or was cleared is ignored. */
  clearTimeout(handle: unknown): void;
}

/** The process's own timers (`globalThis.setTimeout`), the default wherever `Timers` are injected. */
export const systemTimers: Timers = {
  setTimeout: (callback, milliseconds) => setTimeout(callback, milliseconds),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** True for an object with `setTimeout` and `clearTimeout` functions, for option schemas. */
export function isTimers(value: unknown): value is Timers {
  if (value === null || typeof value !== 'object') return false;
  const { setTimeout: set, clearTimeout: clear } = value as Record<string, unknown>;
  return typeof set === 'function' && typeof clear === 'function';
}
