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
 * The novelty is the node's at admission (its P-creativity), or with `timing: 'current'` its novelty against
 * everything seen since, asked again at every selection (novelty search, Lehman & Stanley 2011).
 *
 * @example
 * const bonus = noveltyBonus({ strength: 0.5, source: scorerNoveltySource({ scorer }) });
 */
export function noveltyBonus(options: NoveltyBonusOptions): SelectorMiddleware {
  const { strength, source, normalise, decay, timing } = parseOptions(NoveltyBonusOptionsSchema, options, 'noveltyBonus');
  const noveltyAtAdmission = (candidate: SelectionCandidate<unknown>): number => {
    if (source === 'constant') return 1;
    if (source === 'candidate') return candidate.novelty ?? 0;
    return source.assessment(candidate.id)?.novelty ?? 0;
  };
  const novelties = async (candidates: readonly SelectionCandidate<unknown>[]): Promise<number[]> => {
    if (timing === 'admission' || typeof source !== 'object') return candidates.map(noveltyAtAdmission);
    return Promise.all(candidates.map(async (candidate) => (candidate.value === null ? 0 : ((await source.currentNovelty?.(candidate.id)) ?? 0))));
  };
  return {
    name: 'novelty-bonus',
    async admitNode({ node }) {
      if (typeof source === 'string') return undefined;
      const assessment = await source.assess(node);
      return assessment.novelty === undefined ? undefined : { novelty: { [source.id]: assessment.novelty } };
    },
    async transformRequest({ request }) {
      const weight = strength * (request.exploration?.bonusScale ?? 1);
      const rescale = normalise === 'min-max' && request.normalised !== true;
      const range = rescale ? (request.valueRange ?? valueRangeOf(request.candidates)) : undefined;
      const novelty = await novelties(request.candidates);
      const candidates = request.candidates.map((candidate, index) => {
        if (candidate.value === null) return candidate;
        const usefulness = rescale ? normaliseValue(candidate.value, range) : candidate.value;
        const damping = decay === 'children' ? 1 / (1 + (candidate.children ?? 0)) : 1;
        return { ...candidate, value: usefulness + weight * novelty[index]! * damping };
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
