import { createSeededRandom, parseOptions, type NodeAdmission, type Selection, type SelectionCandidate } from '../../src/index.js';
import { admitProposal, isBuggy, shapingHooksOf, type ProposedNode } from '../search-loop/index.js';
import { createAideGreedySelector } from './aide-greedy-selector.js';
import { AideGreedySearchOptionsSchema, type AideGreedySearchOptions } from './aide-greedy-search-options.js';
import type { AideNode, AideOperator } from './aide-node.js';

/** What one step did: the node it evaluated (none when every proposal was rejected), and the rejections. */
export interface AideStep {
  readonly node: AideNode | undefined;
  readonly selection: Selection<AideNode>;
  readonly rejections: readonly NodeAdmission[];
}

/** AIDE's greedy tree search with the host's operators; `step` is one iteration of `Agent.step`. */
export interface AideGreedySearch {
  /** The journal, in step order. */
  readonly nodes: readonly AideNode[];
  /** Select, propose (re-selecting while the novelty gate asks for a resample), evaluate, record. */
  step(): Promise<AideStep>;
  /** Runs `steps` steps. */
  run(steps: number): Promise<readonly AideNode[]>;
  /** The good node with the best metric (`journal.get_best_node()`), if any. */
  best(): AideNode | undefined;
}

type MutableNode = AideNode & { children: string[] };

/**
 * AIDE's agent loop (`aide/agent.py` `Agent.step`) around an injectable selector: select a parent (none → draft,
 * buggy → debug, else improve), call the host's operator, evaluate, append to the journal. With a selector from
 * `wrapSelector`, each new node is admitted before evaluation (a node the novelty gate rejects is never evaluated
 * nor added) and its outcome observed after.
 *
 * @example
 * const search = createAideGreedySearch({ operators, evaluate, seed: 1 });
 * await search.run(20);
 */
export function createAideGreedySearch(options: AideGreedySearchOptions): AideGreedySearch {
  const parsed = parseOptions(AideGreedySearchOptionsSchema, options, 'createAideGreedySearch');
  const { operators, evaluate, lowerIsBetter, idPrefix } = parsed;
  const selector = parsed.selector ?? createAideGreedySelector();
  const random = parsed.random ?? createSeededRandom(parsed.seed);
  const hooks = shapingHooksOf(selector);
  const nodes: MutableNode[] = [];
  const byId = new Map<string, MutableNode>();
  let proposals = 0;

  const directed = (metric: number): number => (lowerIsBetter ? -metric : metric);
  const candidateOf = (node: MutableNode): SelectionCandidate<AideNode> => ({
    id: node.id,
    node,
    value: node.metric === null ? null : directed(node.metric),
    children: node.children.length,
  });

  const attempt = async () => {
    const selection = await selector({ candidates: nodes.map(candidateOf), random });
    const parent = selection.chosen[0] === undefined ? undefined : byId.get(selection.chosen[0].id);
    // Operator dispatch as in AIDE's step(): by the parent's state, not by the selection's label.
    const operator: AideOperator = parent === undefined ? 'draft' : parent.buggy ? 'debug' : 'improve';
    const input = { journal: nodes, ...(selection.directive === undefined ? {} : { directive: selection.directive }) };
    const proposal =
      operator === 'draft'
        ? await operators.draft(input)
        : operator === 'debug'
          ? await operators.debug({ ...input, parent: parent! })
          : await operators.improve({ ...input, parent: parent! });
    proposals += 1;
    const node: ProposedNode = { id: `${idPrefix}-${proposals}`, operator, plan: proposal.plan, code: proposal.code };
    return { node, selection, parent };
  };

  return {
    nodes,
    async step() {
      const { admitted, rejections } = await admitProposal(attempt, hooks);
      if (admitted === undefined) return { node: undefined, selection: { action: 'draft', chosen: [] }, rejections };
      const { node: proposed, parent, selection } = admitted;
      const evaluation = await evaluate(proposed);
      const buggy = isBuggy(evaluation);
      const node: MutableNode = {
        id: proposed.id,
        step: nodes.length,
        parentId: parent?.id ?? null,
        operator: proposed.operator as AideOperator,
        plan: proposed.plan,
        code: proposed.code,
        metric: buggy ? null : evaluation.metric,
        buggy,
        debugDepth: proposed.operator === 'debug' ? parent!.debugDepth + 1 : 0,
        children: [],
      };
      nodes.push(node);
      byId.set(node.id, node);
      parent?.children.push(node.id);
      await hooks.observe(proposed, { valid: !buggy, value: node.metric === null ? null : directed(node.metric) });
      return { node, selection, rejections };
    },
    async run(steps) {
      for (let index = 0; index < steps; index += 1) await this.step();
      return nodes;
    },
    best() {
      let best: MutableNode | undefined;
      for (const node of nodes)
        if (node.metric !== null && (best === undefined || directed(node.metric) > directed(best.metric!))) best = node;
      return best;
    },
  };
}
