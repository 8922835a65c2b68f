/**
 * LangGraph tree search adapter: an AIDE-style search as a `StateGraph` (`createTreeSearchGraph`), resumable from a
 * checkpoint, with AIDE's operators as chat-model prompts (`createLangChainAideOperators`).
 */
export { createTreeSearchGraph, TreeSearchState, type PendingNode, type SelectedParent } from './create-tree-search-graph.js';
export { TreeSearchGraphOptionsSchema, type TreeSearchGraphOptions } from './tree-search-graph-options.js';
export { createLangChainAideOperators, parsePlanAndCode } from './chat-aide-operators.js';
