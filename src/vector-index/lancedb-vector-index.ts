import { join } from 'node:path';
import { z } from 'zod';
import { BodenError } from '../errors/boden-error.js';
import { IndexFileError } from '../errors/index-file-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { VectorIndexOperationError } from '../errors/vector-index-operation-error.js';
import { parseOptions } from '../options/parse-options.js';
import type { Neighbor } from './neighbor.js';
import { normalizeVector } from './normalize-vector.js';
import type { VectorInput } from './vector-index.js';

/** What `openLanceDbVectorIndex` takes. */
export const lanceDbVectorIndexOptionsSchema = z.strictObject({
  /** The LanceDB database directory (created when missing). */
  directory: z.string().min(1),
  /** Length of every vector; a table of vectors of another length is refused. */
  dimensions: z.number().int().min(1).max(65_536),
  /** The table's name in the database. */
  table: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('vectors'),
  /** IVF partitions a search reads once the table has an index (more: better recall, slower). */
  nprobes: z.number().int().min(1).default(32),
  /** Candidates re-ranked by their exact distance per result wanted once the table has an index (1: none). */
  refineFactor: z.number().int().min(1).default(10),
  /**
   * The table's version to open (what `version()` returned when its owner committed, e.g. a corpus's save): rows
   * written after it are dropped, so a crash between a write and its commit leaves the committed state. The latest
   * when omitted.
   */
  version: z.number().int().min(1).optional(),
  /** Drops a table of that name first (a new corpus in a directory a failed first build left a table in). */
  fresh: z.boolean().default(false),
});

/** Options of `openLanceDbVectorIndex` as callers write them. */
export type LanceDbVectorIndexOptions = z.input<typeof lanceDbVectorIndexOptionsSchema>;

/** LanceDB is an optional dependency: it is missing where its engine could not be installed. */
export class LanceDbUnavailableError extends BodenError {
  constructor(cause: unknown) {
    super({
      name: 'BodenLanceDbUnavailableError',
      message:
        'the LanceDB store needs the optional dependency @lancedb/lancedb (npm install @lancedb/lancedb@0.31.0), which is not installed here',
      cause,
    });
  }
}

type LanceDb = typeof import('@lancedb/lancedb');
type LanceConnection = Awaited<ReturnType<LanceDb['connect']>>;
type LanceTable = Awaited<ReturnType<LanceConnection['openTable']>>;

/** Imports LanceDB on first use: its engine is large and only this store needs it. */
async function loadLanceDb(): Promise<LanceDb> {
  try {
    return await import('@lancedb/lancedb');
  } catch (error) {
    throw new LanceDbUnavailableError(error);
  }
}

/**
 * Opens (or creates) a vector index kept on disk in a LanceDB table (`id`, `vector`), for corpora too large to hold in
 * memory as an HNSW graph (10^5-10^6 solutions). Unlike the `VectorIndex` role its calls are asynchronous, as
 * LanceDB's are: `addMany` appends (each call one new version of the table, so a build is incremental and a reopened
 * table is searched without rebuilding), `search` asks the table by cosine distance. Until `buildIndex` a search is
 * an exact scan; after it, an IVF-PQ index with `nprobes` partitions and exact re-ranking of `refineFactor` × k
 * candidates. A table of vectors of another length is an `IndexFileError` (`mismatch`) naming it.
 */
export async function openLanceDbVectorIndex(options: LanceDbVectorIndexOptions): Promise<LanceDbVectorIndex> {
  const parsed = parseOptions(lanceDbVectorIndexOptionsSchema, options, 'openLanceDbVectorIndex');
  const lancedb = await loadLanceDb();
  const connection = await lancedb.connect(parsed.directory);
  const path = join(parsed.directory, `${parsed.table}.lance`);
  const exists = (await connection.tableNames()).includes(parsed.table);
  if (exists && parsed.fresh) await connection.dropTable(parsed.table);
  if (!exists || parsed.fresh) return new LanceDbVectorIndex(parsed, connection, null, 0, path);
  const table = await connection.openTable(parsed.table);
  if (parsed.version !== undefined && parsed.version !== (await table.version())) {
    try {
      await table.checkout(parsed.version);
      // The committed version becomes the latest again, so appends continue from it.
      await table.restore();
    } catch (error) {
      table.close();
      throw new IndexFileError({ file: path, problem: 'corrupt', reason: `has no version ${parsed.version} to open`, cause: error });
    }
  }
  const vectorField = (await table.schema()).fields.find((field) => field.name === 'vector');
  const length = (vectorField?.type as { listSize?: number } | undefined)?.listSize;
  if (length !== parsed.dimensions) {
    table.close();
    throw new IndexFileError({
      file: path,
      problem: 'mismatch',
      reason: `holds vectors of ${length ?? 'no'} dimensions, not ${parsed.dimensions}`,
    });
  }
  return new LanceDbVectorIndex(parsed, connection, table, await table.countRows(), path);
}

