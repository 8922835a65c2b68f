import { z } from 'zod';
import type { SyncEmbedder } from '../embedder/sync-embedder.js';
import { hasMethods } from './collaborator-schemas.js';

/** Options of `kNearestSparsitySource`; the defaults live here. */
export const KNearestSparsitySourceOptionsSchema = z
  .object({
    /** Names the source in events. */
    id: z.string().min(1).default('k-nearest-sparsity'),
    /** Neighbours averaged over: Lehman & Stanley's k (15 in their maze experiments). */
    k: z.number().int().min(1).default(15),
    /** Embeds plan and code; default a private `HashingEmbedder` that never learns IDF, so a node's vector never changes. */
    embedder: z.custom<SyncEmbedder>(hasMethods('embedOne'), 'expected an embedder with embedOne() (e.g. a HashingEmbedder)').optional(),
  })
  .strict();

/** Options of `kNearestSparsitySource` as callers write them. */
export type KNearestSparsitySourceOptions = z.input<typeof KNearestSparsitySourceOptionsSchema>;
