import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../src/errors/invalid-argument-error.js';
import { InvalidVectorError } from '../../src/errors/invalid-vector-error.js';
import { VectorDimensionError } from '../../src/errors/vector-dimension-error.js';
import { createExactVectorIndex } from '../../src/vector-index/exact-vector-index.js';
import { vectorIndexMetadataPath } from '../../src/vector-index/vector-index-metadata.js';
import type { VectorIndex } from '../../src/vector-index/vector-index.js';
import { createClusteredVectorSource } from '../../bench/support/clustered-vectors.js';

/** How the suite makes and loads the implementation under test. */
export interface VectorIndexFactory {
  /** An empty index of `dimensions` with the implementation's default options. */
  create(options: { dimensions: number }): VectorIndex;
  /** Loads what the implementation's `save` wrote to `path`. */
  load(options: { path: string }): Promise<VectorIndex>;
}

const dimensions = 16;

/**
 * The `VectorIndex` conformance suite: ids, replacement, normalisation, ordering, k clamping, typed errors,
 * growth, deletion, a save/load round trip, and recall@10 ≥ 0.95 against `ExactVectorIndex` on 10k clustered
 * 64-d points. Every implementation runs it.
 */
export function describeVectorIndex(name: string, factory: VectorIndexFactory): void {
  describe(`${name} (VectorIndex conformance)`, () => {
    let directory: string;
    beforeAll(async () => {
      directory = await mkdtemp(join(tmpdir(), 'boden-vector-index-'));
    });
    afterAll(async () => {
      await rm(directory, { recursive: true, force: true });
    });

    it('starts empty', () => {
      const index = factory.create({ dimensions });
      expect(index.specificationVersion).toBe('v1');
      expect(index.dimensions).toBe(dimensions);
      expect(index.size).toBe(0);
      expect(index.search(unit(0), 5)).toEqual([]);
      expect(index.has('a')).toBe(false);
      expect(index.remove('a')).toBe(false);
    });

    it('adds, finds and counts vectors by id', () => {
      const index = factory.create({ dimensions });
      index.add('a', unit(0));
      index.add('b', unit(1));
      index.add('c', unit(2));
      expect(index.size).toBe(3);
      expect(index.has('b')).toBe(true);
      const [best] = index.search(unit(1), 1);
      expect(best?.id).toBe('b');
      expect(best?.similarity).toBeCloseTo(1, 5);
      expect(best?.distance).toBeCloseTo(0, 5);
    });

    it('replaces the vector when an id is added again', () => {
      const index = factory.create({ dimensions });
      index.add('a', unit(0));
      index.add('b', unit(1));
      index.add('a', unit(2));
      expect(index.size).toBe(2);
      expect(index.search(unit(2), 1)[0]?.id).toBe('a');
      expect(index.search(unit(0), 2).every((neighbor) => neighbor.similarity < 0.5)).toBe(true);
    });

    it('normalises vectors and accepts plain arrays', () => {
      const index = factory.create({ dimensions });
      const direction = Array.from({ length: dimensions }, (_, position) => (position % 3) - 1 + 0.5);
      index.add(
        'scaled',
        direction.map((value) => value * 40),
      );
      index.add('other', unit(5));
      const [best] = index.search(
        Float32Array.from(direction, (value) => value * 0.01),
        1,
      );
      expect(best?.id).toBe('scaled');
      expect(best?.similarity).toBeCloseTo(1, 5);
    });

    it('orders neighbours by similarity, with distance = 1 - similarity', () => {
      const index = factory.create({ dimensions });
      const points = createClusteredVectorSource({ dimensions, clusters: 4, spread: 1.5, seed: 11 }).sample(300);
      points.forEach((point, position) => index.add(`p${position}`, point));
      for (const query of points.slice(0, 10)) {
        const neighbors = index.search(query, 20);
        expect(neighbors).toHaveLength(20);
        for (const [position, neighbor] of neighbors.entries()) {
          expect(neighbor.similarity).toBeGreaterThanOrEqual(-1);
          expect(neighbor.similarity).toBeLessThanOrEqual(1);
          expect(neighbor.distance).toBeCloseTo(1 - neighbor.similarity, 12);
          if (position > 0) expect(neighbor.similarity).toBeLessThanOrEqual(neighbors[position - 1]!.similarity);
        }
        expect(new Set(neighbors.map((neighbor) => neighbor.id)).size).toBe(20);
      }
    });

    it('clamps k to the live size', () => {
      const index = factory.create({ dimensions });
      for (let position = 0; position < 5; position++) index.add(`p${position}`, unit(position));
      expect(index.search(unit(0), 50)).toHaveLength(5);
      expect(index.search(unit(0), 0)).toEqual([]);
    });

    it('rejects bad input with typed errors and stays unchanged', () => {
      const index = factory.create({ dimensions });
      index.add('kept', unit(0));
      expectThrown(() => index.add('zero', new Float32Array(dimensions)), InvalidVectorError.isInstance, {
        id: 'zero',
        reason: 'zero-norm',
      });
      const withNaN = Array.from(unit(1));
      withNaN[3] = Number.NaN;
      expectThrown(() => index.add('nan', withNaN), InvalidVectorError.isInstance, { id: 'nan', reason: 'non-finite' });
      expectThrown(() => index.add('short', [1, 2, 3]), VectorDimensionError.isInstance, {
        id: 'short',
        expected: dimensions,
        actual: 3,
      });
      expectThrown(() => index.search([1, 2], 3), VectorDimensionError.isInstance, { id: null, actual: 2 });
      for (const k of [-1, 1.5, Number.NaN]) {
        expectThrown(() => index.search(unit(0), k), InvalidArgumentError.isInstance, { argument: 'k' });
      }
      expect(index.size).toBe(1);
      expect(index.has('zero') || index.has('nan') || index.has('short')).toBe(false);
    });

    it('grows past its initial capacity', () => {
      const index = factory.create({ dimensions });
      const points = createClusteredVectorSource({ dimensions, clusters: 8, seed: 12 }).sample(3000);
      points.forEach((point, position) => index.add(`p${position}`, point));
      expect(index.size).toBe(3000);
      for (let position = 0; position < 3000; position += 97) {
        expect(index.has(`p${position}`)).toBe(true);
        expect(index.search(points[position]!, 1)[0]?.similarity).toBeCloseTo(1, 5);
      }
    });

    it('removes ids, never returns them, and reuses their ids', () => {
      const index = factory.create({ dimensions });
      const points = createClusteredVectorSource({ dimensions, clusters: 4, seed: 13 }).sample(300);
      points.forEach((point, position) => index.add(`p${position}`, point));
      for (let position = 0; position < 300; position += 2) expect(index.remove(`p${position}`)).toBe(true);
      expect(index.remove('p0')).toBe(false);
      expect(index.size).toBe(150);
      expect(index.has('p0')).toBe(false);
      const everything = index.search(points[0]!, 1000);
      expect(everything).toHaveLength(150);
      expect(new Set(everything.map((neighbor) => neighbor.id))).toEqual(
        new Set(Array.from({ length: 150 }, (_, position) => `p${2 * position + 1}`)),
      );
      index.add('p0', points[0]!);
      expect(index.size).toBe(151);
      expect(index.search(points[0]!, 1)[0]?.id).toBe('p0');
    });

    it('round-trips through save and load', async () => {
      const index = factory.create({ dimensions });
      const source = createClusteredVectorSource({ dimensions, clusters: 6, seed: 14 });
      source.sample(600).forEach((point, position) => index.add(`p${position}`, point));
      for (let position = 0; position < 600; position += 5) index.remove(`p${position}`);
      const path = join(directory, `${name}-round-trip.index`);
      await index.save(path);
      await index.save(path);
      expect((await stat(vectorIndexMetadataPath(path))).isFile()).toBe(true);

      const loaded = await factory.load({ path });
      expect(loaded.dimensions).toBe(dimensions);
      expect(loaded.size).toBe(index.size);
      expect(loaded.has('p0')).toBe(false);
      expect(loaded.has('p1')).toBe(true);
      for (const query of source.sample(20)) {
        const expected = index.search(query, 10);
        const actual = loaded.search(query, 10);
        expect(actual.map((neighbor) => neighbor.id)).toEqual(expected.map((neighbor) => neighbor.id));
        actual.forEach((neighbor, position) => {
          expect(neighbor.similarity).toBeCloseTo(expected[position]!.similarity, 6);
        });
      }
      loaded.add('fresh', unit(3));
      expect(loaded.search(unit(3), 1)[0]?.id).toBe('fresh');
      expect(index.has('fresh')).toBe(false);
    });

    it('saves the state as of the call, even when used while the save is pending', async () => {
      const index = factory.create({ dimensions });
      for (let axis = 0; axis < 4; axis++) index.add(`p${axis}`, unit(axis));
      const path = join(directory, `${name}-pending.index`);
      const saving = index.save(path);
      index.add('late', unit(9));
      index.remove('p1');
      index.add('p2', unit(10));
      await saving;
      const loaded = await factory.load({ path });
      expect([loaded.size, loaded.has('late'), loaded.has('p1')]).toEqual([4, false, true]);
      expect(loaded.search(unit(2), 1)[0]).toMatchObject({ id: 'p2' });
      expect(loaded.search(unit(2), 1)[0]?.similarity).toBeCloseTo(1, 5);
    });

    describe('recall against the exact oracle (10k clustered 64-d points)', () => {
      const oracle = createExactVectorIndex({ dimensions: 64 });
      let index: VectorIndex;
      let queries: Float32Array[];
      beforeAll(() => {
        index = factory.create({ dimensions: 64 });
        const source = createClusteredVectorSource({ dimensions: 64, clusters: 32, seed: 15 });
        source.sample(10_000).forEach((point, position) => {
          index.add(`p${position}`, point);
          oracle.add(`p${position}`, point);
        });
        queries = source.sample(100);
      });

      it('has recall@10 of at least 0.95, with the oracle similarities', () => {
        let found = 0;
        for (const query of queries) {
          const expected = new Map(oracle.search(query, 10).map((neighbor) => [neighbor.id, neighbor.similarity]));
          for (const neighbor of index.search(query, 10)) {
            const similarity = expected.get(neighbor.id);
            if (similarity === undefined) continue;
            found++;
            expect(neighbor.similarity).toBeCloseTo(similarity, 5);
          }
        }
        expect(found / (10 * queries.length)).toBeGreaterThanOrEqual(0.95);
      });
    });
  });
}

function unit(axis: number): Float32Array {
  const vector = new Float32Array(dimensions);
  vector[axis] = 1;
  return vector;
}

function expectThrown<ErrorType>(
  action: () => unknown,
  isInstance: (error: unknown) => error is ErrorType,
  fields: Partial<Record<keyof ErrorType, unknown>>,
): void {
  let thrown: unknown;
  try {
    action();
  } catch (error) {
    thrown = error;
  }
  expect(isInstance(thrown), `expected a typed error, got ${String(thrown)}`).toBe(true);
  expect(thrown).toMatchObject(fields);
}
