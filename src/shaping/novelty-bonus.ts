import { parseOptions } from '../options/parse-options.js';
import { normaliseValue, valueRangeOf } from './normalise-value.js';
import { NoveltyBonusOptionsSchema, type NoveltyBonusOptions } from './novelty-bonus-options.js';
import type { SelectionCandidate } from './selector.js';
import type { SelectorMiddleware } from './selector-middleware.js';

/**
 * Novelty bonus (the paper's first proposed fix): each candidate's value becomes
 * `value' = normalised usefulness + strength × bonusScale × novelty [× 1 / (1 + children)]`, so solutions too similar
 * to earlier episodes rank lower. Candidates without a value (buggy, unvisited) keep none; a node whose novelty is
 * unknown gets no bonus. `bonusScale` comes from the request's exploration settings (`adaptiveExploration` raises it).
 *
 * @example
 * const bonus = noveltyBonus({ strength: 0.5, source: scorerNoveltySource({ scorer }) });
 */
export function noveltyBonus(options: NoveltyBonusOptions): SelectorMiddleware {
  const { strength, source, normalise, decay } = parseOptions(NoveltyBonusOptionsSchema, options, 'noveltyBonus');
  const noveltyOf = (candidate: SelectionCandidate<unknown>): number => {
    if (source === 'constant') return 1;
    if (source === 'candidate') return candidate.novelty ?? 0;
    return source.assessment(candidate.id)?.novelty ?? 0;
  };
  return {
    name: 'novelty-bonus',
    async admitNode({ node }) {
      if (typeof source === 'string') return undefined;
      const assessment = await source.assess(node);
      return assessment.novelty === undefined ? undefined : { novelty: { [source.id]: assessment.novelty } };
    },
    transformRequest({ request }) {
      const weight = strength * (request.exploration?.bonusScale ?? 1);
      const rescale = normalise === 'min-max' && request.normalised !== true;
      const range = rescale ? (request.valueRange ?? valueRangeOf(request.candidates)) : undefined;
      const candidates = request.candidates.map((candidate) => {
        if (candidate.value === null) return candidate;
        const usefulness = rescale ? normaliseValue(candidate.value, range) : candidate.value;
        const damping = decay === 'children' ? 1 / (1 + (candidate.children ?? 0)) : 1;
        return { ...candidate, value: usefulness + weight * noveltyOf(candidate) * damping };
      });
      if (!rescale) return { ...request, candidates };
      const { valueRange: _replaced, ...rest } = request;
      return { ...rest, candidates, normalised: true };
    },
    async observe({ node, outcome }) {
      if (typeof source !== 'string') await source.observe(node, outcome);
    },
  };
}
