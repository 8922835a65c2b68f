import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidOptionsError } from '../../src/errors/invalid-options-error.js';
import { AutoVectorIndex, createAutoVectorIndex } from '../../src/vector-index/auto-vector-index.js';
import { defaultSwitchThreshold } from '../../src/vector-index/auto-vector-index-options.js';
import { createExactVectorIndex } from '../../src/vector-index/exact-vector-index.js';
import { createHnswVectorIndex } from '../../src/vector-index/hnsw-vector-index.js';
import { loadAutoVectorIndex } from '../../src/vector-index/load-auto-vector-index.js';
import { describeVectorIndex } from '../conformance/describe-vector-index.js';
import { createClusteredVectorSource } from '../../bench/support/clustered-vectors.js';

describeVectorIndex('AutoVectorIndex', {
  create: ({ dimensions }) => createAutoVectorIndex({ dimensions }),
  load: ({ path }) => loadAutoVectorIndex({ path }),
});

describe('AutoVectorIndex', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'boden-auto-index-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('is exact below the threshold and HNSW from it on, with the same answers', () => {
    const index = createAutoVectorIndex({ dimensions: 16, threshold: 300 });
    const oracle = createExactVectorIndex({ dimensions: 16 });
    const source = createClusteredVectorSource({ dimensions: 16, clusters: 6, seed: 31 });
    const points = source.sample(400);
    points.forEach((point, position) => {
      index.add(`p${position}`, point);
      oracle.add(`p${position}`, point);
      expect(index.implementation).toBe(position + 1 < 300 ? 'exact' : 'hnsw');
    });
    expect(index.size).toBe(400);
    for (const query of source.sample(20)) {
      // Rank by rank similarities, so a swap of near-ties (float rounding differs across CPUs) does not fail.
      const expected = oracle.search(query, 5);
      const actual = index.search(query, 5);
      expect(actual).toHaveLength(5);
      actual.forEach((neighbor, rank) => expect(neighbor.similarity).toBeCloseTo(expected[rank]!.similarity, 5));
    }
    for (let position = 0; position < 400; position += 2) index.remove(`p${position}`);
    expect(index.implementation).toBe('hnsw');
    expect(index.size).toBe(200);
  });

  it('starts with HNSW when the threshold is 0, and defaults to the measured threshold', () => {
    expect(createAutoVectorIndex({ dimensions: 4, threshold: 0 }).implementation).toBe('hnsw');
    const index = createAutoVectorIndex({ dimensions: 4 });
    expect(index.implementation).toBe('exact');
    expect(index.options.threshold).toBe(defaultSwitchThreshold);
    expect(index.options.hnsw.m).toBe(16);
  });

  it('loads whichever implementation was saved, switching a large exact one', async () => {
    const source = createClusteredVectorSource({ dimensions: 8, seed: 32 });
    const points = source.sample(120);
    const exactPath = join(directory, 'exact.index');
    const hnswPath = join(directory, 'hnsw.index');
    const exact = createExactVectorIndex({ dimensions: 8 });
    const hnsw = createHnswVectorIndex({ dimensions: 8 });
    points.forEach((point, position) => {
      exact.add(`p${position}`, point);
      hnsw.add(`p${position}`, point);
    });
    await exact.save(exactPath);
    await hnsw.save(hnswPath);

    const fromExact = await loadAutoVectorIndex({ path: exactPath });
    expect(fromExact).toBeInstanceOf(AutoVectorIndex);
    expect([fromExact.implementation, fromExact.size]).toEqual(['exact', 120]);
    const fromHnsw = await loadAutoVectorIndex({ path: hnswPath });
    expect([fromHnsw.implementation, fromHnsw.size]).toEqual(['hnsw', 120]);
    const switched = await loadAutoVectorIndex({ path: exactPath, threshold: 100 });
    expect([switched.implementation, switched.size]).toEqual(['hnsw', 120]);
    expect(switched.search(points[7]!, 1)[0]?.id).toBe('p7');

    await switched.save(exactPath);
    expect((await loadAutoVectorIndex({ path: exactPath })).implementation).toBe('hnsw');
  });

  it('rejects bad options, naming nested ones', () => {
    try {
      createAutoVectorIndex({ dimensions: 8, threshold: -1, hnsw: { m: 0 } });
      expect.unreachable();
    } catch (error) {
      expect(InvalidOptionsError.isInstance(error)).toBe(true);
      expect((error as InvalidOptionsError).issues.map((issue) => issue.path).sort()).toEqual(['hnsw.m', 'threshold']);
    }
  });
});
