import { parseOptions, type SelectionCandidate, type Selector } from '../../src/index.js';
import type { AideNode } from './aide-node.js';
import { AideGreedySelectorOptionsSchema, type AideGreedySelectorOptions } from './aide-greedy-selector-options.js';

/**
 * AIDE's search policy (`Agent.search_policy`, `aide/agent.py`) as a selection function over the journal's nodes:
 * 1. draft while the journal has fewer than `numDrafts` drafts;
 * 2. with probability `debugProbability`, debug a uniformly random buggy leaf with `debugDepth <= maxDebugDepth`
 *    (falling through when there is none);
 * 3. draft when no node is good;
 * 4. otherwise improve the good node with the highest value (the first one on ties, as Python's `max`).
 * Candidates are the journal's nodes in journal order, `value` the metric with its direction applied (null when
 * buggy). It draws from `request.random` exactly as AIDE draws from `random`. In explore mode
 * (`exploration.preferDraft`) step 4 drafts instead.
 */
export function createAideGreedySelector(options: AideGreedySelectorOptions = {}): Selector<AideNode> {
  const { numDrafts, debugProbability, maxDebugDepth } = parseOptions(AideGreedySelectorOptionsSchema, options, 'createAideGreedySelector');
  return (request) => {
    const { candidates, random } = request;
    const drafts = candidates.filter((candidate) => candidate.node.parentId === null).length;
    if (drafts < numDrafts) return { action: 'draft', chosen: [] };
    if (random() < debugProbability) {
      const debuggable = candidates.filter(
        (candidate) => candidate.node.buggy && candidate.node.children.length === 0 && candidate.node.debugDepth <= maxDebugDepth,
      );
      if (debuggable.length > 0) return { action: 'debug', chosen: [debuggable[Math.floor(random() * debuggable.length)]!] };
    }
    let best: SelectionCandidate<AideNode> | undefined;
    for (const candidate of candidates) {
      if (candidate.value === null) continue;
      if (best === undefined || candidate.value > best.value!) best = candidate;
    }
    if (best === undefined || request.exploration?.preferDraft === true) return { action: 'draft', chosen: [] };
    return { action: 'improve', chosen: [best] };
  };
}
