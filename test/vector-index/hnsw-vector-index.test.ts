import { copyFile, mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexFileError } from '../../src/errors/index-file-error.js';
import { InvalidOptionsError } from '../../src/errors/invalid-options-error.js';
import { createExactVectorIndex } from '../../src/vector-index/exact-vector-index.js';
import { createHnswVectorIndex } from '../../src/vector-index/hnsw-vector-index.js';
import { loadHnswVectorIndex } from '../../src/vector-index/load-hnsw-vector-index.js';
import { resolveEfSearch } from '../../src/vector-index/resolve-ef-search.js';
import { vectorIndexMetadataPath } from '../../src/vector-index/vector-index-metadata.js';
import { describeVectorIndex } from '../conformance/describe-vector-index.js';
import { createClusteredVectorSource } from '../../bench/support/clustered-vectors.js';

describeVectorIndex('HnswVectorIndex', {
  create: ({ dimensions }) => createHnswVectorIndex({ dimensions }),
  load: ({ path }) => loadHnswVectorIndex({ path }),
});

describe('HnswVectorIndex', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'boden-hnsw-index-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('grows past its initial capacity by doubling, keeping results exact-like', () => {
    const index = createHnswVectorIndex({ dimensions: 16, initialCapacity: 8 });
    const oracle = createExactVectorIndex({ dimensions: 16 });
    const source = createClusteredVectorSource({ dimensions: 16, clusters: 8, seed: 21 });
    source.sample(1000).forEach((point, position) => {
      index.add(`p${position}`, point);
      oracle.add(`p${position}`, point);
    });
    expect(index.size).toBe(1000);
    expect(index.capacity).toBe(1024);
    let found = 0;
    const queries = source.sample(50);
    for (const query of queries) {
      const expected = new Set(oracle.search(query, 10).map((neighbor) => neighbor.id));
      found += index.search(query, 10).filter((neighbor) => expected.has(neighbor.id)).length;
    }
    expect(found / (10 * queries.length)).toBeGreaterThanOrEqual(0.95);
  });

  it('reuses deleted slots instead of growing', () => {
    const index = createHnswVectorIndex({ dimensions: 4, initialCapacity: 16 });
    const source = createClusteredVectorSource({ dimensions: 4, clusters: 2, seed: 22 });
    source.sample(16).forEach((point, position) => index.add(`old${position}`, point));
    for (let position = 0; position < 8; position++) index.remove(`old${position}`);
    source.sample(8).forEach((point, position) => index.add(`new${position}`, point));
    expect(index.capacity).toBe(16);
    expect(index.size).toBe(16);
    expect(index.search(source.sample(1)[0]!, 16)).toHaveLength(16);
  });

  it('still finds k live neighbours when most nodes are deleted', () => {
    const index = createHnswVectorIndex({ dimensions: 8, efSearch: 10 });
    const points = createClusteredVectorSource({ dimensions: 8, clusters: 4, seed: 23 }).sample(500);
    points.forEach((point, position) => index.add(`p${position}`, point));
    for (let position = 0; position < 500; position++) if (position % 10 !== 0) index.remove(`p${position}`);
    const found = index.search(points[1]!, 50);
    expect(found).toHaveLength(50);
    expect(found.every((neighbor) => Number(neighbor.id.slice(1)) % 10 === 0)).toBe(true);
  });

  it('grows ef with the index under efSearch "auto"', () => {
    expect(resolveEfSearch({ efSearch: 'auto', k: 10, size: 100 })).toBe(32);
    expect(resolveEfSearch({ efSearch: 'auto', k: 10, size: 100_000 })).toBe(127);
    expect(resolveEfSearch({ efSearch: 'auto', k: 10, size: 1e9 })).toBe(1024);
    expect(resolveEfSearch({ efSearch: 'auto', k: 100, size: 1000 })).toBe(200);
    expect(resolveEfSearch({ efSearch: 20, k: 50, size: 1000 })).toBe(50);
  });

  it('rejects bad options, naming them', () => {
    for (const [options, path] of [
      [{ dimensions: 0 }, 'dimensions'],
      [{ dimensions: 8, m: 1 }, 'm'],
      [{ dimensions: 8, efSearch: 0 }, 'efSearch'],
      [{ dimensions: 8, initialCapacity: 2.5 }, 'initialCapacity'],
    ] as const) {
      try {
        createHnswVectorIndex(options);
        expect.unreachable();
      } catch (error) {
        expect(InvalidOptionsError.isInstance(error)).toBe(true);
        expect((error as InvalidOptionsError).issues.map((issue) => issue.path)).toEqual([path]);
        expect((error as Error).message).toContain('createHnswVectorIndex');
      }
    }
    expect(() => createHnswVectorIndex({ dimensions: 8, ef: 10 } as never)).toThrow(/ef/);
  });

  it('keeps or overrides efSearch on load', async () => {
    const path = join(directory, 'ef.index');
    const index = createHnswVectorIndex({ dimensions: 4, efSearch: 40 });
    index.add('a', [1, 0, 0, 0]);
    await index.save(path);
    expect((await loadHnswVectorIndex({ path })).options.efSearch).toBe(40);
    expect((await loadHnswVectorIndex({ path, efSearch: 'auto' })).options.efSearch).toBe('auto');
  });

  describe('saved files', () => {
    let path: string;
    let original: Buffer;
    let metadata: Record<string, unknown>;
    beforeAll(async () => {
      path = join(directory, 'saved.index');
      const index = createHnswVectorIndex({ dimensions: 16 });
      createClusteredVectorSource({ dimensions: 16, seed: 24 })
        .sample(200)
        .forEach((point, position) => index.add(`p${position}`, point));
      index.remove('p3');
      await index.save(path);
      original = await readFile(path);
      metadata = JSON.parse(await readFile(vectorIndexMetadataPath(path), 'utf8'));
    });

    async function restore(): Promise<void> {
      await writeFile(path, original);
      await writeFile(vectorIndexMetadataPath(path), JSON.stringify(metadata));
    }

    async function writeWithChecksum(bytes: Buffer): Promise<void> {
      await writeFile(path, bytes);
      const dataFile = { bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
      await writeFile(vectorIndexMetadataPath(path), JSON.stringify({ ...metadata, dataFile }));
    }

    it('loads when intact', async () => {
      await restore();
      const loaded = await loadHnswVectorIndex({ path });
      expect(loaded.size).toBe(199);
      expect(loaded.has('p3')).toBe(false);
    });

    it('reports a damaged index file before hnswlib reads it', async () => {
      const flipped = Buffer.from(original);
      flipped[200] = (flipped[200] as number) ^ 0x40;
      await writeFile(path, flipped);
      await expectIndexFileError(loadHnswVectorIndex({ path }), { problem: 'corrupt', file: path });

      await writeFile(path, original);
      await truncate(path, original.length - 100);
      await expectIndexFileError(loadHnswVectorIndex({ path }), { problem: 'corrupt', file: path });
      await restore();
    });

    it('checks the structure even when the checksum has been made to match', async () => {
      // Garbage with a matching checksum, and a real file with one neighbour id out of range.
      await writeWithChecksum(Buffer.alloc(4096, 7));
      await expectIndexFileError(loadHnswVectorIndex({ path }), { problem: 'corrupt', file: path });
      const badLink = Buffer.from(original);
      badLink.writeUInt32LE(1_000_000, 96 + 4);
      await writeWithChecksum(badLink);
      const error = await loadHnswVectorIndex({ path }).catch((caught: unknown) => caught);
      expect((error as Error).message).toMatch(/neighbour 1000000 out of range/);
      await restore();
    });

    it('reports unreadable or missing metadata', async () => {
      await writeFile(vectorIndexMetadataPath(path), 'not json');
      await expectIndexFileError(loadHnswVectorIndex({ path }), {
        problem: 'corrupt',
        file: vectorIndexMetadataPath(path),
      });
      await writeFile(vectorIndexMetadataPath(path), JSON.stringify({ ...metadata, entries: 'none' }));
      await expectIndexFileError(loadHnswVectorIndex({ path }), { problem: 'corrupt' });
      await writeFile(vectorIndexMetadataPath(path), JSON.stringify({ ...metadata, formatVersion: 2 }));
      await expectIndexFileError(loadHnswVectorIndex({ path }), { problem: 'mismatch' });
      await rm(vectorIndexMetadataPath(path));
      await expectIndexFileError(loadHnswVectorIndex({ path }), { problem: 'missing' });
      await restore();
      await rm(path);
      await expectIndexFileError(loadHnswVectorIndex({ path }), { problem: 'missing', file: path });
      await restore();
    });

    it('reports metadata from another save', async () => {
      const otherPath = join(directory, 'other.index');
      const other = createHnswVectorIndex({ dimensions: 16 });
      other.add('x', createClusteredVectorSource({ dimensions: 16, seed: 25 }).sample(1)[0]!);
      await other.save(otherPath);
      await copyFile(vectorIndexMetadataPath(otherPath), vectorIndexMetadataPath(path));
      const error = await loadHnswVectorIndex({ path }).catch((caught: unknown) => caught);
      expect(IndexFileError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ problem: 'corrupt' });
      expect((error as Error).message).toMatch(/different saves/);
      await restore();
    });

    it('reports metadata whose options do not match the index file', async () => {
      const options = metadata.options as Record<string, unknown>;
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ dimensions: 32 }, /records 32 dimensions, the index file holds 16/],
        [{ options: { ...options, m: 8 } }, /records m = 8, the index file has 16/],
        [{ elementCount: 7 }, /records 7 elements/],
        [{ entries: (metadata.entries as unknown[]).slice(1) }, /id map/],
        [{ implementation: 'exact', ids: [] }, /kind "exact", expected "hnsw"/],
      ];
      for (const [change, message] of cases) {
        const edited = { ...metadata, ...change };
        if (change.implementation === 'exact') {
          for (const key of ['options', 'elementCount', 'nextLabel', 'entries']) delete edited[key];
        }
        await writeFile(vectorIndexMetadataPath(path), JSON.stringify(edited));
        const error = await loadHnswVectorIndex({ path }).catch((caught: unknown) => caught);
        expect(error, JSON.stringify(change).slice(0, 60)).toMatchObject({ problem: 'mismatch' });
        expect((error as Error).message).toMatch(message);
      }
      await restore();
      await expectIndexFileError(loadHnswVectorIndex({ path, dimensions: 32 }), { problem: 'mismatch' });
    });
  });
});

async function expectIndexFileError(promise: Promise<unknown>, fields: Partial<IndexFileError>): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(IndexFileError.isInstance(error), `expected IndexFileError, got ${String(error)}`).toBe(true);
  expect(error).toMatchObject(fields);
}
