import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/files/write-file-atomic.js';
import { createAutoVectorIndex } from '../../src/vector-index/auto-vector-index.js';
import { createExactVectorIndex } from '../../src/vector-index/exact-vector-index.js';
import { createHnswVectorIndex } from '../../src/vector-index/hnsw-vector-index.js';
import { loadAutoVectorIndex } from '../../src/vector-index/load-auto-vector-index.js';
import { vectorIndexMetadataPath } from '../../src/vector-index/vector-index-metadata.js';
import { writeNewFile, type VectorIndexFileWriter } from '../../src/vector-index/vector-index-save-options.js';
import type { VectorIndex } from '../../src/vector-index/vector-index.js';

/**
 * A fake file writer that behaves like a full disk for the paths matching `pattern`: it writes part of the file,
 * then fails with ENOSPC. Every other path is written for real. Records the paths it was asked to write.
 */
function fullDiskWriter(pattern: RegExp): VectorIndexFileWriter & { readonly written: string[] } {
  const written: string[] = [];
  const writer = async (path: string, data: string | Uint8Array): Promise<void> => {
    written.push(path);
    if (!pattern.test(path)) return writeNewFile(path, data);
    await writeFile(path, 'partial');
    throw Object.assign(new Error(`ENOSPC: no space left on device, write '${path}'`), { code: 'ENOSPC' });
  };
  return Object.assign(writer, { written });
}

describe('atomic saves', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'boden-atomic-'));
  });
  afterAll(async () => {
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

  const indexFile = /\.index\.\d+@[A-Za-z0-9-]+\.[0-9a-f]+\.tmp$/;
  const metadataFile = /\.meta\.json\.\d+@[A-Za-z0-9-]+\.[0-9a-f]+\.tmp$/;
  // hnswlib writes its index file natively, out of reach of the injected writer, so HNSW cases fail the metadata.
  const cases: [string, RegExp, (dimensions: number) => VectorIndex][] = [
    ['ExactVectorIndex, index file', indexFile, (dimensions) => createExactVectorIndex({ dimensions })],
    ['ExactVectorIndex, metadata file', metadataFile, (dimensions) => createExactVectorIndex({ dimensions })],
    ['HnswVectorIndex, metadata file', metadataFile, (dimensions) => createHnswVectorIndex({ dimensions })],
    ['AutoVectorIndex while exact, index file', indexFile, (dimensions) => createAutoVectorIndex({ dimensions })],
    ['AutoVectorIndex after switching, metadata file', metadataFile, (dimensions) => createAutoVectorIndex({ dimensions, threshold: 2 })],
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
      const writer = fullDiskWriter(pattern);
      await expect(index.save(path, { writeFile: writer })).rejects.toThrow(/ENOSPC/);
      expect(writer.written.some((written) => pattern.test(written))).toBe(true);
      expect([await readFile(path), await readFile(vectorIndexMetadataPath(path))]).toEqual(before);
      expect((await readdir(folder)).sort()).toEqual(['saved.index', 'saved.index.meta.json']);
      const loaded = await loadAutoVectorIndex({ path });
      expect([loaded.size, loaded.has('a'), loaded.has('c')]).toEqual([2, true, false]);
    });
  }

  it('writes every file of an exact save through the injected writer, then renames them into place', async () => {
    const folder = await mkdtemp(join(directory, 'writer-'));
    const path = join(folder, 'saved.index');
    const index = createExactVectorIndex({ dimensions: 2 });
    index.add('a', [1, 0]);
    const writer = fullDiskWriter(/^$/);
    await index.save(path, { writeFile: writer });
    expect(writer.written).toHaveLength(2);
    expect(writer.written[0]).toMatch(indexFile);
    expect(writer.written[1]).toMatch(metadataFile);
    expect((await readdir(folder)).sort()).toEqual(['saved.index', 'saved.index.meta.json']);
    expect((await loadAutoVectorIndex({ path })).search([1, 0], 1)[0]?.id).toBe('a');
  });
});
