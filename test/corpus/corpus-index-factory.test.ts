import { describe, expect, it } from 'vitest';
import { hnswCorpusIndex, InvalidArgumentError, InvalidOptionsError } from '../../src/index.js';

describe('hnswCorpusIndex', () => {
  it('makes HNSW indexes with its graph settings', () => {
    const index = hnswCorpusIndex({ m: 8, efSearch: 20 }).create({ dimensions: 4 });
    expect(index.dimensions).toBe(4);
  });

  it('checks its settings when made, naming the setting and itself, not when a corpus is built or opened', () => {
    // Before: accepted here, and reported by createHnswVectorIndex (or loadHnswVectorIndex) at the first corpus.
    const badGraph = () => hnswCorpusIndex({ m: 'sixteen' as never });
    expect(badGraph).toThrow(InvalidOptionsError);
    expect(badGraph).toThrow(/invalid options for hnswCorpusIndex: m: Invalid input: expected number, received string/);
    expect(() => hnswCorpusIndex('m=16' as never)).toThrow(/invalid options for hnswCorpusIndex: \(options\)/);
    const badEfSearch = () => hnswCorpusIndex({}, 'fast' as never);
    expect(badEfSearch).toThrow(InvalidArgumentError);
    expect(badEfSearch).toThrow("invalid argument efSearch: expected 'auto' or an integer from 1 to 100000");
    expect(() => hnswCorpusIndex(undefined, 'auto')).not.toThrow();
  });
});
