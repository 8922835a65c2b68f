import { z } from 'zod';
import { hnswGraphOptionsSchema } from './hnsw-vector-index-options.js';

/**
 * Live size at which `AutoVectorIndex` moves from an exact scan to HNSW. On clustered 256-d vectors one search plus
 * one add costs the same both ways somewhere between 250 and 750 points (bench/README.md); 1,000 keeps small
 * indexes exact for at most about 1.6× that cost. With 64-d vectors the exact scan stays cheaper up to 2-4k points.
 */
export const defaultSwitchThreshold = 1_000;

/** Options of `createAutoVectorIndex`; the defaults live here. */
export const autoVectorIndexOptionsSchema = z.strictObject({
  /** Length of every vector. */
  dimensions: z.number().int().min(1).max(65_536),
  /** Live size at which the index switches from exact to HNSW, for good; 0 starts with HNSW. */
  threshold: z.number().int().min(0).default(defaultSwitchThreshold),
  /** Settings of the HNSW index built at the switch. */
  hnsw: hnswGraphOptionsSchema.prefault({}),
});

/** Options of `loadAutoVectorIndex`. */
export const loadAutoVectorIndexOptionsSchema = z.strictObject({
  /** The index file `save` wrote (by any of the three implementations). */
  path: z.string().min(1),
  /** When given, the file must hold vectors of this length (`IndexFileError` with `mismatch` otherwise). */
  dimensions: z.number().int().min(1).optional(),
  /** As in `createAutoVectorIndex`; a saved exact index at or above it switches to HNSW on load. */
  threshold: z.number().int().min(0).default(defaultSwitchThreshold),
  /** Settings of the HNSW index built if a loaded exact index switches; a saved HNSW index keeps its own. */
  hnsw: hnswGraphOptionsSchema.prefault({}),
});

/** Options of `createAutoVectorIndex` as callers pass them. */
export type AutoVectorIndexOptions = z.input<typeof autoVectorIndexOptionsSchema>;
/** `AutoVectorIndexOptions` with the defaults filled in. */
export type ResolvedAutoVectorIndexOptions = z.infer<typeof autoVectorIndexOptionsSchema>;
/** Options of `loadAutoVectorIndex` as callers pass them. */
export type LoadAutoVectorIndexOptions = z.input<typeof loadAutoVectorIndexOptionsSchema>;
