import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeFileAtomic } from '../../src/files/write-file-atomic.js';
import { createAutoVectorIndex } from '../../src/vector-index/auto-vector-index.js';
import { createExactVectorIndex } from '../../src/vector-index/exact-vector-index.js';
import { createHnswVectorIndex } from '../../src/vector-index/hnsw-vector-index.js';
import { loadAutoVectorIndex } from '../../src/vector-index/load-auto-vector-index.js';
import { vectorIndexMetadataPath } from '../../src/vector-index/vector-index-metadata.js';
import type { VectorIndex } from '../../src/vector-index/vector-index.js';

// Fault injection: make `writeFile` to matching paths write a partial file and then fail, as a full disk would.
const failure = vi.hoisted(() => ({ pattern: null as RegExp | null }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const writeFile: typeof actual.writeFile = async (file, data, options) => {
    if (failure.pattern !== null && typeof file === 'string' && failure.pattern.test(file)) {
      await actual.writeFile(file, 'partial');
      throw Object.assign(new Error(`ENOSPC: no space left on device, write '${file}'`), { code: 'ENOSPC' });
    }
    return actual.writeFile(file, data, options);
  };
  return { ...actual, writeFile };
});

describe('atomic saves', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'boden-atomic-'));
  });
  afterAll(async () => {
    failure.pattern = null;
    await rm(directory, { recursive: true, force: true });
  });

  it('writeFileAtomic replaces a file and leaves no temporary file', async () => {
    const path = join(directory, 'plain.txt');
    await writeFileAtomic(path, 'first');
    await writeFileAtomic(path, new TextEncoder().encode('second'));
    expect(await readFile(path, 'utf8')).toBe('second');
    expect(await readdir(directory)).toEqual(['plain.txt']);
  });

  it('writeFileAtomic keeps the previous file when the writer fails midway', async () => {
    const path = join(directory, 'written-by-callback.txt');
    await writeFileAtomic(path, 'previous');
    const failing = writeFileAtomic(path, async (temporaryPath) => {
      await writeFile(temporaryPath, 'half of the new cont');
      throw new Error('writer crashed');
    });
    await expect(failing).rejects.toThrow('writer crashed');
    expect(await readFile(path, 'utf8')).toBe('previous');
    expect((await readdir(directory)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  const indexFile = /\.index\.\d+\.[0-9a-f]+\.tmp$/;
  const metadataFile = /\.meta\.json\.\d+\.[0-9a-f]+\.tmp$/;
  // hnswlib writes its index file natively, out of reach of the injected failure, so HNSW cases fail the metadata.
  const cases: [string, RegExp, (dimensions: number) => VectorIndex][] = [
    ['ExactVectorIndex, index file', indexFile, (dimensions) => createExactVectorIndex({ dimensions })],
    ['ExactVectorIndex, metadata file', metadataFile, (dimensions) => createExactVectorIndex({ dimensions })],
    ['HnswVectorIndex, metadata file', metadataFile, (dimensions) => createHnswVectorIndex({ dimensions })],
    ['AutoVectorIndex while exact, index file', indexFile, (dimensions) => createAutoVectorIndex({ dimensions })],
    [
      'AutoVectorIndex after switching, metadata file',
      metadataFile,
      (dimensions) => createAutoVectorIndex({ dimensions, threshold: 2 }),
    ],
  ];
  for (const [name, pattern, create] of cases) {
    it(`${name}: a failed save leaves the previous save intact`, async () => {
      const folder = await mkdtemp(join(directory, 'case-'));
      const path = join(folder, 'saved.index');
      const index = create(4);
      index.add('a', [1, 0, 0, 0]);
      index.add('b', [0, 1, 0, 0]);
      await index.save(path);
      const before = [await readFile(path), await readFile(vectorIndexMetadataPath(path))];

      index.add('c', [0, 0, 1, 0]);
      index.remove('a');
      failure.pattern = pattern;
      try {
        await expect(index.save(path)).rejects.toThrow(/ENOSPC/);
      } finally {
        failure.pattern = null;
      }
      expect([await readFile(path), await readFile(vectorIndexMetadataPath(path))]).toEqual(before);
      expect((await readdir(folder)).sort()).toEqual(['saved.index', 'saved.index.meta.json']);
      const loaded = await loadAutoVectorIndex({ path });
      expect([loaded.size, loaded.has('a'), loaded.has('c')]).toEqual([2, true, false]);
    });
  }
});
