import { z } from 'zod';
import { ConceptAxisSchema } from '../quality-diversity/concept-descriptors-options.js';

/** Which way a host's metric is better: `maximize` (accuracy) or `minimize` (RMSE). */
export const DirectionSchema = z.enum(['maximize', 'minimize']);

/** A metric direction. */
export type Direction = z.infer<typeof DirectionSchema>;

/** A run's objective: the host metric's direction and name. */
export const ObjectiveSchema = z.strictObject({
  direction: DirectionSchema.optional(),
  /** The metric's name in the host (`rmse`, `combined_score`): the export's metric name (default `value`). */
  name: z.string().min(1).max(200).optional(),
});

/** How a served run is made: its id, the novelty metric shaping reads, and which middleware wrap the selection. */
export const ShapingSessionSpecSchema = z.strictObject({
  /** The run's id, also its log's file name: letters, digits, `.`, `_` and `-`. */
  id: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'use letters, digits, ".", "_" and "-" (starting with a letter or digit)'),
  /** The scorer metric `admit` answers as `novelty` and the bonus reads (`scorerNoveltySource`'s `metric`). */
  metric: z.string().min(1).default('nearest-neighbour'),
  /**
   * The host's own metric (the values `observe` and `select` carry, in the host's units): its direction and name, kept
   * in the export. Without a direction the run takes the first one an outcome names (`outcome.direction`, e.g. from
   * AIDE's `MetricValue.maximize`), and reads values as higher-is-better until then.
   */
  objective: ObjectiveSchema.optional(),
  /**
   * `noveltyBonus`: strength, decay by children, and optionally `autoScale: { shift }`. `source: 'candidate'` reads
   * the novelty the host puts on each `select` candidate (an MCTS host's backed-up mean) instead of `metric`;
   * `countShifts` probes each contested selection for whether the bonus changed it (the summary's `bonusShifts`).
   */
  bonus: z
    .strictObject({
      strength: z.number().finite().min(0).default(0.5),
      decay: z.enum(['none', 'children']).default('children'),
      autoScale: z.strictObject({ shift: z.number().gt(0).lt(1) }).optional(),
      source: z.enum(['metric', 'candidate']).default('metric'),
      countShifts: z.boolean().default(false),
    })
    .optional(),
  /**
   * `paretoObjective` over (value, novelty on `metric`): a share `strength` of the choices become picks from the
   * Pareto front; `seed` seeds its tournaments.
   */
  pareto: z
    .strictObject({
      strength: z.number().min(0).max(1).optional(),
      seed: z.number().int().min(0).default(0x5eed),
    })
    .optional(),
  /**
   * Plain novelty search, the baseline for `qd`: a bonus of `strength` over each candidate's k-nearest sparseness now
   * (`kNearestSparsitySource`, read at every selection), applied before the schedule and the bonus.
   */
  noveltySearch: z
    .strictObject({
      strength: z.number().finite().min(0).default(5),
      k: z.number().int().min(1).optional(),
    })
    .optional(),
  /** `adaptiveExploration`: the stall signal and what its directives ask for. */
  adaptive: z
    .strictObject({
      /**
       * The scorer metric the schedule reads: by default the code alone (`code-nearest-neighbour`), since a model
       * rewrites its plan's prose at every step and plan-and-code novelty then never falls through a stall.
       */
      metric: z.string().min(1).default('code-nearest-neighbour'),
      threshold: z.number().min(0).max(1).optional(),
      patience: z.number().int().min(1).optional(),
      window: z.number().int().min(1).optional(),
      drafts: z.number().int().min(0).optional(),
      directiveAsk: z.enum(['new-idea', 'new-component', 'alternate']).optional(),
    })
    .optional(),
  /** `rubric`: `admit` also answers the cheap judge's 0-4 verdict on the node against the run's valid nodes (no LLM). */
  judge: z.enum(['none', 'rubric']).default('none'),
  /**
   * `noveltyGate`: nodes whose novelty on `metric` is below `threshold` are rejected before evaluation. By default a
   * re-proposal of an earlier program (`unique-code`: the same code, comments and layout aside) is; a near one is
   * not, since the embedding ignores numbers and would reject one-setting refinements.
   */
  gate: z
    .strictObject({
      metric: z.string().min(1).default('unique-code'),
      threshold: z.number().min(0).max(1).default(0.01),
      maxResamples: z.number().int().min(0).optional(),
    })
    .optional(),
  /**
   * What a node's cell is (`admit` answers it as `cell`, with numeric `metrics` per axis for a host's own archive,
   * e.g. OpenEvolve's `feature_dimensions`): `conceptDescriptors({ axes })`, and with `embeddingClusters` one more axis
   * `embedding-cluster` (`embeddingClusterDescriptors`).
   */
  descriptors: z
    .strictObject({
      axes: z.array(ConceptAxisSchema).min(1).optional(),
      embeddingClusters: z
        .strictObject({ clusters: z.number().int().min(1).max(1024).optional(), radius: z.number().gt(0).lt(2).optional() })
        .optional(),
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
      /** Least share of the draws that go to the best cell (`qualityDiversityArchive`'s `bestShare`). */
      bestShare: z.number().min(0).max(1).optional(),
      seed: z.number().int().min(0).default(0),
    })
    .optional(),
});

