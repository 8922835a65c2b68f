import { describe, expect, it } from 'vitest';
import { DocumentFrequencies } from '../../src/embedder/document-frequencies.js';

describe('DocumentFrequencies', () => {
  it('gives smoothed IDF: 1 before any document, lower for frequent terms, highest for unseen ones', () => {
    const frequencies = new DocumentFrequencies();
    expect(frequencies.inverse(42)).toBe(1);
    frequencies.addDocument([1, 2]);
    frequencies.addDocument([1, 3]);
    frequencies.addDocument([1]);
    expect(frequencies.documentCount).toBe(3);
    expect(frequencies.termCount).toBe(3);
    expect(frequencies.frequency(1)).toBe(3);
    expect(frequencies.inverse(1)).toBeCloseTo(Math.log(4 / 4) + 1);
    expect(frequencies.inverse(2)).toBeCloseTo(Math.log(4 / 2) + 1);
    expect(frequencies.inverse(99)).toBeCloseTo(Math.log(4) + 1);
  });

  it('round-trips through a snapshot keyed by 8 hex digits, and grows', () => {
    const frequencies = new DocumentFrequencies();
    const terms = Array.from({ length: 10_000 }, (_, index) => Math.imul(index + 1, 0x85ebca6b));
    frequencies.addDocument(terms);
    frequencies.addDocument(terms.slice(0, 10));
    const snapshot = frequencies.snapshot();
    expect(Object.keys(snapshot.documentFrequencies).every((key) => /^[0-9a-f]{8}$/.test(key))).toBe(true);
    const restored = DocumentFrequencies.fromSnapshot(JSON.parse(JSON.stringify(snapshot)));
    expect(restored.documentCount).toBe(2);
    expect(restored.termCount).toBe(10_000);
    for (const term of terms.slice(0, 20)) expect(restored.inverse(term)).toBe(frequencies.inverse(term));
  });
});
