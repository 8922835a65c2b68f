import { describe, expect, it } from 'vitest';
import { TermCounter } from '../../src/embedder/term-counter.js';

describe('TermCounter', () => {
  it('counts distinct terms in first-seen order and clears in O(1)', () => {
    const counter = new TermCounter();
    for (const term of [5, -7, 5, 1 << 30, 5, -7]) counter.add(term);
    const counts = Array.from({ length: counter.size }, (_, index) => [counter.term(index), counter.count(index)]);
    expect(counts).toEqual([
      [5, 3],
      [-7, 2],
      [1 << 30, 1],
    ]);
    counter.clear();
    expect(counter.size).toBe(0);
    counter.add(-7);
    expect([counter.term(0), counter.count(0)]).toEqual([-7, 1]);
  });

  it('grows past its initial capacity without losing counts', () => {
    const counter = new TermCounter();
    for (let round = 0; round < 2; round += 1) for (let term = 0; term < 5000; term += 1) counter.add(Math.imul(term, 0x9e3779b1));
    expect(counter.size).toBe(5000);
    for (let index = 0; index < counter.size; index += 1) expect(counter.count(index)).toBe(2);
  });
});
