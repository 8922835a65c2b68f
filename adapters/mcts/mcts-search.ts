import { createSeededRandom, parseOptions, type NodeAdmission, type SelectionCandidate } from '../../src/index.js';
import { admitProposal, isBuggy, shapingHooksOf, StepBudgetSchema, type ProposedNode } from '../search-loop/index.js';
import type { MctsNode, MctsOperator } from './mcts-node.js';
import { MctsSearchOptionsSchema, type MctsSearchOptions } from './mcts-search-options.js';
import { createUctSelector } from './uct-selector.js';

/** What one MCTS iteration did: the selected path, the nodes it evaluated, and the rejected proposals. */
export interface MctsStep {
  readonly path: readonly MctsNode[];
  readonly created: readonly MctsNode[];
  readonly rejections: readonly NodeAdmission[];
}

/** AIRA-dojo's MCTS solver with the host's operators. */
export interface MctsSearch {
  /** The empty root every AIRA-dojo solver starts from (buggy, no metric). */
  readonly root: MctsNode;
  /** Every node in evaluation order, the root first. */
  readonly nodes: readonly MctsNode[];
  /** Evaluations made plus proposal slots given up after rejections: what a budget counts. */
  readonly spent: number;
  /**
   * One iteration: select a leaf by UCT, expand it with `numChildren` children, back up their metrics; with
   * `budget`, the iteration spends at most that many evaluations (or given-up slots), as the last one of `run` does.
   */
  step(budget?: number): Promise<MctsStep>;
  /** Iterates until `budget` more evaluations (or given-up slots) are spent. */
  run(budget: number): Promise<readonly MctsNode[]>;
  /** The non-buggy node with the best metric, if any. */
  best(): MctsNode | undefined;
}

interface TreeNode extends MctsNode {
  parent: TreeNode | null;
  children: TreeNode[];
  visits: number;
  valueSum: number;
  noveltySum: number;
}

/** A node without children or backups yet. */
function treeNode(fields: Omit<TreeNode, 'children' | 'visits' | 'valueSum' | 'noveltySum'>): TreeNode {
  return { ...fields, children: [], visits: 0, valueSum: 0, noveltySum: 0 };
}

/**
 * AIRA-dojo's MCTS (`solvers/mcts/mcts.py`) around an injectable UCT step. Selection descends from the root by
 * the selector until a node without children; expansion creates `numChildren` children (drafts at the root,
 * improves elsewhere); a non-buggy child backs its raw metric up along path + child (`explore_count += 1`,
 * `node_value += metric`); a buggy child gets a chained debug cycle of up to `maxDebugDepth` attempts and a fix
 * backs up along path + debug path; an unfixed bug backs up nothing. With `noveltyBackup`, each backed-up child's
 * novelty is summed along the same path.
 *
 * @example
 * const search = createMctsSearch({ operators, evaluate, selector: wrapSelector({ selector: createUctSelector(), middleware }) });
 * await search.run(30);
 */