/** A served run's spec as clients send it. */
export type ShapingSessionSpecInput = z.input<typeof ShapingSessionSpecSchema>;
/** A served run's spec with the defaults filled in. */
export type ShapingSessionSpec = z.output<typeof ShapingSessionSpecSchema>;

/**
 * A node's parents as the host keeps them, primary parent first: a list, one id, or none (`null`; a `null` in the
 * list, e.g. OpenEvolve's or ShinkaEvolve's `parent_id` of an initial program, is dropped). Read as a list.
 */
const ParentsSchema = z
  .union([z.array(z.string().min(1).nullable()).max(1000), z.string().min(1), z.null()])
  .transform((parents) =>
    parents === null ? [] : typeof parents === 'string' ? [parents] : parents.filter((parent): parent is string => parent !== null),
  );

const nodeFields = {
  /** The host's own id (AIDE's `uuid4().hex`, OpenEvolve's and ShinkaEvolve's uuid strings), any non-empty string. */
  id: z.string().min(1),
  plan: z.string(),
  code: z.string(),
  operator: z.string().optional(),
  /** The nodes it was made from (none for a draft): the tree `GET /runs/:id/export` cuts into episodes. */
  parents: ParentsSchema.optional(),
};

/** A node as a client sends it to `admit` and `observe`. */
export const SessionNodeSchema = z.strictObject(nodeFields);

/** A node as a client sends it. */
export type SessionNode = z.output<typeof SessionNodeSchema>;

/** An outcome: did the node run and score, its value in the host's units, and optionally that value's direction. */
export const SessionOutcomeSchema = z.strictObject({
  valid: z.boolean(),
  value: z.number().finite().nullable().optional(),
  /** The value's own direction (AIDE's `MetricValue.maximize`): a run without one takes it; a different one is refused. */
  direction: DirectionSchema.optional(),
});

/** An outcome as a client sends it. */
export type SessionOutcome = z.output<typeof SessionOutcomeSchema>;

/**
 * The body of `observe`: the node and its outcome. A node the run has heard of (admitted or observed) may be named by
 * its `id` alone, so a host that judges novelty at admission and learns fitness later (ShinkaEvolve) reports it then.
 */
export const SessionObservationSchema = z.strictObject({
  node: z.strictObject({ ...nodeFields, plan: nodeFields.plan.optional(), code: nodeFields.code.optional() }),
  outcome: SessionOutcomeSchema,
});

/** The body of `observe`, parsed. */
export type SessionObservation = z.output<typeof SessionObservationSchema>;

/** The body of `select`: the host's candidates with the values its policy ranks by. */
export const SessionSelectionRequestSchema = z.strictObject({
  candidates: z
    .array(
      z.strictObject({
        id: z.string().min(1),
        value: z.number().finite().nullable(),
        children: z.number().int().min(0).optional(),
        visits: z.number().min(0).optional(),
        /** The host's own novelty of the candidate in [0, 1], read by a bonus with `source: 'candidate'`. */
        novelty: z.number().min(0).max(1).nullable().optional(),
      }),
    )
    .max(100_000),
  /** The range the host normalises values against (AIRA's global min and max); default the candidates' own. */
  valueRange: z.strictObject({ min: z.number().finite(), max: z.number().finite() }).optional(),
});
