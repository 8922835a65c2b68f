import { z } from 'zod';
import { SolutionOriginSchema } from './corpus-solution.js';

/** Version of the corpus directory layout; `openCorpus` reads this version only. */
export const corpusFormatVersion = 1;

/** Name of the manifest in a corpus directory; renaming it into place commits a save. */
export const corpusManifestName = 'corpus.json';

/**
 * The manifest of a corpus directory: what built it (embedder id and dimensions, summarizer id), the task, counts,
 * and the files of the current generation. Each save writes a new generation of files beside the old ones and then
 * replaces the manifest, so a save that fails midway leaves the previous generation readable.
 */
export const CorpusManifestSchema = z.strictObject({
  format: z.literal('boden-corpus'),
  version: z.literal(corpusFormatVersion),
  task: z.string().min(1),
  embedder: z.strictObject({ id: z.string().min(1), dimensions: z.number().int().min(1) }),
  summarizer: z.strictObject({ id: z.string().min(1) }),
  counts: z.strictObject({
    solutions: z.number().int().min(0),
    byOrigin: z.record(SolutionOriginSchema, z.number().int().min(0)),
  }),
  /** Incremented by every save; names the generation's files. */
  generation: z.number().int().min(1),
  files: z.strictObject({
    /**
     * The vector index file, HNSW by default (its metadata is `<index>.meta.json`), relative to the directory; or
     * `vectors.lance`, the LanceDB table of a corpus built with the `lancedb` store.
     */
    index: z.string().min(1),
    /** For a LanceDB table: its version this save committed (later rows are not the corpus's). */
    indexVersion: z.number().int().min(1).optional(),
    /** The entries (JSON lines), relative to the directory. */
    entries: z.string().min(1),
    /** SHA-256 of the entries file, so entries and manifest from different saves are caught. */
    entriesSha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
});

/** A corpus manifest: see `CorpusManifestSchema`. */
export type CorpusManifest = z.infer<typeof CorpusManifestSchema>;

/** File names of generation `generation`: `index-000003.hnsw`, `entries-000003.jsonl`. */
export function generationFileNames(generation: number): { index: string; entries: string } {
  const suffix = String(generation).padStart(6, '0');
  return { index: `index-${suffix}.hnsw`, entries: `entries-${suffix}.jsonl` };
}

/** The LanceDB table of a corpus built with the `lancedb` store, in its directory: `vectors.lance`. */
export const lanceDbCorpusTable = 'vectors';

/** True when the manifest's index is a LanceDB table rather than an index file. */
export function isLanceDbCorpusIndex(files: Pick<CorpusManifest['files'], 'index'>): boolean {
  return files.index === `${lanceDbCorpusTable}.lance`;
}
