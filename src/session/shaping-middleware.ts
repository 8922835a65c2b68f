import { InvalidOptionsError } from '../errors/invalid-options-error.js';
import { parseOptions } from '../options/parse-options.js';
import { qualityDiversityArchive, type QualityDiversityArchive } from '../quality-diversity/quality-diversity-archive.js';
import { adaptiveExploration, type AdaptiveExplorationMiddleware } from '../shaping/adaptive-exploration.js';
import { noveltyBonus, type NoveltyBonusMiddleware } from '../shaping/novelty-bonus.js';
import { noveltyGate } from '../shaping/novelty-gate.js';
import { paretoObjective } from '../shaping/pareto-objective.js';
import type { SelectorMiddleware } from '../shaping/selector-middleware.js';
import { ShapingMiddlewareOptionsSchema, type ShapingMiddlewareOptions } from './shaping-middleware-options.js';

/** The middleware of one run in wrapping order, and the parts whose state a run reports. */
export interface ShapingMiddleware {
  /** For `wrapSelector`: gate, Pareto, archive, novelty search, schedule, bonus (those asked for). */
  readonly middleware: readonly SelectorMiddleware[];
  readonly archive: QualityDiversityArchive | undefined;
  readonly adaptive: AdaptiveExplorationMiddleware | undefined;
  readonly bonus: NoveltyBonusMiddleware | undefined;
  readonly noveltySearch: NoveltyBonusMiddleware | undefined;
}

/**
 * Builds a run's shaping middleware in boden's one order, written only here: the gate first (a rejected node is never
 * valued), then the Pareto choice, the archive's parent draw, plain novelty search, the schedule (its directive and
 * exploration knobs) and last the bonus on the values the policy ranks. `ShapingSession` (and with it `boden serve`
 * and the LangChain middleware) and the benchmark's policy search all wrap their selector with this list.
 */
export function shapingMiddleware(options: ShapingMiddlewareOptions): ShapingMiddleware {
  const parts = parseOptions(ShapingMiddlewareOptionsSchema, options, 'shapingMiddleware') as ShapingMiddlewareOptions;
  const middleware: SelectorMiddleware[] = [];
  const gate = build(parts.gate, 'gate', noveltyGate);
  if (gate !== undefined) middleware.push(gate);
  const pareto = build(parts.pareto, 'pareto', paretoObjective);
  if (pareto !== undefined) middleware.push(pareto);
  const archive = build(parts.qd, 'qd', qualityDiversityArchive);
  if (archive !== undefined) middleware.push(archive);
  const noveltySearch = build(parts.noveltySearch, 'noveltySearch', noveltyBonus);
  if (noveltySearch !== undefined) middleware.push(noveltySearch);
  const adaptive = build(parts.adaptive, 'adaptive', adaptiveExploration);
  if (adaptive !== undefined) middleware.push(adaptive);
  const bonus = build(parts.bonus, 'bonus', noveltyBonus);
  if (bonus !== undefined) middleware.push(bonus);
  return { middleware, archive, adaptive, bonus, noveltySearch };
}

/** One part from its factory, a bad option named under the part (`gate.threshold`) as the caller wrote it. */
function build<Options, Part>(options: Options | undefined, part: string, factory: (options: Options) => Part): Part | undefined {
  if (options === undefined) return undefined;
  try {
    return factory(options);
  } catch (error) {
    if (!InvalidOptionsError.isInstance(error)) throw error;
    throw new InvalidOptionsError({
      target: 'shapingMiddleware',
      issues: error.issues.map((issue) => ({ path: issue.path === '' ? part : `${part}.${issue.path}`, message: issue.message })),
    });
  }
}
