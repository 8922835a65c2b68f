import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexFileError } from '../../src/errors/index-file-error.js';
import { InvalidOptionsError } from '../../src/errors/invalid-options-error.js';
import { createExactVectorIndex } from '../../src/vector-index/exact-vector-index.js';
import { loadExactVectorIndex } from '../../src/vector-index/load-exact-vector-index.js';
import { vectorIndexMetadataPath } from '../../src/vector-index/vector-index-metadata.js';
import { createSeededRandom } from '../../src/random/random-source.js';
import { describeVectorIndex } from '../conformance/describe-vector-index.js';

describeVectorIndex('ExactVectorIndex', {
  create: ({ dimensions }) => createExactVectorIndex({ dimensions }),
  load: ({ path }) => loadExactVectorIndex({ path }),
});

describe('ExactVectorIndex', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'boden-exact-index-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('matches a naive sort, breaking ties by id', () => {
    const random = createSeededRandom(3);
    const index = createExactVectorIndex({ dimensions: 8, initialCapacity: 4 });
    const stored = new Map<string, number[]>();
    for (let position = 0; position < 200; position++) {
      const vector = Array.from({ length: 8 }, () => random() - 0.5);
      stored.set(`v${position}`, vector);
      index.add(`v${position}`, vector);
    }
    // Duplicates under other ids tie exactly with their originals.
    for (const id of ['v3', 'v7']) {
      stored.set(`${id}-copy`, stored.get(id)!);
      index.add(`${id}-copy`, stored.get(id)!);
    }
    for (let position = 0; position < 200; position += 3) {
      index.remove(`v${position}`);
      stored.delete(`v${position}`);
    }
    for (const query of [stored.get('v7')!, stored.get('v4')!, [1, 0, 0, 0, 0, 0, 0, 0]]) {
      const expected = [...stored]
        .map(([id, vector]) => ({ id, similarity: cosine(query, vector) }))
        .sort((left, right) => right.similarity - left.similarity || (left.id < right.id ? -1 : 1))
        .slice(0, 25);
      const actual = index.search(query, 25);
      expect(actual.map((neighbor) => neighbor.id)).toEqual(expected.map((neighbor) => neighbor.id));
      actual.forEach((neighbor, position) => {
        expect(neighbor.similarity).toBeCloseTo(expected[position]!.similarity, 6);
      });
    }
    const [first, second] = index.search(stored.get('v7')!, 2);
    expect([first?.id, second?.id]).toEqual(['v7', 'v7-copy']);
  });

  it('keeps its storage contiguous when removing', () => {
    const index = createExactVectorIndex({ dimensions: 2 });
    index.add('a', [1, 0]);
    index.add('b', [0, 1]);
    index.add('c', [-1, 0]);
    index.remove('a');
    expect([...index.entries()].map(([id, vector]) => [id, Array.from(vector)])).toEqual([
      ['c', [-1, 0]],
      ['b', [0, 1]],
    ]);
  });

  it('rejects bad options, naming them', () => {
    expect(() => createExactVectorIndex({ dimensions: 0 })).toThrow(/dimensions/);
    try {
      createExactVectorIndex({ dimensions: 4, initialCapacity: -1 });
      expect.unreachable();
    } catch (error) {
      expect(InvalidOptionsError.isInstance(error)).toBe(true);
      expect((error as InvalidOptionsError).issues.map((issue) => issue.path)).toEqual(['initialCapacity']);
    }
  });

  it('reports a corrupt, truncated or mismatched file', async () => {
    const path = join(directory, 'exact.index');
    const index = createExactVectorIndex({ dimensions: 4 });
    index.add('a', [1, 0, 0, 0]);
    index.add('b', [0, 1, 0, 0]);
    await index.save(path);
    const original = await readFile(path);
    const metadata = JSON.parse(await readFile(vectorIndexMetadataPath(path), 'utf8'));

    const flipped = Buffer.from(original);
    flipped[5] = (flipped[5] as number) ^ 0xff;
    await writeFile(path, flipped);
    await expectIndexFileError(loadExactVectorIndex({ path }), { problem: 'corrupt', file: path });

    await writeFile(path, original);
    await truncate(path, 8);
    await expectIndexFileError(loadExactVectorIndex({ path }), { problem: 'corrupt', file: path });

    // Metadata that lists an extra id for intact data: the checksum passes, the sizes disagree.
    await writeFile(path, original);
    await writeFile(vectorIndexMetadataPath(path), JSON.stringify({ ...metadata, ids: ['a', 'b', 'c'] }));
    await expectIndexFileError(loadExactVectorIndex({ path }), { problem: 'mismatch' });

    await writeFile(vectorIndexMetadataPath(path), JSON.stringify(metadata));
    await expectIndexFileError(loadExactVectorIndex({ path, dimensions: 8 }), { problem: 'mismatch' });
    expect((await loadExactVectorIndex({ path, dimensions: 4 })).size).toBe(2);

    await writeFile(vectorIndexMetadataPath(path), '{"format": "boden-vector-index", "formatVersion": 1, "imp');
    await expectIndexFileError(loadExactVectorIndex({ path }), {
      problem: 'corrupt',
      file: vectorIndexMetadataPath(path),
    });
    await expectIndexFileError(loadExactVectorIndex({ path: join(directory, 'nowhere.index') }), {
      problem: 'missing',
    });
  });
});

function cosine(left: readonly number[], right: readonly number[]): number {
  let dot = 0;
  let leftNorm = 0;
  let rightNorm = 0;
  left.forEach((value, position) => {
    dot += value * right[position]!;
    leftNorm += value * value;
    rightNorm += right[position]! * right[position]!;
  });
  return dot / Math.sqrt(leftNorm * rightNorm);
}

async function expectIndexFileError(promise: Promise<unknown>, fields: Partial<IndexFileError>): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(IndexFileError.isInstance(error), `expected IndexFileError, got ${String(error)}`).toBe(true);
  expect(error).toMatchObject(fields);
}
