/**
 * boden/calls: the guards boden's LLM judge puts around every call to an OpenAI-compatible server (timeouts,
 * retries with backoff, a circuit breaker, a concurrency limit), public so that an agent of one's own (the
 * benchmark's LLM agents) calls a model the same way.
 */
export { sleep, raceAbort } from './abortable.js';
export { backoffDelay, type BackoffPolicy } from './backoff-delay.js';
export { ConcurrencyLimiter } from './concurrency-limiter.js';
export { createGuardedFetch, type Fetch, type GuardedFetchOptions } from './guarded-fetch.js';
export { isRetryableFailure, isUnansweredFailure, failureStatus, failureMessage, retryAfterMs } from './provider-failure.js';
export { RequestCircuitBreaker, type RequestCircuitOpen } from './request-circuit-breaker.js';
export { withRequestTimeout, type RequestTimeoutOptions } from './request-timeout.js';
export { systemTimers, isTimers, type Timers } from './timers.js';
