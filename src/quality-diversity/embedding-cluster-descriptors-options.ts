import { z } from 'zod';
import type { SyncEmbedder } from '../embedder/sync-embedder.js';
import { hasMethods } from '../shaping/collaborator-schemas.js';

/** Options of `embeddingClusterDescriptors`; the defaults live here. */
export const EmbeddingClusterDescriptorsOptionsSchema = z
  .object({
    /** Embeds plan and code; default a private `HashingEmbedder` that never learns IDF, so a text's vector never changes. */
    embedder: z.custom<SyncEmbedder>(hasMethods('embedOne'), 'expected an embedder with embedOne() (e.g. a HashingEmbedder)').optional(),
    /** At most this many clusters (cells on the axis); later candidates join the nearest. */
    clusters: z.number().int().min(1).max(1024).default(32),
    /**
     * Cosine distance from every centroid beyond which a candidate founds a new cluster (while fewer than `clusters`
     * exist). 0.35 with the default embedder: within one shared run a tuning step moves 0.18-0.25 and a new model
     * family or draft 0.3-0.4; random pairs of the shared episodes are 0.62 apart (median).
     */
    radius: z.number().gt(0).lt(2).default(0.35),
    /** The axis' name. */
    axis: z.string().min(1).default('embedding-cluster'),
  })
  .strict();

/** Options of `embeddingClusterDescriptors` as callers write them. */
export type EmbeddingClusterDescriptorsOptions = z.input<typeof EmbeddingClusterDescriptorsOptionsSchema>;
