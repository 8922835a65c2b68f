import { parseOptions } from '../options/parse-options.js';
import type { RandomSource } from '../random/random-source.js';
import { crowdingDistances, paretoRanks, type ObjectivePoint } from './pareto-front.js';
import { ParetoObjectiveOptionsSchema, type ParetoObjectiveOptions } from './pareto-objective-options.js';
import type { SelectionCandidate } from './selector.js';
import type { SelectorMiddleware } from './selector-middleware.js';

/**
 * Dual objective (the paper's third proposed fix): when the host's policy picks parents to improve or cross over,
 * the pick is replaced by candidates from the (usefulness, novelty) Pareto front, so a very novel but less useful
 * node can be chosen over a marginally better clone. Within a front, a binary tournament prefers the larger NSGA-II
 * crowding distance (the more isolated point); a front with too few members is topped up from the next front.
 * Drafts and debug choices (no usefulness) pass through. Put it first in the middleware array so it sees the host's
 * own values; dominance and crowding do not depend on their scale.
 *
 * @example
 * const objective = paretoObjective({ source: scorerNoveltySource({ scorer }) });
 */
export function paretoObjective(options: ParetoObjectiveOptions): SelectorMiddleware {
  const { source, strength, random } = parseOptions(ParetoObjectiveOptionsSchema, options, 'paretoObjective');
  const noveltyOf = (candidate: SelectionCandidate<unknown>): number =>
    source === 'candidate' ? (candidate.novelty ?? 0) : (source.assessment(candidate.id)?.novelty ?? 0);
  return {
    specificationVersion: 'v1',
    name: 'pareto-objective',
    sources: source === 'candidate' ? [] : [source],
    async admitNode({ node }) {
      if (source === 'candidate') return undefined;
      const assessment = await source.assess(node);
      return assessment.novelty === undefined ? undefined : { novelty: { [source.id]: assessment.novelty } };
    },
    async wrapSelect({ doSelect, request, probe }) {
      const selection = await doSelect();
      // A probe must not draw from the injected random source (it would change the run's later choices).
      if (probe || strength === 0 || selection.chosen.length === 0 || selection.chosen.some((chosen) => chosen.value === null))
        return selection;
      if (strength < 1 && random() >= strength) return selection;
      const eligible = request.candidates.filter((candidate) => candidate.value !== null);
      if (eligible.length < selection.chosen.length) return selection;
      const points = eligible.map((candidate) => ({ usefulness: candidate.value!, novelty: noveltyOf(candidate) }));
      const picks = pickFromFronts(points, selection.chosen.length, random);
      return { ...selection, chosen: picks.map((index) => eligible[index]!) };
    },
  };
}

/** `count` distinct indices, front by front, each by a crowding tournament among the front's remaining members. */
function pickFromFronts(points: readonly ObjectivePoint[], count: number, random: RandomSource): number[] {
  const ranks = paretoRanks(points);
  const picks: number[] = [];
  for (let rank = 0; picks.length < count; rank += 1) {
    const front = ranks.flatMap((value, index) => (value === rank ? [index] : []));
    const crowding = crowdingDistances(points, front);
    const remaining = [...front];
    while (remaining.length > 0 && picks.length < count) {
      if (remaining.length === 1) {
        picks.push(remaining.pop()!);
        break;
      }
      const first = remaining[Math.floor(random() * remaining.length)]!;
      const others = remaining.filter((index) => index !== first);
      const second = others[Math.floor(random() * others.length)]!;
      const winner = crowding.get(second)! > crowding.get(first)! ? second : first;
      picks.push(winner);
      remaining.splice(remaining.indexOf(winner), 1);
    }
  }
  return picks;
}
