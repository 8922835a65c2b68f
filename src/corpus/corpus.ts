import type { Embedder, EmbeddingInput } from '../embedder/embedder.js';
import { clampNeighborCount } from '../vector-index/clamp-neighbor-count.js';
import { LanceDbVectorIndex } from '../vector-index/lancedb-vector-index.js';
import type { VectorIndex } from '../vector-index/vector-index.js';
import type { ApproachSummarizer } from './approach-summarizer.js';
import type { CorpusEntry, CorpusNeighbor } from './corpus-entry.js';
import { saveCorpusFiles } from './corpus-files.js';
import { corpusFormatVersion, type CorpusManifest } from './corpus-manifest.js';
import type { CorpusSolution, SkippedInput, SolutionOrigin } from './corpus-solution.js';

// Embedding calls are batched so a remote embedder sees reasonable requests.
const embeddingBatchSize = 64;

/** Options of `Corpus.search` and `Corpus.searchApproach`. */
export interface CorpusSearchOptions {
  readonly signal?: AbortSignal;
  /** Ids to leave out of the results, e.g. the solution being scored against the rest of its corpus. */
  readonly exclude?: Iterable<string>;
}

/** Everything a `Corpus` is made of; built by `buildCorpus` and `openCorpus`. */
export interface CorpusState {
  readonly directory: string;
  readonly task: string;
  readonly embedder: Embedder;
  readonly summarizer: ApproachSummarizer;
  readonly index: VectorIndex | LanceDbVectorIndex;
  readonly entries: readonly CorpusEntry[];
  /** The manifest of the last save, or null for a corpus never saved. */
  readonly manifest: CorpusManifest | null;
}

/**
 * The solutions of one task (human, or earlier agents'), stored in a directory: their metadata and approach
 * summaries, and a vector index (HNSW by default, or a LanceDB table) of the summaries' embeddings. Every solution and every query
 * passes through the same summarizer and embedder, so retrieval reflects method, not coding style. Not safe for
 * concurrent `add` and `save` calls from several writers.
 */
export class Corpus {
  /** The directory it is saved in. */
  readonly directory: string;
  /** The task its solutions belong to. */
  readonly task: string;
  /** Embeds approach summaries (the corpus's and the queries'). */
  readonly embedder: Embedder;
  /** Summarises solutions and queries before embedding. */
  readonly summarizer: ApproachSummarizer;
  readonly #index: VectorIndex | LanceDbVectorIndex;
  readonly #entries = new Map<string, CorpusEntry>();
  #manifest: CorpusManifest | null;

  /** Wraps loaded or fresh state; use `buildCorpus` or `openCorpus`. */
  constructor(state: CorpusState) {
    this.directory = state.directory;
    this.task = state.task;
    this.embedder = state.embedder;
    this.summarizer = state.summarizer;
    this.#index = state.index;
    this.#manifest = state.manifest;
    for (const entry of state.entries) this.#entries.set(entry.id, entry);
  }

  /** Number of solutions. */
  get size(): number {
    return this.#entries.size;
  }

  /** The manifest of the last save, or null before the first. */
  get manifest(): CorpusManifest | null {
    return this.#manifest;
  }

