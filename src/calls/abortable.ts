import { systemTimers, type Timers } from './timers.js';

/** Resolves after `milliseconds` on `timers`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(milliseconds: number, signal: AbortSignal | undefined, timers: Timers = systemTimers): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      timers.clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = timers.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, milliseconds);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `promise`, or a rejection with the signal's reason as soon as it aborts (the call itself cannot be cancelled). */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  promise.catch(() => undefined); // Its failure after an abort is nobody's business.
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
