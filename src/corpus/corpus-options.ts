import { z } from 'zod';
import { isTrajectoryReader, type TrajectoryReader } from '../episode/trajectory-reader.js';
import type { Embedder } from '../embedder/embedder.js';
import { HashingEmbedder } from '../embedder/hashing-embedder.js';
import { efSearchSchema, hnswGraphOptionsSchema } from '../vector-index/hnsw-vector-index-options.js';
import type { ApproachSummarizer } from './approach-summarizer.js';
import { ConceptApproachSummarizer } from './concept-approach-summarizer.js';
import { isCorpusIndexFactory, type CorpusIndexFactory } from './corpus-index-factory.js';

const isEmbedder = (value: unknown): boolean =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as Embedder).id === 'string' &&
  Number.isInteger((value as Embedder).dimensions) &&
  typeof (value as Embedder).embed === 'function';
const isSummarizer = (value: unknown): boolean =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as ApproachSummarizer).id === 'string' &&
  typeof (value as ApproachSummarizer).summarize === 'function';

const anyEmbedderSchema = z.custom<Embedder>(isEmbedder, 'expected an Embedder (an object with id, dimensions and embed())');
const embedderSchema = anyEmbedderSchema.default(() => new HashingEmbedder());
const summarizerSchema = z
  .custom<ApproachSummarizer>(isSummarizer, 'expected an ApproachSummarizer (an object with id and summarize())')
  .default(() => new ConceptApproachSummarizer());
const indexFactorySchema = z.custom<CorpusIndexFactory>(
  isCorpusIndexFactory,
  'expected a CorpusIndexFactory (an object with create() and load())',
);

/** Options of `buildCorpus`; the defaults live here. */
export const buildCorpusOptionsSchema = z.strictObject({
  /** Files and directories of solutions (see `readSolutions`). */
  inputs: z.array(z.string().min(1)).min(1),
  /** The task the solutions belong to; records of another task are skipped. */
  task: z.string().min(1),
  /** Reads the trajectories among the inputs (`trajectoryReader` of `boden/adapters/trajectory`); without one they are skipped. */
  trajectories: z
    .custom<TrajectoryReader>(isTrajectoryReader, 'expected a TrajectoryReader (an object with read() and isTrajectoryDirectory())')
    .optional(),
  /** The corpus directory; created when absent, appended to when it already holds a corpus. */
  out: z.string().min(1),
  /** Embeds approach summaries; the offline `HashingEmbedder` by default. */
  embedder: embedderSchema,
  /** Summarises every solution before embedding; `ConceptApproachSummarizer` by default. */
  summarizer: summarizerSchema,
  /** Graph settings of a new corpus's HNSW index; an existing corpus keeps its own. */
  hnsw: hnswGraphOptionsSchema.prefault({}),
  /** Makes and loads the vector index (e.g. over a LangChain vector store); HNSW with `hnsw` settings by default. */
  index: indexFactorySchema.optional(),
  /**
   * Where a new corpus keeps its vectors: `hnsw`, an HNSW index file loaded into memory (the default), or `lancedb`,
   * a LanceDB table in `out` searched on disk (for 10^5-10^6 solutions; needs the optional `@lancedb/lancedb`). An
   * existing corpus keeps its own.
   */
  store: z.enum(['hnsw', 'lancedb']).default('hnsw'),
});

/** Options of `openCorpus`; the defaults live here. */
export const openCorpusOptionsSchema = z.strictObject({
  /**
   * Must have the id and dimensions the corpus was built with (`CorpusMismatchError` otherwise); by default a
   * `HashingEmbedder` of the dimensions in the corpus's manifest.
   */
  embedder: anyEmbedderSchema.optional(),
  /** Must have the id the corpus was built with (`CorpusMismatchError` otherwise). */
  summarizer: summarizerSchema,
  /** Overrides the saved HNSW search setting (of the default index only). */
  efSearch: efSearchSchema.optional(),
  /** Loads the saved vector index, e.g. over the LangChain vector store it was written to; by its kind by default. */
  index: indexFactorySchema.optional(),
});

/** Options of `buildCorpus` as callers pass them. */
export type BuildCorpusOptions = z.input<typeof buildCorpusOptionsSchema>;
/** Options of `openCorpus` as callers pass them. */
export type OpenCorpusOptions = z.input<typeof openCorpusOptionsSchema>;
