import { describe, expect, it } from 'vitest';
import { ConcurrencyLimiter, RequestCircuitBreaker } from '../../src/calls/index.js';
import { InvalidArgumentError } from '../../src/index.js';

describe('the call guards of boden/calls check their one number', () => {
  it.each([0, -1, 1.5, Number.NaN, '3'])('RequestCircuitBreaker(%s) is a typed error naming threshold', (threshold) => {
    expect(() => new RequestCircuitBreaker(threshold as number)).toThrow(InvalidArgumentError);
    expect(() => new RequestCircuitBreaker(threshold as number)).toThrow(/^invalid argument threshold: /);
  });

  it.each([0, -2, 0.5, null])('ConcurrencyLimiter(%s) is a typed error naming limit', (limit) => {
    expect(() => new ConcurrencyLimiter(limit as number)).toThrow(InvalidArgumentError);
    expect(() => new ConcurrencyLimiter(limit as number)).toThrow(/^invalid argument limit: /);
  });

  it('a valid number is kept', () => {
    expect(new RequestCircuitBreaker(3).threshold).toBe(3);
    expect(new ConcurrencyLimiter(2).limit).toBe(2);
  });
});
