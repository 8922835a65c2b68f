import { defaultConceptExtractor } from '../concepts/default-concept-extractor.js';
import { parseOptions } from '../options/parse-options.js';
import {
  AdaptiveExplorationOptionsSchema,
  type AdaptiveExplorationOptions,
  type DirectiveConcepts,
} from './adaptive-exploration-options.js';
import { createExplorationSchedule } from './exploration-schedule.js';
import { formatNoveltyDirective, type NoveltyDirectiveAsk } from './novelty-directive.js';
import { defaultExploration, type ExplorationSettings } from './selector.js';
import type { SelectorMiddleware } from './selector-middleware.js';

/** The middleware `adaptiveExploration` returns: a `SelectorMiddleware` whose current mode can be read. */
export interface AdaptiveExplorationMiddleware extends SelectorMiddleware {
  /** `exploit` until the schedule detects a ceiling, then `explore` until a new best or recovered novelty. */
  readonly mode: 'exploit' | 'explore';
}

function defaultConcepts(): DirectiveConcepts {
  const extractor = defaultConceptExtractor();
  return { extract: (input) => extractor.extract(input), categoryOf: (id) => extractor.concept(id)?.category };
}

/**
 * Adaptive exploration schedule (the paper's second proposed fix). It follows each valid episode's P-creativity (an
 * exponential moving average) and the best value; when P-creativity stays below `threshold` and the best has not
 * improved for `patience` episodes it switches to explore mode: the novelty bonus is raised, the policy is asked to
 * draft instead of improve (the first `drafts` selections), UCT's constant and the sampling temperature are raised,
 * and each selection carries a novelty directive naming the concepts the run has already tried and asking for a new
 * idea or an untried component on top of the parent (`directiveAsk`). It returns to exploit mode when a new best
 * appears or P-creativity recovers. Every switch is a `mode-changed` event with its reason.
 *
 * @example
 * const middleware = [adaptiveExploration({ source, threshold: 0.2, patience: 3 }), noveltyBonus({ source })];
 */
export function adaptiveExploration(options: AdaptiveExplorationOptions): AdaptiveExplorationMiddleware {
  const parsed = parseOptions(AdaptiveExplorationOptionsSchema, options, 'adaptiveExploration');
  const { source, strength } = parsed;
  const schedule = createExplorationSchedule({
    window: parsed.window,
    threshold: parsed.threshold,
    patience: parsed.patience,
    minImprovement: parsed.minImprovement,
    ...(parsed.recovery === undefined ? {} : { recovery: parsed.recovery }),
  });
  const boost = (factor: number): number => 1 + strength * (factor - 1);
  const conceptCounts = new Map<string, number>();
  let draftsLeft = 0;
  // Improvements directed since the run last entered explore mode: `alternate` asks for a new idea on even counts.
  let directedImprovements = 0;
  const askFor = (action: string): NoveltyDirectiveAsk => {
    if (action === 'draft' || parsed.directiveAsk === 'new-idea') return 'new-idea';
    if (parsed.directiveAsk === 'new-component') return 'new-component';
    return directedImprovements++ % 2 === 0 ? 'new-idea' : 'new-component';
  };
  let concepts: DirectiveConcepts | undefined = parsed.concepts;
  const conceptsOf = (node: { plan: string; code: string }): readonly string[] => (concepts ??= defaultConcepts()).extract(node);

  const explore = (base: ExplorationSettings): ExplorationSettings => ({
    mode: 'explore',
    bonusScale: base.bonusScale * boost(parsed.bonusBoost),
    explorationScale: base.explorationScale * boost(parsed.explorationBoost),
    temperatureScale: base.temperatureScale * boost(parsed.temperatureBoost),
    preferDraft: base.preferDraft || (draftsLeft > 0 && strength > 0),
  });

  return {
    specificationVersion: 'v1',
    name: 'adaptive-exploration',
    sources: [source],
    get mode() {
      return schedule.state.mode;
    },
    async admitNode({ node }) {
      const assessment = await source.assess(node);
      return assessment.novelty === undefined ? undefined : { novelty: { [source.id]: assessment.novelty } };
    },
    transformRequest({ request }) {
      if (schedule.state.mode === 'exploit') return request;
      return { ...request, exploration: explore(request.exploration ?? defaultExploration) };
    },
    async wrapSelect({ doSelect, request, probe }) {
      const selection = await doSelect();
      if (probe || schedule.state.mode === 'exploit') return selection;
      if (selection.action === 'draft' && request.exploration?.preferDraft === true && draftsLeft > 0) draftsLeft -= 1;
      if (!parsed.directive || selection.action === 'debug') return selection;
      const lookup = (concepts ??= defaultConcepts());
      const categoryOf = lookup.categoryOf?.bind(lookup);
      const directive = formatNoveltyDirective({
        concepts: conceptCounts,
        maxConcepts: parsed.maxDirectiveConcepts,
        ask: askFor(selection.action),
        ...(categoryOf === undefined ? {} : { categoryOf }),
      });
      return { ...selection, directive };
    },
    async observe({ node, outcome, events }) {
      if (outcome.valid) {
        const assessment = source.assessment(node.id) ?? (await source.assess(node));
        for (const concept of assessment.concepts ?? conceptsOf(node)) conceptCounts.set(concept, (conceptCounts.get(concept) ?? 0) + 1);
        const state = schedule.record({ novelty: assessment.novelty, value: outcome.value ?? null });
        if (state.change !== undefined) {
          draftsLeft = state.change.to === 'explore' ? parsed.drafts : 0;
          directedImprovements = 0;
          events.emit('mode-changed', {
            ...state.change,
            episode: state.episode,
            averageNovelty: state.averageNovelty ?? Number.NaN,
            threshold: parsed.threshold,
            episodesSinceBest: state.episodesSinceBest,
            bestValue: state.bestValue,
          });
        }
      }
    },
  };
}
