/**
 * Evolutionary adapter: AIRA-dojo's island sampler as a wrappable selector (`createEvolutionarySelector`, with
 * ShinkaEvolve's weighted parent sampling as an option), its island database (`createIslandPopulation`) and its
 * solver with injected operators (`createEvolutionarySearch`).
 */
export { createEvolutionarySelector, type EvolutionaryContext } from './evolutionary-selector.js';
export { EvolutionarySelectorOptionsSchema, type EvolutionarySelectorOptions } from './evolutionary-selector-options.js';
export { createEvolutionarySearch, type EvolutionaryGeneration, type EvolutionarySearch } from './evolutionary-search.js';
export { EvolutionarySearchOptionsSchema, type EvolutionarySearchOptions } from './evolutionary-search-options.js';
export { createIslandPopulation, type IslandMember, type IslandPopulation } from './island-population.js';
export { stableSoftmax, sampleIndex, sampleWithoutReplacement } from './softmax-sampling.js';
export { shinkaParentProbabilities } from './shinka-weights.js';
export type { EvolutionaryNode, EvolutionaryOperator } from './evolutionary-node.js';
export type { EvolutionaryOperatorInput, EvolutionaryOperators } from './evolutionary-operators.js';
