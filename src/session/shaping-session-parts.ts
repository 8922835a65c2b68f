import { z } from 'zod';
import type { Descriptors } from '../quality-diversity/descriptors.js';
import type { NoveltyScorer } from '../scoring/novelty-scorer.js';
import { hasMethods } from '../shaping/collaborator-schemas.js';

/**
 * What a caller injects into a `ShapingSession` besides its spec (which is data, so a service can log and replay it):
 * the scorer the run shares with its own records, and descriptors no spec can write (a task's own cells).
 */
export const ShapingSessionPartsSchema = z.strictObject({
  /** The run's novelty scorer, whose metrics the spec names; default `createNoveltyScorer({ runId: spec.id })`. */
  scorer: z.custom<NoveltyScorer>(hasMethods('score', 'observe'), 'expected a NoveltyScorer (score() and observe())').optional(),
  /** What a node's cell is; default the spec's `descriptors` (`conceptDescriptors`, optionally with embedding clusters). */
  descriptors: z.custom<Descriptors>(hasMethods('describe'), 'expected Descriptors (describe())').optional(),
});

/** The parts a caller injects into a `ShapingSession`. */
export type ShapingSessionParts = z.input<typeof ShapingSessionPartsSchema>;
