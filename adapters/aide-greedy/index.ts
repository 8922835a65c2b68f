/**
 * AIDE greedy adapter: AIDE's search policy as a wrappable selector (`createAideGreedySelector`) and its agent loop
 * with injected operators (`createAideGreedySearch`).
 */
export { createAideGreedySelector } from './aide-greedy-selector.js';
export { AideGreedySelectorOptionsSchema, type AideGreedySelectorOptions } from './aide-greedy-selector-options.js';
export { createAideGreedySearch, type AideGreedySearch, type AideStep } from './aide-greedy-search.js';
export { AideGreedySearchOptionsSchema, type AideGreedySearchOptions } from './aide-greedy-search-options.js';
export type { AideNode, AideOperator } from './aide-node.js';
export type { AideOperatorInput, AideOperators } from './aide-operators.js';
