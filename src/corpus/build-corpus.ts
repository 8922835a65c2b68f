import { access, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { fileWriteFailure } from '../files/directory-problem.js';
import { parseOptions } from '../options/parse-options.js';
import { openLanceDbVectorIndex } from '../vector-index/lancedb-vector-index.js';
import type { CorpusEntry } from './corpus-entry.js';
import { hnswCorpusIndex } from './corpus-index-factory.js';
import { corpusManifestName, lanceDbCorpusTable } from './corpus-manifest.js';
import { buildCorpusOptionsSchema, type BuildCorpusOptions } from './corpus-options.js';
import type { SkippedInput } from './corpus-solution.js';
import { Corpus } from './corpus.js';
import { checkCorpusMatches, openCorpus } from './open-corpus.js';
import { readCorpusManifest } from './corpus-files.js';
import { readSolutions } from './read-solutions.js';

/** What `buildCorpus` did: the saved corpus, the entries it added and the inputs it skipped. */
export interface BuildCorpusResult {
  readonly corpus: Corpus;
  readonly added: CorpusEntry[];
  readonly skipped: SkippedInput[];
}

/**
 * Reads the solutions under `inputs` (see `readSolutions`), summarises and embeds them, and saves the corpus in
 * `out`. When `out` already holds a corpus, appends to it: the embedder, summarizer and task must match its manifest
 * (`CorpusMismatchError` otherwise), and ids it already has are skipped. Bad files and records are skipped and
 * reported, never thrown; a failed save leaves the previous corpus readable. `store` (`hnsw` or `lancedb`) or
 * `index` (see `CorpusIndexFactory`) chooses where a new corpus's vectors live; an HNSW index file in `out` by default.
 */
export async function buildCorpus(options: BuildCorpusOptions): Promise<BuildCorpusResult> {
  const {
    inputs,
    task,
    trajectories,
    out,
    embedder,
    summarizer,
    hnsw,
    index: indexFactory,
    store,
  } = parseOptions(buildCorpusOptionsSchema, options, 'buildCorpus');
  if (store === 'lancedb' && indexFactory !== undefined)
    throw new InvalidArgumentError({ argument: 'store', reason: 'the lancedb store keeps its own table: give store or index, not both' });
  const factory = indexFactory ?? hnswCorpusIndex(hnsw);
  let corpus: Corpus;
  if (await exists(join(out, corpusManifestName))) {
    checkCorpusMatches(out, await readCorpusManifest(out), {
      embedderId: embedder.id,
      dimensions: embedder.dimensions,
      summarizerId: summarizer.id,
      task,
    });
    corpus = await openCorpus(out, { embedder, summarizer, index: factory });
  } else {
    await mkdir(out, { recursive: true }).catch(async (error: unknown) => {
      throw await fileWriteFailure(error, out, out);
    });
    const index =
      store === 'lancedb'
        ? await openLanceDbVectorIndex({ directory: out, dimensions: embedder.dimensions, table: lanceDbCorpusTable, fresh: true })
        : factory.create({ dimensions: embedder.dimensions });
    corpus = new Corpus({ directory: out, task, embedder, summarizer, index, entries: [], manifest: null });
  }
  const read = await readSolutions(inputs, { task, trajectories });
  const { added, skipped } = await corpus.add(read.solutions);
  await corpus.save();
  return { corpus, added, skipped: [...read.skipped, ...skipped] };
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
