import { z } from 'zod';

const uint32Max = 2 ** 32 - 1;

/** Candidate-list size while searching: a number, or `'auto'` to grow it with the index (see `resolveEfSearch`). */
export const efSearchSchema = z.union([z.literal('auto'), z.number().int().min(1).max(100_000)], {
  error: "expected 'auto' or an integer from 1 to 100000",
});

/** Graph settings of `HnswVectorIndex`, without the dimensions; the defaults live here. */
export const hnswGraphOptionsSchema = z.strictObject({
  /** Links per node per layer (hnswlib's `M`; level 0 gets 2M): higher is more accurate, slower and larger. */
  m: z.number().int().min(2).max(128).default(16),
  /** Candidate-list size while inserting: higher builds a better graph, more slowly. */
  efConstruction: z.number().int().min(1).max(100_000).default(200),
  /** Candidate-list size while searching; `'auto'` keeps recall@10 at or above 0.95 as the index grows. */
  efSearch: efSearchSchema.default('auto'),
  /** Slots allocated up front; past it the index doubles its capacity without the caller noticing. */
  initialCapacity: z.number().int().min(1).max(uint32Max).default(1024),
  /** Seed of hnswlib's level generator, so the same inserts build the same graph. */
  randomSeed: z.number().int().min(0).max(uint32Max).default(100),
});

/** Options of `createHnswVectorIndex`: the dimensions plus the graph settings. */
export const hnswVectorIndexOptionsSchema = hnswGraphOptionsSchema.extend({
  /** Length of every vector. */
  dimensions: z.number().int().min(1).max(65_536),
});

/** Options of `loadHnswVectorIndex`. */
export const loadHnswVectorIndexOptionsSchema = z.strictObject({
  /** The index file `save` wrote; its metadata is read from `vectorIndexMetadataPath(path)`. */
  path: z.string().min(1),
  /** When given, the file must hold vectors of this length (`IndexFileError` with `mismatch` otherwise). */
  dimensions: z.number().int().min(1).optional(),
  /** Overrides the saved search setting. */
  efSearch: efSearchSchema.optional(),
});

/** Graph settings of an HNSW index as callers pass them (every field optional). */
export type HnswGraphOptions = z.input<typeof hnswGraphOptionsSchema>;
/** Options of `createHnswVectorIndex` as callers pass them. */
export type HnswVectorIndexOptions = z.input<typeof hnswVectorIndexOptionsSchema>;
/** `HnswVectorIndexOptions` with the defaults filled in. */
export type ResolvedHnswVectorIndexOptions = z.infer<typeof hnswVectorIndexOptionsSchema>;
/** Options of `loadHnswVectorIndex` as callers pass them. */
export type LoadHnswVectorIndexOptions = z.input<typeof loadHnswVectorIndexOptionsSchema>;