  /** Every entry, in the order they were added. */
  entries(): CorpusEntry[] {
    return [...this.#entries.values()];
  }

  /** The entry with this id, or undefined. */
  entry(id: string): CorpusEntry | undefined {
    return this.#entries.get(id);
  }

  /** What the embedder is given for a solution or query: its approach summary as the plan, and no code. */
  approachInput(input: EmbeddingInput): EmbeddingInput {
    return { plan: this.summarizer.summarize(input), code: '' };
  }

  /**
   * Summarises, embeds and indexes `solutions` (in memory; call `save` to persist). A solution of another task or
   * with an id already in the corpus (or earlier in the batch) is skipped and reported.
   */
  async add(
    solutions: readonly CorpusSolution[],
    options: { signal?: AbortSignal } = {},
  ): Promise<{ added: CorpusEntry[]; skipped: SkippedInput[] }> {
    const skipped: SkippedInput[] = [];
    const accepted: { entry: CorpusEntry; input: EmbeddingInput }[] = [];
    const seen = new Set<string>();
    for (const solution of solutions) {
      if (solution.task !== this.task) {
        skipped.push({
          file: solution.source,
          reason: `solution ${solution.id} is for task ${JSON.stringify(solution.task)}, not ${JSON.stringify(this.task)}`,
        });
      } else if (this.#entries.has(solution.id) || seen.has(solution.id)) {
        skipped.push({ file: solution.source, reason: `duplicate solution id ${JSON.stringify(solution.id)}` });
      } else {
        seen.add(solution.id);
        const input = this.approachInput(solution);
        const { plan: _plan, code: _code, ...metadata } = solution;
        accepted.push({ entry: { ...metadata, summary: input.plan }, input });
      }
    }
    for (let start = 0; start < accepted.length; start += embeddingBatchSize) {
      const batch = accepted.slice(start, start + embeddingBatchSize);
      const vectors = await this.embedder.embed(
        batch.map((item) => item.input),
        options,
      );
      if (this.#index instanceof LanceDbVectorIndex)
        await this.#index.addMany(batch.map((item, position) => ({ id: item.entry.id, vector: vectors[position]! })));
      else batch.forEach((item, position) => (this.#index as VectorIndex).add(item.entry.id, vectors[position]!));
      for (const item of batch) this.#entries.set(item.entry.id, item.entry);
    }
    return { added: accepted.map((item) => item.entry), skipped };
  }

  /**
   * The `k` solutions whose approach is closest to `episode`'s, most similar first (`k` is clamped to `size`; a
   * negative or fractional `k` throws `InvalidArgumentError`). Ids in `exclude` are left out (leave-one-out).
   */
  async search(episode: EmbeddingInput, k: number, options: CorpusSearchOptions = {}): Promise<CorpusNeighbor[]> {
    return this.searchApproach(this.approachInput(episode).plan, k, options);
  }

  /** Like `search`, for an approach summary already made (e.g. a corpus entry's `summary`). */
  async searchApproach(approach: string, k: number, options: CorpusSearchOptions = {}): Promise<CorpusNeighbor[]> {
    const { exclude = [], ...callOptions } = options;
    const excluded = new Set([...exclude].filter((id) => this.#entries.has(id)));
    const wanted = clampNeighborCount(k, this.size - excluded.size);
    const [vector] = await this.embedder.embed([{ plan: approach, code: '' }], callOptions);
    const found = await this.#index.search(vector!, wanted + excluded.size);
    return found
      .filter((neighbor) => !excluded.has(neighbor.id))
      .slice(0, wanted)
      .map((neighbor) => ({ entry: this.#entries.get(neighbor.id)!, similarity: neighbor.similarity, distance: neighbor.distance }));
  }

  /**
   * Writes the corpus to its directory as a new generation; a failed save (`CorpusFileError`) leaves the previous
   * one readable on disk and this object unchanged, so `save` may be retried.
   */
  async save(): Promise<CorpusManifest> {
    const byOrigin: Record<SolutionOrigin, number> = { file: 0, record: 0, trajectory: 0 };
    for (const entry of this.#entries.values()) byOrigin[entry.origin] += 1;
    this.#manifest = await saveCorpusFiles({
      directory: this.directory,
      body: {
        format: 'boden-corpus',
        version: corpusFormatVersion,
        task: this.task,
        embedder: { id: this.embedder.id, dimensions: this.embedder.dimensions },
        summarizer: { id: this.summarizer.id },
        counts: { solutions: this.#entries.size, byOrigin },
      },
      index: this.#index,
      entries: this.#entries.values(),
      previous: this.#manifest,
    });
    return this.#manifest;
  }
}
