import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IndexFileError } from '../../src/errors/index-file-error.js';
import { InvalidArgumentError } from '../../src/errors/invalid-argument-error.js';
import { VectorDimensionError } from '../../src/errors/vector-dimension-error.js';
import { createExactVectorIndex } from '../../src/vector-index/exact-vector-index.js';
import { openLanceDbVectorIndex } from '../../src/vector-index/lancedb-vector-index.js';
import { createClusteredVectorSource } from '../../bench/support/clustered-vectors.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

const directory = useTemporaryDirectory('boden-lancedb-');
const lanceDbInstalled = await import('@lancedb/lancedb').then(
  () => true,
  () => false,
);
if (!lanceDbInstalled) console.warn('skipping the LanceDB vector index tests: the optional dependency @lancedb/lancedb is not installed');

describe.skipIf(!lanceDbInstalled)('LanceDbVectorIndex', () => {
  const dimensions = 32;

  it("finds the exact index's neighbours while unindexed, appends across reopenings without a rebuild, and refuses other dimensions", async () => {
    const source = createClusteredVectorSource({ dimensions, clusters: 8, seed: 7 });
    const vectors = source.sample(600).map((vector, index) => ({ id: `s${index}`, vector }));
    const exact = createExactVectorIndex({ dimensions });
    for (const { id, vector } of vectors) exact.add(id, vector);

    const path = join(directory, 'db');
    const first = await openLanceDbVectorIndex({ directory: path, dimensions });
    expect(first.size).toBe(0);
    expect(await first.search(vectors[0]!.vector, 5)).toEqual([]);
    await first.addMany(vectors.slice(0, 400));
    first.close();
    // Reopened: the 400 are there; the rest are appended, not rebuilt.
    const index = await openLanceDbVectorIndex({ directory: path, dimensions });
    expect(index.size).toBe(400);
    await index.addMany(vectors.slice(400));
    expect(index.size).toBe(600);
    for (const query of source.sample(20)) {
      const found = await index.search(query, 10);
      const expected = exact.search(query, 10);
      expect(found.map((neighbor) => neighbor.id)).toEqual(expected.map((neighbor) => neighbor.id));
      found.forEach((neighbor, rank) => expect(neighbor.similarity).toBeCloseTo(expected[rank]!.similarity, 4));
    }
    expect(await index.search(vectors[5]!.vector, 10_000)).toHaveLength(600);
    await expect(index.search(vectors[5]!.vector, -1)).rejects.toThrow(InvalidArgumentError);
    await expect(index.addMany([{ id: 'short', vector: [1, 2, 3] }])).rejects.toThrow(VectorDimensionError);
    index.close();

    const other = openLanceDbVectorIndex({ directory: path, dimensions: 16 });
    await expect(other).rejects.toThrow(IndexFileError);
    await expect(other).rejects.toThrow(/vectors\.lance: mismatch index file: holds vectors of 32 dimensions, not 16/);
  }, 120_000);

  it('after an IVF-PQ build still finds nearly every exact neighbour (recall@10 ≥ 0.9 with re-ranking)', async () => {
    const source = createClusteredVectorSource({ dimensions, clusters: 16, seed: 11 });
    const vectors = source.sample(3000).map((vector, index) => ({ id: `s${index}`, vector }));
    const exact = createExactVectorIndex({ dimensions });
    for (const { id, vector } of vectors) exact.add(id, vector);
    const index = await openLanceDbVectorIndex({ directory: join(directory, 'indexed'), dimensions });
    await index.addMany(vectors);
    await index.buildIndex();
    let hits = 0;
    const queries = source.sample(50);
    for (const query of queries) {
      const expected = new Set(exact.search(query, 10).map((neighbor) => neighbor.id));
      hits += (await index.search(query, 10)).filter((neighbor) => expected.has(neighbor.id)).length;
    }
    expect(hits / (10 * queries.length)).toBeGreaterThanOrEqual(0.9);
    index.close();
  }, 120_000);
});
