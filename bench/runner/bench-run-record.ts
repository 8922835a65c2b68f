import { z } from 'zod';
import { BenchArmSchema, benchPolicies } from './bench-policy.js';

/** One mode switch of the adaptive exploration schedule, as recorded. */
export const ModeSwitchSchema = z.strictObject({
  from: z.enum(['exploit', 'explore']),
  to: z.enum(['exploit', 'explore']),
  reason: z.enum(['stagnation', 'new-best', 'novelty-recovered']),
  averageNovelty: z.number(),
});

/** The cheap judge's verdict on an episode (P-creativity on Boden's 0-4 rubric). */
export const EpisodeVerdictSchema = z.strictObject({
  score: z.number().int().min(0).max(4),
  label: z.string().min(1),
  confidence: z.number().min(0).max(1),
  judge: z.string().min(1),
});

/** One episode of a bench run: the node, its pipeline, its outcome and its novelty. */
export const BenchEpisodeRecordSchema = z.strictObject({
  /** Position in the run, from 0. */
  index: z.number().int().min(0),
  nodeId: z.string().min(1),
  /** The node's parents in the search (none for a draft, two for a crossover). */
  parentIds: z.array(z.string().min(1)),
  operator: z.enum(['draft', 'improve', 'debug', 'crossover']),
  /** How the agent made the proposal. */
  kind: z.enum(['draft', 'refinement', 'component', 'family-switch', 'crossover', 'debug']),
  /** `canonicalConfigKey` of the pipeline. */
  configKey: z.string().min(1),
  status: z.enum(['ok', 'buggy']),
  /** The task metric (null when buggy). */
  score: z.number().nullable(),
  /** The error a buggy episode reported. */
  error: z.string().nullable(),
  /** Impact against the task card: 0 at the baseline, 1 at top-1 (null when buggy). */
  impact: z.number().nullable(),
  /** Novelty in [0, 1] by scorer metric id, scored before evaluation against the run's earlier valid episodes. */
  novelty: z.record(z.string(), z.number()),
  /** The cheap judge's verdict against the run's earlier valid episodes (null when buggy). */
  verdict: EpisodeVerdictSchema.nullable(),
  /** The novelty directive the operator was given, if any. */
  directive: z.string().nullable(),
  /** True when the agent followed that directive. */
  followedDirective: z.boolean(),
  /** Mode switches the schedule made when this episode was observed. */
  modeSwitches: z.array(ModeSwitchSchema),
  /** The episode's quality-diversity cell (the run's descriptors: boden's concepts, or the task's own); absent in records made before it was kept. */
  cell: z.string().optional(),
});

/** What `runBenchRun` returns: one search run, JSON-serialisable. */
export const BenchRunRecordSchema = z.strictObject({
  task: z.string().min(1),
  policy: z.enum(benchPolicies),
  arm: BenchArmSchema,
  /** True when the policy was wrapped with shaping middleware. */
  shaped: z.boolean(),
  seed: z.number().int(),
  /** Which agent proposed the pipelines, e.g. `simulated`. */
  agent: z.string().min(1),
  episodes: z.array(BenchEpisodeRecordSchema),
  /** Best impact of any valid episode (null when none was valid). */
  bestImpact: z.number().nullable(),
  /** Score of that episode. */
  bestScore: z.number().nullable(),
  /** The medal the best score earns on the card. */
  medal: z.enum(['gold', 'silver', 'bronze']).nullable(),
  /** Best impact so far after each episode (null until the first valid one). */
  bestImpactCurve: z.array(z.number().nullable()),
  /** Pipelines sent to the evaluator (episodes without a synthetic bug). */
  evaluations: z.number().int().min(0),
  /** Wall time of the run in milliseconds, on the injected clock (judging afterwards excluded). */
  wallMilliseconds: z.number().min(0),
  /** Of that, time inside the evaluator (memo hits make it machine- and cache-dependent). */
  evaluationMilliseconds: z.number().min(0),
  /** Of that, time an unshaped run spends scoring novelty only to record it (0 for shaped runs, where shaping scores). */
  measurementMilliseconds: z.number().min(0),
  /**
   * Arms with a novelty bonus: its weight at the end (where `autoScale` moved it), the contested selections, and how
   * many of them the bonus changed against the same policy without it (`noveltyBonus`'s `shifts`).
   */
  bonusShifts: z
    .strictObject({ strength: z.number().min(0), contested: z.number().int().min(0), changed: z.number().int().min(0) })
    .optional(),
});

/** The cheap judge's verdict as recorded. */
export type EpisodeVerdict = z.infer<typeof EpisodeVerdictSchema>;
/** One recorded episode. */
export type BenchEpisodeRecord = z.infer<typeof BenchEpisodeRecordSchema>;
/** One recorded bench run. */
export type BenchRunRecord = z.infer<typeof BenchRunRecordSchema>;
/** One recorded mode switch. */
export type ModeSwitch = z.infer<typeof ModeSwitchSchema>;

/** Search time of a run: wall time without evaluation and without scoring done only to record novelty. */
export function searchMilliseconds(
  record: Pick<BenchRunRecord, 'wallMilliseconds' | 'evaluationMilliseconds' | 'measurementMilliseconds'>,
): number {
  return Math.max(0, record.wallMilliseconds - record.evaluationMilliseconds - record.measurementMilliseconds);
}
