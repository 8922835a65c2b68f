import { z } from 'zod';
import { parseOptions } from '../options/parse-options.js';
import { raceAbort } from './abortable.js';
import { isTimers, systemTimers, type Timers } from './timers.js';

/** Options of `withRequestTimeout`. */
export interface RequestTimeoutOptions {
  /** Milliseconds before the request is cut off. */
  readonly timeoutMs: number;
  /** The caller's own abort signal, if any: its abort wins over the timeout and keeps its reason. */
  readonly signal?: AbortSignal | undefined;
  /** Where the timer runs; default the process's own timers. */
  readonly timers?: Timers;
}

/** Checks `withRequestTimeout`'s options (it is public in `boden/calls`). */
const RequestTimeoutOptionsSchema = z.object({
  timeoutMs: z.number().int().positive(),
  signal: z.instanceof(AbortSignal).optional(),
  timers: z.custom<Timers>(isTimers, 'expected Timers (an object with setTimeout() and clearTimeout())').optional(),
});

/**
 * Runs `request` with a signal that aborts after `timeoutMs` (or when the caller's signal does) and settles as soon
 * as either aborts, even if the client ignores the signal. A timeout rejects with a `TimeoutError` DOMException
 * ("the request timed out after N ms"), which `isRetryableFailure` treats like a 5xx, whatever the client made of
 * the abort; the caller's abort rejects with the caller's reason.
 */
export async function withRequestTimeout<T>(request: (signal: AbortSignal) => Promise<T>, options: RequestTimeoutOptions): Promise<T> {
  parseOptions(RequestTimeoutOptionsSchema, options, 'withRequestTimeout');
  const { timeoutMs, signal, timers = systemTimers } = options;
  const timeout = new AbortController();
  const timer = timers.setTimeout(
    () => timeout.abort(new DOMException(`the request timed out after ${timeoutMs} ms`, 'TimeoutError')),
    timeoutMs,
  );
  const combined = signal === undefined ? timeout.signal : AbortSignal.any([signal, timeout.signal]);
  try {
    return await raceAbort(request(combined), combined);
  } catch (error) {
    if (timeout.signal.aborted && !signal?.aborted) throw timeout.signal.reason;
    throw error;
  } finally {
    timers.clearTimeout(timer);
  }
}
