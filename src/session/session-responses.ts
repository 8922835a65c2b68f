import { z } from 'zod';
import { JudgeVerdictSchema } from '../judges/judge-verdict.js';
import { DirectionSchema, ShapingSessionSpecSchema } from './shaping-session-spec.js';

/** What `admit` answers: may the host evaluate the node, and how novel it is. */
export const SessionAdmissionSchema = z.strictObject({
  id: z.string(),
  accepted: z.boolean(),
  /** For a rejected node: propose again from another parent. */
  resample: z.boolean(),
  rejectedBy: z.string().optional(),
  reason: z.string().optional(),
  /** The run's novelty of the node (the spec's metric), in [0, 1]; null when it could not be measured. */
  novelty: z.number().min(0).max(1).nullable(),
  /** Every novelty metric of the online scorer, by id (null where one could not be measured). */
  scores: z.record(z.string(), z.number().nullable()),
  /** With `judge: "rubric"`: the cheap judge's 0-4 verdict on the node against the run's valid nodes; else null. */
  verdict: JudgeVerdictSchema.nullable(),
  /** The closest earlier nodes, nearest first. */
  nearest: z.array(z.string()),
  /** The ML concepts found in the node. */
  concepts: z.array(z.string()),
  /**
   * The node's cell under the run's `descriptors`: its value per axis, and per axis a number (`boden_<axis>`: the
   * value's position among those the run met) for a host's own archive, e.g. OpenEvolve's `feature_dimensions`.
   */
  cell: z.strictObject({ key: z.string(), values: z.array(z.string()), metrics: z.record(z.string(), z.number()) }),
});

/** The knobs a host's policy reads after shaping (`ExplorationSettings`). */
export const SessionExplorationSchema = z.strictObject({
  mode: z.enum(['exploit', 'explore']),
  /** Multiplies every novelty bonus's strength. */
  bonusScale: z.number(),
  /** Multiplies a tree policy's exploration constant (UCT's `c`). */
  explorationScale: z.number(),
  /** Multiplies a sampling policy's temperature (softmax `T`). */
  temperatureScale: z.number(),
  /** Draft a new solution where the policy would otherwise improve one. */
  preferDraft: z.boolean(),
});

/** What `select` answers: the shaped values and knobs for the host's own policy, and greedy argmax's pick on them. */
export const SessionSelectionSchema = z.strictObject({
  /** Greedy argmax over the shaped values (or `draft` when explore mode asks for one); the host may use its own. */
  action: z.enum(['draft', 'improve', 'debug', 'crossover', 'descend']),
  chosen: z.array(z.string()),
  /**
   * Each candidate's value after shaping, by id: higher is better whatever the run's direction (a minimised metric
   * is negated before shaping), normalised to [0, 1] when a bonus normalised it. Rank by it, highest first.
   */
  values: z.record(z.string(), z.number().nullable()),
  /** Candidates shaping removed (rejected near-duplicates). */
  removed: z.array(z.string()),
  exploration: SessionExplorationSchema,
  /** Text for the next operator prompt when shaping asks for more exploration. */
  directive: z.string().nullable(),
});

/** A run's state for a host's memory prompt. */
export const SessionSummarySchema = z.strictObject({
  id: z.string(),
  spec: ShapingSessionSpecSchema,
  /** The host's metric: its direction (the spec's, else the first an outcome named; null until then) and name. */
  objective: z.strictObject({ direction: DirectionSchema.nullable(), name: z.string().nullable() }),
  admitted: z.number().int(),
  rejected: z.number().int(),
  observed: z.strictObject({ valid: z.number().int(), invalid: z.number().int() }),
  mode: z.enum(['exploit', 'explore']),
  /** Mean novelty of the valid nodes so far (P-creativity on the spec's metric); null before the first. */
  meanNovelty: z.number().nullable(),
  /** Concepts of the valid nodes, with how many used each, most used first. */
  concepts: z.array(z.strictObject({ concept: z.string(), nodes: z.number().int() })),
  /** The bonus's current weight (where `autoScale` moved it), when the run has a bonus. */
  bonusStrength: z.number().nullable(),
  /** The quality-diversity archive, when the run has one: cells filled, QD-score against the elites' own range, the cells. */
  qualityDiversity: z
    .strictObject({
      axes: z.array(z.string()),
      coverage: z.number().int(),
      qdScore: z.number(),
      cells: z.array(
        z.strictObject({
          key: z.string(),
          values: z.array(z.string()),
          eliteId: z.string(),
          eliteValue: z.number(),
          visits: z.number().int(),
          discoveredAt: z.number().int(),
        }),
      ),
    })
    .nullable(),
});

/** What `admit` answers: see `SessionAdmissionSchema`. */
export type SessionAdmission = z.output<typeof SessionAdmissionSchema>;
/** What `select` answers: see `SessionSelectionSchema`. */
export type SessionSelection = z.output<typeof SessionSelectionSchema>;
/** A run's summary: see `SessionSummarySchema`. */
export type SessionSummary = z.output<typeof SessionSummarySchema>;
