import { z } from 'zod';
import { ConceptAxisSchema } from '../quality-diversity/concept-descriptors-options.js';

/** How a served run is made: its id, the novelty metric shaping reads, and which middleware wrap the selection. */
export const ServedRunSpecSchema = z.strictObject({
  /** The run's id, also its log's file name: letters, digits, `.`, `_` and `-`. */
  id: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'use letters, digits, ".", "_" and "-" (starting with a letter or digit)'),
  /** The scorer metric shaping reads (`scorerNoveltySource`'s `metric`). */
  metric: z.string().min(1).default('nearest-neighbour'),
  /** `noveltyBonus`: strength, decay by children, and optionally `autoScale: { shift }`. */
  bonus: z
    .strictObject({
      strength: z.number().finite().min(0).default(0.5),
      decay: z.enum(['none', 'children']).default('children'),
      autoScale: z.strictObject({ shift: z.number().gt(0).lt(1) }).optional(),
    })
    .optional(),
  /** `adaptiveExploration`: the stall signal and what its directives ask for. */
  adaptive: z
    .strictObject({
      threshold: z.number().min(0).max(1).optional(),
      patience: z.number().int().min(1).optional(),
      window: z.number().int().min(1).optional(),
      drafts: z.number().int().min(0).optional(),
      directiveAsk: z.enum(['new-idea', 'new-component', 'alternate']).optional(),
    })
    .optional(),
  /** `rubric`: `admit` also answers the cheap judge's 0-4 verdict on the node against the run's valid nodes (no LLM). */
  judge: z.enum(['none', 'rubric']).default('none'),
  /** `noveltyGate`: nodes below this novelty are rejected before evaluation. */
  gate: z.strictObject({ threshold: z.number().min(0).max(1).default(0.01), maxResamples: z.number().int().min(0).optional() }).optional(),
  /**
   * What a node's cell is (`admit` answers it as `cell`, with numeric `metrics` per axis for a host's own archive,
   * e.g. OpenEvolve's `feature_dimensions`): `conceptDescriptors({ axes })`, and with `embeddingClusters` one more axis
   * `embedding-cluster` (`embeddingClusterDescriptors`).
   */
  descriptors: z
    .strictObject({
      axes: z.array(ConceptAxisSchema).min(1).optional(),
      embeddingClusters: z.strictObject({ clusters: z.number().int().min(1).max(1024).optional(), radius: z.number().gt(0).lt(2).optional() }).optional(),
    })
    .default({}),
  /**
   * `qualityDiversityArchive` over the run's `descriptors`: `select`'s parents become elites of cells drawn Go-Explore
   * style. `seed` seeds the archive's cell draws, so replaying the run's log rebuilds its state.
   */
  qd: z
    .strictObject({
      alpha: z.number().min(0).optional(),
      strength: z.number().min(0).max(1).optional(),
      seed: z.number().int().min(0).default(0),
    })
    .optional(),
});

/** A served run's spec as clients send it. */
export type ServedRunSpecInput = z.input<typeof ServedRunSpecSchema>;
/** A served run's spec with the defaults filled in. */
export type ServedRunSpec = z.output<typeof ServedRunSpecSchema>;

/** A node as a client sends it to `admit` and `observe`. */
export const ServedNodeSchema = z.strictObject({
  id: z.string().min(1),
  plan: z.string(),
  code: z.string(),
  operator: z.string().optional(),
  /** The nodes it was made from, primary parent first (none for a draft): the tree `GET /runs/:id/export` cuts into episodes. */
  parents: z.array(z.string().min(1)).max(1000).optional(),
});

/** A node as a client sends it. */
export type ServedNode = z.infer<typeof ServedNodeSchema>;

/** The body of `observe`: the node and its outcome (`value`: usefulness, higher is better). */
export const ServedObservationSchema = z.strictObject({
  node: ServedNodeSchema,
  outcome: z.strictObject({ valid: z.boolean(), value: z.number().finite().nullable().optional() }),
});

/** The body of `select`: the host's candidates with the values its policy ranks by. */
export const ServedSelectionRequestSchema = z.strictObject({
  candidates: z
    .array(
      z.strictObject({
        id: z.string().min(1),
        value: z.number().finite().nullable(),
        children: z.number().int().min(0).optional(),
        visits: z.number().min(0).optional(),
      }),
    )
    .max(100_000),
  /** The range the host normalises values against (AIRA's global min and max); default the candidates' own. */
  valueRange: z.strictObject({ min: z.number().finite(), max: z.number().finite() }).optional(),
});

/** A client's idempotency key (`Idempotency-Key`): a retried call with the same key on a run is applied once. */
export const IdempotencyKeySchema = z.string().min(1).max(200);
