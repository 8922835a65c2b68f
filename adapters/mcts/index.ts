/**
 * MCTS adapter: AIRA-dojo's UCT (`uctValue`) as a wrappable selection step (`createUctSelector`) and its MCTS
 * solver with injected operators (`createMctsSearch`): expansion width, debug cycle and backup as there.
 */
export { uctValue, type UctInput } from './uct-value.js';
export { createUctSelector, type UctContext } from './uct-selector.js';
export { UctSelectorOptionsSchema, type UctSelectorOptions } from './uct-selector-options.js';
export { createMctsSearch, type MctsSearch, type MctsStep } from './mcts-search.js';
export { MctsSearchOptionsSchema, type MctsSearchOptions } from './mcts-search-options.js';
export type { MctsNode, MctsOperator } from './mcts-node.js';
export type { MctsOperatorInput, MctsOperators } from './mcts-operators.js';
