import { describe, expect, it } from 'vitest';
import { RequestCircuitBreaker, type RequestCircuitOpen } from '../../src/calls/request-circuit-breaker.js';
import { NoResponseError } from '../../src/errors/no-response-error.js';

const silence = new NoResponseError({
  request: 'POST http://127.0.0.1:9/v1/chat/completions',
  firstByteTimeoutMs: 300,
  check: 'GET http://127.0.0.1:9/v1/models',
  checkOutcome: 'got no answer within 300 ms either',
});
// As the OpenAI SDK wraps what the fetch underneath threw.
const wrapped = (cause: unknown) => Object.assign(new Error('Connection error.', { cause }), { name: 'APIConnectionError' });
const refused = wrapped(
  new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }) }),
);
const status503 = Object.assign(new Error('503 overloaded'), { status: 503 });

describe('RequestCircuitBreaker', () => {
  it('opens after N unanswered requests in a row, says so once, and keeps the reason for every later call', () => {
    const opened: RequestCircuitOpen[] = [];
    const breaker = new RequestCircuitBreaker(3, (open) => opened.push(open));
    expect(breaker.failed(wrapped(silence))).toBe(false);
    expect(breaker.failed(refused)).toBe(false);
    expect(breaker.openReason).toBeNull();
    expect(breaker.failed(wrapped(silence))).toBe(true);
    expect(breaker.failed(wrapped(silence))).toBe(false);
    expect(opened).toEqual([{ failures: 3, reason: silence.message }]);
    expect(breaker.openReason).toBe(`the circuit breaker opened after 3 requests in a row got no answer (last: ${silence.message})`);
  });

  it('counts only requests that got no answer: an error status or an answer starts the count again', () => {
    const breaker = new RequestCircuitBreaker(2);
    breaker.failed(refused);
    breaker.failed(status503);
    breaker.failed(refused);
    breaker.answered();
    breaker.failed(refused);
    // A generation cut off by the caller's own timeout comes from a server that may well be there.
    breaker.failed(new DOMException('the request timed out after 80 ms', 'TimeoutError'));
    breaker.failed(refused);
    expect(breaker.openReason).toBeNull();
    breaker.failed(refused);
    expect(breaker.openReason).toMatch(
      /^the circuit breaker opened after 2 requests in a row got no answer \(last: Connection error\. \(connect ECONNREFUSED 127\.0\.0\.1:9\)\)$/,
    );
  });
});
