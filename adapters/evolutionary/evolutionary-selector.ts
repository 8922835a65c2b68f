import { parseOptions, usefulnessOf, valueRangeOf, type Selection, type SelectionCandidate, type Selector } from '../../src/index.js';
import type { EvolutionaryNode } from './evolutionary-node.js';
import { EvolutionarySelectorOptionsSchema, type EvolutionarySelectorOptions } from './evolutionary-selector-options.js';
import { shinkaParentProbabilities } from './shinka-weights.js';
import { sampleIndex, sampleWithoutReplacement, stableSoftmax } from './softmax-sampling.js';

/** A generation's sampling inputs: the scheduled temperature, the crossover probability, the island count. */
export interface EvolutionaryContext {
  /** `T_g` of the linear schedule; default 1. */
  readonly temperature?: number;
  /** 0 before `num_generations_till_crossover`, `crossover_prob` after; default 0. */
  readonly crossoverProbability?: number;
  /** Islands, empty ones included (they weigh in the island softmax); default the highest island index + 1. */
  readonly islands?: number;
}

/**
 * AIRA-dojo's evolutionary parent sampler (`SolutionsDatabase.sample_in_context`, `solvers/evo/evo.py`) as a
 * selection function over the population (candidates in island order, `node.island` set, `value` the fitness with
 * its direction applied, `valueRange` the global fitness range):
 * 1. normalise fitness to [0, 1] (1 = best) against the global range;
 * 2. operator: crossover with `crossoverProbability`, else improve (one draw, as `random.random() >= p`);
 * 3. island ∝ softmax(normalised island mean fitness / T), an empty island scoring 0; an island with fewer
 *    members than the operator needs is redrawn, up to 2 × islands times;
 * 4. parents within the island ∝ softmax(normalised fitness / T), without replacement (or ShinkaEvolve's weights).
 * Returns `draft` when the population is empty or no island can supply the parents (AIRA raises there). Explore
 * mode multiplies T by `exploration.temperatureScale` and `preferDraft` returns `draft`.
 */
export function createEvolutionarySelector(options: EvolutionarySelectorOptions = {}): Selector<EvolutionaryNode, EvolutionaryContext> {
  const parsed = parseOptions(EvolutionarySelectorOptionsSchema, options, 'createEvolutionarySelector');
  const draft: Selection<EvolutionaryNode> = { action: 'draft', chosen: [] };
  return (request) => {
    const { candidates, random } = request;
    const islandCount = request.context?.islands ?? Math.max(0, ...candidates.map((candidate) => (candidate.node.island ?? -1) + 1));
    const islands: SelectionCandidate<EvolutionaryNode>[][] = Array.from({ length: islandCount }, () => []);
    for (const candidate of candidates) if (candidate.node.island !== null) islands[candidate.node.island]?.push(candidate);
    if (islands.every((island) => island.length === 0) || request.exploration?.preferDraft === true) return draft;

    const temperature = (request.context?.temperature ?? 1) * (request.exploration?.temperatureScale ?? 1);
    const fallbackRange = valueRangeOf(candidates);
    const usefulness = (candidate: SelectionCandidate<EvolutionaryNode>) => usefulnessOf(candidate.value, request, fallbackRange);
    const islandScores = islands.map((island) =>
      island.length === 0 ? 0 : island.reduce((sum, candidate) => sum + usefulness(candidate), 0) / island.length,
    );
    const islandWeights = stableSoftmax(islandScores, temperature);

    const operator = random() >= (request.context?.crossoverProbability ?? 0) ? 'improve' : 'crossover';
    const needed = operator === 'improve' ? parsed.improveParents : parsed.crossoverParents;
    for (let attempt = 0; attempt < 2 * islands.length; attempt += 1) {
      const island = islands[sampleIndex(islandWeights, random)]!;
      if (island.length < needed) continue;
      const scores = island.map(usefulness);
      const children = island.map((candidate) => candidate.children ?? candidate.node.children);
      const probabilities =
        parsed.parentSampling === 'softmax'
          ? stableSoftmax(scores, temperature)
          : shinkaParentProbabilities(scores, children, parsed.shinkaLambda);
      const picks = sampleWithoutReplacement(probabilities, needed, random);
      return { action: operator, chosen: picks.map((index) => island[index]!) };
    }
    return draft;
  };
}
