import { join } from 'node:path';
import { CorpusFileError } from '../errors/corpus-file-error.js';
import { CorpusMismatchError } from '../errors/corpus-mismatch-error.js';
import { HashingEmbedder } from '../embedder/hashing-embedder.js';
import { parseOptions } from '../options/parse-options.js';
import { LanceDbVectorIndex, openLanceDbVectorIndex } from '../vector-index/lancedb-vector-index.js';
import { readCorpusEntries, readCorpusManifest } from './corpus-files.js';
import { hnswCorpusIndex } from './corpus-index-factory.js';
import { isLanceDbCorpusIndex, lanceDbCorpusTable, type CorpusManifest } from './corpus-manifest.js';
import { openCorpusOptionsSchema, type OpenCorpusOptions } from './corpus-options.js';
import { Corpus } from './corpus.js';

/**
 * Opens the corpus saved in `directory`. The embedder must have the id and dimensions, and the summarizer the id,
 * it was built with (`CorpusMismatchError` naming both otherwise); without an embedder, a `HashingEmbedder` of the
 * manifest's dimensions is used. Missing or damaged files throw `CorpusFileError` (or the index loader's
 * `IndexFileError`). A corpus built with the `lancedb` store opens its table at the version its last save committed.
 */
export async function openCorpus(directory: string, options: OpenCorpusOptions = {}): Promise<Corpus> {
  const resolved = parseOptions(openCorpusOptionsSchema, options, 'openCorpus');
  const { summarizer, efSearch } = resolved;
  const manifest = await readCorpusManifest(directory);
  const embedder = resolved.embedder ?? new HashingEmbedder({ dimensions: manifest.embedder.dimensions });
  checkCorpusMatches(directory, manifest, { embedderId: embedder.id, dimensions: embedder.dimensions, summarizerId: summarizer.id });
  const dimensions = manifest.embedder.dimensions;
  const index = isLanceDbCorpusIndex(manifest.files)
    ? await openLanceDbVectorIndex({
        directory,
        dimensions,
        table: lanceDbCorpusTable,
        ...(manifest.files.indexVersion === undefined ? {} : { version: manifest.files.indexVersion }),
      })
    : await (resolved.index ?? hnswCorpusIndex({}, efSearch)).load({ path: join(directory, manifest.files.index), dimensions });
  const entries = await readCorpusEntries(directory, manifest);
  // A LanceDB table is not held in memory: its row count stands for the per-id check.
  const missing = index instanceof LanceDbVectorIndex ? undefined : entries.find((entry) => !index.has(entry.id));
  if (entries.length !== manifest.counts.solutions || index.size !== entries.length || missing !== undefined) {
    throw new CorpusFileError({
      file: join(directory, manifest.files.entries),
      problem: 'corrupt',
      reason: `${entries.length} entries, ${index.size} vectors and a manifest count of ${manifest.counts.solutions} do not match`,
    });
  }
  return new Corpus({ directory, task: manifest.task, embedder, summarizer, index, entries, manifest });
}

/** Throws `CorpusMismatchError` when the supplied embedder, summarizer or task differs from the manifest's. */
export function checkCorpusMatches(
  directory: string,
  manifest: CorpusManifest,
  supplied: { embedderId: string; dimensions: number; summarizerId: string; task?: string },
): void {
  if (manifest.embedder.id !== supplied.embedderId) {
    throw new CorpusMismatchError({ directory, field: 'embedder-id', stored: manifest.embedder.id, supplied: supplied.embedderId });
  }
  if (manifest.embedder.dimensions !== supplied.dimensions) {
    throw new CorpusMismatchError({
      directory,
      field: 'dimensions',
      stored: String(manifest.embedder.dimensions),
      supplied: String(supplied.dimensions),
    });
  }
  if (manifest.summarizer.id !== supplied.summarizerId) {
    throw new CorpusMismatchError({ directory, field: 'summarizer-id', stored: manifest.summarizer.id, supplied: supplied.summarizerId });
  }
  if (supplied.task !== undefined && manifest.task !== supplied.task) {
    throw new CorpusMismatchError({ directory, field: 'task', stored: manifest.task, supplied: supplied.task });
  }
}
