/**
 * LangGraph tree search adapter: AIDE greedy, MCTS or evolutionary search as a `StateGraph` (`createTreeSearchGraph`),
 * resumable from a checkpoint, with the operators as chat-model prompts (`createLangChainAideOperators`, ...).
 */
export { createTreeSearchGraph, type GreedySearchGraph, type ReplayedSearchGraph } from './create-tree-search-graph.js';
export { TreeSearchState, type PendingNode, type SelectedParent } from './greedy-search-graph.js';
export {
  TreeSearchGraphOptionsSchema,
  type ParsedTreeSearchGraphOptions,
  type TreeSearchGraphOptions,
  type TreeSearchOperators,
  type TreeSearchShaping,
} from './tree-search-graph-options.js';
export {
  createLangChainAideOperators,
  createLangChainEvolutionaryOperators,
  createLangChainMctsOperators,
  type ChatOperatorOptions,
} from './chat-operators.js';
export {
  ChatProposalSchema,
  ChatProposerOptionsSchema,
  createChatProposer,
  parsePlanAndCode,
  type ChatProposer,
  type RememberedNode,
} from './chat-proposer.js';
export { ReplayedSearchState, type TreeSearchNode } from './replayed-search-graph.js';
export type { RecordedCall } from './call-recorder.js';
export { CheckpointMismatchError } from './checkpoint-mismatch-error.js';