export function createMctsSearch(options: MctsSearchOptions): MctsSearch {
  const parsed = parseOptions(MctsSearchOptionsSchema, options, 'createMctsSearch');
  const { operators, evaluate, lowerIsBetter, numChildren, maxDebugDepth, noveltyBackup, idPrefix } = parsed;
  const selector = parsed.selector ?? createUctSelector();
  const random = parsed.random ?? createSeededRandom(parsed.seed);
  const hooks = shapingHooksOf(selector);
  const root = treeNode({
    id: `${idPrefix}-root`,
    step: 0,
    operator: 'root',
    parent: null,
    plan: '',
    code: '',
    metric: null,
    buggy: true,
    debugDepth: 0,
  });
  const nodes: TreeNode[] = [root];
  const byId = new Map<string, TreeNode>([[root.id, root]]);
  let spent = 0;
  let limit = Infinity;
  let proposals = 0;
  let lowest = Infinity;
  let highest = -Infinity;

  const directed = (metric: number): number => (lowerIsBetter ? -metric : metric);
  const remaining = (): number => limit - spent;
  const valueRange = () => (lowest > highest ? undefined : lowerIsBetter ? { min: -highest, max: -lowest } : { min: lowest, max: highest });
  const candidateOf = (node: TreeNode): SelectionCandidate<MctsNode> => ({
    id: node.id,
    node,
    value: node.visits > 0 ? directed(node.valueSum / node.visits) : null,
    visits: node.visits,
    children: node.children.length,
    ...(noveltyBackup !== undefined && node.visits > 0 ? { novelty: node.noveltySum / node.visits } : {}),
  });

  const propose = async (operator: Exclude<MctsOperator, 'root'>, parent: TreeNode, directive: string | undefined) => {
    const input = { root, ...(directive === undefined ? {} : { directive }) };
    const proposal =
      operator === 'draft'
        ? await operators.draft(input)
        : operator === 'improve'
          ? await operators.improve({ ...input, parent })
          : await operators.debug({ ...input, parent });
    proposals += 1;
    const node: ProposedNode = { id: `${idPrefix}-${proposals}`, operator, plan: proposal.plan, code: proposal.code };
    return { node };
  };

  const evaluateInto = async (proposed: ProposedNode, parent: TreeNode): Promise<TreeNode> => {
    // Score against the history so far, before this node's own outcome can join it.
    await noveltyBackup?.assess(proposed);
    const evaluation = await evaluate(proposed);
    const buggy = isBuggy(evaluation);
    const operator = proposed.operator as MctsOperator;
    const node = treeNode({
      id: proposed.id,
      step: nodes.length,
      operator,
      parent,
      plan: proposed.plan,
      code: proposed.code,
      metric: buggy ? null : evaluation.metric,
      buggy,
      debugDepth: operator === 'debug' ? parent.debugDepth + 1 : 0,
    });
    parent.children.push(node);
    nodes.push(node);
    byId.set(node.id, node);
    spent += 1;
    const outcome = { valid: !buggy, value: node.metric === null ? null : directed(node.metric) };
    await hooks.observe(proposed, outcome);
    await noveltyBackup?.observe(proposed, outcome);
    return node;
  };

  const backup = (path: readonly TreeNode[], child: TreeNode): void => {
    const metric = child.metric!;
    const novelty = noveltyBackup?.assessment(child.id)?.novelty ?? 0;
    for (const node of path) {
      node.visits += 1;
      node.valueSum += metric;
      node.noveltySum += novelty;
    }
    lowest = Math.min(lowest, metric);
    highest = Math.max(highest, metric);
  };

  const debugCycle = async (buggy: TreeNode, rejections: NodeAdmission[]) => {
    const debugPath: TreeNode[] = [buggy];
    let current = buggy;
    const depth = Math.min(remaining(), maxDebugDepth);
    for (let attempt = 0; attempt < depth; attempt += 1) {
      const result = await admitProposal(() => propose('debug', current, undefined), hooks);
      rejections.push(...result.rejections);
      if (result.admitted === undefined) {
        spent += 1;
        break;
      }
      current = await evaluateInto(result.admitted.node, current);
      debugPath.push(current);
      if (!current.buggy) return { debugPath, fixed: current };
      if (remaining() <= 0 || current.debugDepth >= maxDebugDepth) break;
    }
    return { debugPath, fixed: undefined };
  };

  /** One iteration under the current limit (Infinity outside `run` and a budgeted `step`). */
  const iterate = async (): Promise<MctsStep> => {
    const path: TreeNode[] = [root];
    let current = root;
    let directive: string | undefined;
    while (current.children.length > 0) {
      const range = valueRange();
      const selection = await selector({
        candidates: current.children.map(candidateOf),
        random,
        context: { parentVisits: current.visits, atRoot: current === root },
        ...(range === undefined ? {} : { valueRange: range }),
      });
      directive = selection.directive ?? directive;
      const chosen = selection.chosen[0];
      if (selection.action === 'draft' || chosen === undefined) {
        // Explore mode at the root: expand the root itself with new drafts.
        path.length = 1;
        current = root;
        break;
      }
      current = byId.get(chosen.id)!;
      path.push(current);
    }
    const leaf = current;
    const created: TreeNode[] = [];
    const rejections: NodeAdmission[] = [];
    const count = Math.min(numChildren, remaining());
    for (let index = 0; index < count && remaining() > 0; index += 1) {
      const result = await admitProposal(() => propose(leaf === root ? 'draft' : 'improve', leaf, directive), hooks);
      rejections.push(...result.rejections);
      if (result.admitted === undefined) {
        spent += 1;
        continue;
      }
      const child = await evaluateInto(result.admitted.node, leaf);
      created.push(child);
      if (!child.buggy) {
        backup([...path, child], child);
        continue;
      }
      const { debugPath, fixed } = await debugCycle(child, rejections);
      created.push(...debugPath.slice(1));
      if (fixed !== undefined) backup([...path, ...debugPath], fixed);
    }
    return { path, created, rejections };
  };

  return {
    root,
    nodes,
    get spent() {
      return spent;
    },
    async step(budget) {
      if (budget === undefined) return iterate();
      const outer = limit;
      limit = spent + parseOptions(StepBudgetSchema, { budget }, 'createMctsSearch().step').budget;
      try {
        return await iterate();
      } finally {
        limit = outer;
      }
    },
    async run(budget) {
      limit = spent + budget;
      while (remaining() > 0) await iterate();
      limit = Infinity;
      return nodes;
    },
    best() {
      let best: TreeNode | undefined;
      for (const node of nodes)
        if (node.metric !== null && (best === undefined || directed(node.metric) > directed(best.metric!))) best = node;
      return best;
    },
  };
}
