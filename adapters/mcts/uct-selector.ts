import { parseOptions, type SelectionCandidate, type Selector } from '../../src/index.js';
import type { MctsNode } from './mcts-node.js';
import { UctSelectorOptionsSchema, type UctSelectorOptions } from './uct-selector-options.js';
import { uctValue } from './uct-value.js';

/** What a UCT step needs beyond the children: the parent's visits, and whether the parent is the root. */
export interface UctContext {
  readonly parentVisits: number;
  readonly atRoot: boolean;
}

/**
 * One step of AIRA-dojo's MCTS descent (`search_policy`) as a selection function: among the current node's
 * children, pick the first with the highest `uctValue` (Python's `max`). Candidates' `value` is the child's mean
 * backed-up value (direction applied), `visits` its explore count; `request.valueRange` is the tree's global range.
 * Explore mode multiplies `c` by `exploration.explorationScale`, and at the root `exploration.preferDraft` returns
 * `draft` (expand the root with new drafts) instead of descending.
 */
export function createUctSelector(options: UctSelectorOptions = {}): Selector<MctsNode, UctContext> {
  const { explorationConstant, unvisitedValue } = parseOptions(UctSelectorOptionsSchema, options, 'createUctSelector');
  return (request) => {
    const first = request.candidates[0];
    const parentVisits = request.context?.parentVisits ?? first?.node.parent?.visits ?? 0;
    const atRoot = request.context?.atRoot ?? first?.node.parent?.parent === null;
    if (first === undefined || (atRoot && request.exploration?.preferDraft === true)) return { action: 'draft', chosen: [] };
    const constant = explorationConstant * (request.exploration?.explorationScale ?? 1);
    let best: SelectionCandidate<MctsNode> = first;
    let bestValue = -Infinity;
    for (const candidate of request.candidates) {
      const value = uctValue({
        value: candidate.value,
        visits: candidate.visits ?? 0,
        parentVisits,
        explorationConstant: constant,
        unvisitedValue,
        ...(request.valueRange === undefined ? {} : { range: request.valueRange }),
        ...(request.normalised === undefined ? {} : { normalised: request.normalised }),
      });
      if (value > bestValue) {
        best = candidate;
        bestValue = value;
      }
    }
    return { action: 'descend', chosen: [best] };
  };
}
