import { z } from 'zod';

/** One mode switch of the adaptive exploration schedule, as recorded. */
export const ModeSwitchSchema = z.strictObject({
  from: z.enum(['exploit', 'explore']),
  to: z.enum(['exploit', 'explore']),
  reason: z.enum(['stagnation', 'new-best', 'novelty-recovered']),
  averageNovelty: z.number(),
});

/** One episode of a bench run: the node, its pipeline, its outcome and its novelty. */
export const BenchEpisodeRecordSchema = z.strictObject({
  /** Position in the run, from 0. */
  index: z.number().int().min(0),
  nodeId: z.string().min(1),
  parentId: z.string().min(1).nullable(),
  operator: z.enum(['draft', 'improve', 'debug']),
  /** How the simulated agent made the proposal. */
  kind: z.enum(['draft', 'refinement', 'component', 'family-switch', 'debug']),
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
  /** The novelty directive the operator was given, if any. */
  directive: z.string().nullable(),
  /** True when the agent followed that directive (its compliance is a seeded probability). */
  followedDirective: z.boolean(),
  /** Mode switches the schedule made when this episode was observed. */
  modeSwitches: z.array(ModeSwitchSchema),
});

/** What `runBenchRun` returns: one search run, JSON-serialisable. */
export const BenchRunRecordSchema = z.strictObject({
  task: z.string().min(1),
  policy: z.literal('aide'),
  arm: z.strictObject({ strength: z.number().min(0), schedule: z.enum(['none', 'adaptive']) }),
  /** True when the policy was wrapped with shaping middleware. */
  shaped: z.boolean(),
  seed: z.number().int(),
  episodes: z.array(BenchEpisodeRecordSchema),
  /** Best impact of any valid episode (null when none was valid). */
  bestImpact: z.number().nullable(),
  /** Score of that episode. */
  bestScore: z.number().nullable(),
  /** The medal the best score earns on the card. */
  medal: z.enum(['gold', 'silver', 'bronze']).nullable(),
  /** Best impact so far after each episode (null until the first valid one). */
  bestImpactCurve: z.array(z.number().nullable()),
  /** Wall time of the run in milliseconds, on the injected clock. */
  wallMilliseconds: z.number().min(0),
});

/** One recorded episode. */
export type BenchEpisodeRecord = z.infer<typeof BenchEpisodeRecordSchema>;
/** One recorded bench run. */
export type BenchRunRecord = z.infer<typeof BenchRunRecordSchema>;
/** One recorded mode switch. */
export type ModeSwitch = z.infer<typeof ModeSwitchSchema>;
