import { z } from 'zod';
import type { QualityDiversityArchiveOptions } from '../quality-diversity/quality-diversity-archive-options.js';
import type { AdaptiveExplorationOptions } from '../shaping/adaptive-exploration-options.js';
import type { NoveltyBonusOptions } from '../shaping/novelty-bonus-options.js';
import type { NoveltyGateOptions } from '../shaping/novelty-gate-options.js';
import type { ParetoObjectiveOptions } from '../shaping/pareto-objective-options.js';

/** The parts of a run's shaping, each with its own factory's options (each factory checks those). */
export interface ShapingMiddlewareOptions {
  /** `noveltyGate`: rejects near-duplicates before they are evaluated. */
  readonly gate?: NoveltyGateOptions;
  /** `paretoObjective`: chooses on the front of value and novelty. */
  readonly pareto?: ParetoObjectiveOptions;
  /** `qualityDiversityArchive`: parents drawn from the elites of the cells. */
  readonly qd?: QualityDiversityArchiveOptions;
  /** Plain novelty search: a `noveltyBonus` over k-nearest sparsity that decides the choice. */
  readonly noveltySearch?: NoveltyBonusOptions;
  /** `adaptiveExploration`: the schedule that switches to explore when the best stalls. */
  readonly adaptive?: AdaptiveExplorationOptions;
  /** `noveltyBonus`: novelty added to each candidate's value. */
  readonly bonus?: NoveltyBonusOptions;
}

/** Checks the parts' names and that each is an object; the values are each factory's to check. */
export const ShapingMiddlewareOptionsSchema = z.strictObject({
  gate: z.looseObject({}).optional(),
  pareto: z.looseObject({}).optional(),
  qd: z.looseObject({}).optional(),
  noveltySearch: z.looseObject({}).optional(),
  adaptive: z.looseObject({}).optional(),
  bonus: z.looseObject({}).optional(),
});
