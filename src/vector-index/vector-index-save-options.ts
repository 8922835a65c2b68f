import { writeFile } from 'node:fs/promises';

/**
 * Writes a new file at `path` and fails if the file already exists. A save writes each file at a fresh temporary
 * path through one of these before renaming it into place, so a writer that fails (a full disk, a fake in a test)
 * leaves the previous save intact.
 */
export type VectorIndexFileWriter = (path: string, data: string | Uint8Array) => Promise<void>;

/** What `VectorIndex.save` takes besides the path; every field is optional. */
export interface VectorIndexSaveOptions {
  /**
   * Writes the files of the save; `writeNewFile` (Node's `writeFile` with the `wx` flag) by default. hnswlib writes
   * its own index file natively, so for HNSW indexes this writes the metadata file only.
   */
  readonly writeFile?: VectorIndexFileWriter;
}

/** The default `VectorIndexFileWriter`: `writeFile(path, data, { flag: 'wx' })`. */
export const writeNewFile: VectorIndexFileWriter = (path, data) => writeFile(path, data, { flag: 'wx' });
