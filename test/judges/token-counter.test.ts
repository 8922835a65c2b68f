import { describe, expect, it } from 'vitest';
import { loadTokenCounter } from '../../src/judges/token-counter.js';

describe('TokenCounter', () => {
  it('counts o200k_base tokens locally, once loaded, and shares one instance', async () => {
    const [counter, again] = await Promise.all([loadTokenCounter(), loadTokenCounter()]);
    expect(counter).toBe(again);
    expect(counter.count('hello world')).toBe(2);
    expect(counter.count('')).toBe(0);
    const long = 'model.fit(features, target)\n'.repeat(100);
    expect(counter.count(long)).toBe(counter.count(long));
  });

  it('counts special-token strings in agent text as ordinary text', async () => {
    const counter = await loadTokenCounter();
    expect(counter.count('print("<|endoftext|>")')).toBeGreaterThan(3);
  });

  it('truncates to a beginning of at most n tokens, never splitting a character', async () => {
    const counter = await loadTokenCounter();
    const text = 'Gradient boosting with target encoding and early stopping';
    const cut = counter.truncate(text, 3);
    expect(text.startsWith(cut)).toBe(true);
    expect(counter.count(cut)).toBe(3);
    expect(counter.truncate(text, 1_000)).toBe(text);
    expect(counter.truncate(text, 0)).toBe('');
    expect(counter.truncate('日本語のテキスト'.repeat(3), 2)).not.toContain('\uFFFD');
  });
});