/** A vector index in a LanceDB table; see `openLanceDbVectorIndex`. */
export class LanceDbVectorIndex {
  readonly specificationVersion = 'v1';
  /** Length of every vector. */
  readonly dimensions: number;
  /** The table's directory on disk. */
  readonly path: string;
  readonly #options: z.output<typeof lanceDbVectorIndexOptionsSchema>;
  readonly #connection: LanceConnection;
  #table: LanceTable | null;
  #size: number;
  #indexed: boolean | undefined;

  /**
   * Internal: use `openLanceDbVectorIndex`. The connection and table are typed `unknown` here so the declarations of
   * this package name no LanceDB type (it is an optional dependency).
   */
  constructor(options: z.output<typeof lanceDbVectorIndexOptionsSchema>, connection: unknown, table: unknown, size: number, path: string) {
    this.#options = options;
    this.dimensions = options.dimensions;
    this.#connection = connection as LanceConnection;
    this.#table = table as LanceTable | null;
    this.#size = size;
    this.path = path;
  }

  /** Number of vectors in the table. */
  get size(): number {
    return this.#size;
  }

  /** Appends `items` (normalised; ids must be new) as one write; an empty list writes nothing. */
  async addMany(items: readonly { readonly id: string; readonly vector: VectorInput }[]): Promise<void> {
    if (items.length === 0) return;
    const rows = items.map(({ id, vector }) => ({ id, vector: Array.from(normalizeVector(vector, { dimensions: this.dimensions, id })) }));
    await this.#call('add', async () => {
      if (this.#table === null) this.#table = await this.#connection.createTable(this.#options.table, rows);
      else await this.#table.add(rows);
    });
    this.#size += rows.length;
  }

  /** The `k` nearest vectors by cosine similarity, most similar first (`k` clamped to `size`). */
  async search(vector: VectorInput, k: number): Promise<Neighbor[]> {
    if (!Number.isInteger(k) || k < 0)
      throw new InvalidArgumentError({ argument: 'k', reason: `expected a non-negative integer, got ${k}` });
    const query = normalizeVector(vector, { dimensions: this.dimensions, id: null });
    const count = Math.min(k, this.#size);
    if (count === 0 || this.#table === null) return [];
    const table = this.#table;
    const rows = await this.#call('search', async () => {
      let search = table.vectorSearch(Array.from(query)).distanceType('cosine').limit(count).select(['id']);
      if (await this.#hasIndex()) search = search.nprobes(this.#options.nprobes).refineFactor(this.#options.refineFactor);
      return (await search.toArray()) as { id: string; _distance: number }[];
    });
    return rows.map((row) => ({ id: row.id, similarity: 1 - row._distance, distance: row._distance }));
  }

  /**
   * Builds an IVF-PQ index of the vectors (about √n partitions), so searches stop scanning the whole table; worth it
   * from about 10^5 vectors. Vectors added later are searched exactly until the next build.
   */
  async buildIndex(): Promise<void> {
    const table = this.#table;
    if (table === null) return;
    const { Index } = await loadLanceDb();
    const partitions = Math.max(1, Math.round(Math.sqrt(this.#size)));
    await this.#call('index', () =>
      table.createIndex('vector', {
        config: Index.ivfPq({
          distanceType: 'cosine',
          numPartitions: partitions,
          numSubVectors: Math.max(1, Math.floor(this.dimensions / 8)),
        }),
        replace: true,
      }),
    );
    this.#indexed = true;
  }

  /** The table's current version (0 before its first write): record it to open this state again (`version` option). */
  async version(): Promise<number> {
    return this.#table === null ? 0 : this.#call('version', () => this.#table!.version());
  }

  /** Releases the table; the data stays on disk. */
  close(): void {
    this.#table?.close();
    this.#connection.close();
  }

  async #hasIndex(): Promise<boolean> {
    this.#indexed ??= (await this.#table!.listIndices()).some((index) => index.columns.includes('vector'));
    return this.#indexed;
  }

  async #call<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (BodenError.isInstance(error)) throw error;
      throw new VectorIndexOperationError({ operation: `lancedb ${operation} (${this.path})`, cause: error });
    }
  }
}
