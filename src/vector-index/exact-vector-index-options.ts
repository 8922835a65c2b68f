import { z } from 'zod';

/** Options of `createExactVectorIndex`; the defaults live here. */
export const exactVectorIndexOptionsSchema = z.strictObject({
  /** Length of every vector. */
  dimensions: z.number().int().min(1).max(65_536),
  /**
   * Vectors allocated up front; past it the storage doubles. Small by default: a replay makes one index per run, and
   * most runs are short (1,024 vectors of the default embedder's 512 dimensions, zeroed for each, were 3 % of
   * replaying the shared runs).
   */
  initialCapacity: z
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1)
    .default(64),
});

/** Options of `loadExactVectorIndex`. */
export const loadExactVectorIndexOptionsSchema = z.strictObject({
  /** The index file `save` wrote; its metadata is read from `vectorIndexMetadataPath(path)`. */
  path: z.string().min(1),
  /** When given, the file must hold vectors of this length (`IndexFileError` with `mismatch` otherwise). */
  dimensions: z.number().int().min(1).optional(),
});

/** Options of `createExactVectorIndex` as callers pass them. */
export type ExactVectorIndexOptions = z.input<typeof exactVectorIndexOptionsSchema>;
/** `ExactVectorIndexOptions` with the defaults filled in. */
export type ResolvedExactVectorIndexOptions = z.infer<typeof exactVectorIndexOptionsSchema>;
/** Options of `loadExactVectorIndex` as callers pass them. */
export type LoadExactVectorIndexOptions = z.input<typeof loadExactVectorIndexOptionsSchema>;
