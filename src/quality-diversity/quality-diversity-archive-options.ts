import { z } from 'zod';
import { createSeededRandom } from '../random/random-source.js';
import { hasMethods, RandomSourceSchema } from '../shaping/collaborator-schemas.js';
import type { Descriptors } from './descriptors.js';

/** The default `bestShare`, chosen by measurement on the development tasks (bench/results/qd-no-harm). */
export const BEST_SHARE_DEFAULT = 0.75;

/** Options of `qualityDiversityArchive`. */
export const QualityDiversityArchiveOptionsSchema = z
  .object({
    /** What "different" means: a candidate's cell; default `conceptDescriptors()` (paradigm × feature engineering × validation). */
    descriptors: z.custom<Descriptors>(hasMethods('describe'), 'expected Descriptors (describe())').optional(),
    /**
     * Go-Explore's weight of a cell is `(quality + alpha) / sqrt(visits + 1)`, quality the elite's value min-max
     * normalised over the cells on offer: alpha 1 (the default) keeps a poor cell at least half as likely as the
     * best one when both are unvisited; 0 never picks the worst cell until it is the only one.
     */
    alpha: z.number().min(0).default(1),
    /**
     * Least share of the draws that go to the best cell on offer (its weight is raised to that share of the total when
     * the Go-Explore weights give it less), so the refinement of the best is never starved (issue #35: with the weights
     * alone, AIDE on a control task spent most improve steps on worse cells and lost 0.02-0.04 final impact). 0 leaves
     * the weights alone; 1 always returns the best cell.
     */
    bestShare: z.number().min(0).max(1).default(BEST_SHARE_DEFAULT),
    /** Share of the host's parent choices replaced by an elite of a sampled cell: 0 never (the host's own selection), 1 always. */
    strength: z.number().min(0).max(1).default(1),
    /** The archive's own random source (never the host's), for the cell draws. */
    random: RandomSourceSchema.default(() => createSeededRandom(0xce11)),
  })
  .strict();

/** Options of `qualityDiversityArchive` as callers write them. */
export type QualityDiversityArchiveOptions = z.input<typeof QualityDiversityArchiveOptionsSchema>;
