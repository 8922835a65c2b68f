import { describe, expect, it } from 'vitest';
import { hashString53 } from '../../src/text/string-hash.js';

describe('hashString53', () => {
  it('is a deterministic safe integer of up to 53 bits', () => {
    for (const text of ['', 'a', 'x=np.zeros(§)', 'é—unicode ✓']) {
      const hash = hashString53(text);
      expect(Number.isSafeInteger(hash)).toBe(true);
      expect(hash).toBeGreaterThanOrEqual(0);
      expect(hashString53(text)).toBe(hash);
    }
  });

  it('tells apart 50,000 similar lines', () => {
    const lines = Array.from({ length: 50_000 }, (_, index) => `features[${index.toString(36)}] = df["col_${index % 97}"] * ${index % 13}`);
    expect(new Set(lines.map(hashString53)).size).toBe(lines.length);
    // Both halves carry information: the high 21 bits alone separate most lines too.
    expect(new Set(lines.map((line) => Math.floor(hashString53(line) / 2 ** 32))).size).toBeGreaterThan(45_000);
  });
});
