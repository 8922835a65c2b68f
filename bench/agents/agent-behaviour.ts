import { type ConceptExtractor, profileEpisode, type EpisodeProfile, inferredSweep, inferredSettingLoop } from 'boden';

/**
 * One node of a run in the shape behaviour is measured on, whatever agent or file format it came from: real
 * trajectories and the simulated agent's records are both mapped to it. Nodes are listed in creation order.
 */
export interface BehaviourNode {
  readonly id: string;
  /** Parent ids, primary parent first; empty for a draft. */
  readonly parentIds: readonly string[];
  readonly plan: string;
  readonly code: string;
  readonly buggy: boolean;
  /** The node's score, or null when it produced none. */
  readonly score: number | null;
  /** A label the caller knows for the node's move (the agent's own, or a ground truth), set against `classifyMove` in `labelAgreement`. */
  readonly label?: string;
}

/** The kinds of improvement move, in the order `classifyMove` tries them. */
export const moveKinds = ['family-switch', 'feature-engineering', 'hyper-parameter', 'component', 'refinement'] as const;

/** One of `moveKinds`. */
export type MoveKind = (typeof moveKinds)[number];

/** Counts of one run's behaviour, or of several runs pooled; rates derive from them (`behaviourRates`). */
export interface AgentBehaviour {
  readonly runs: number;
  readonly nodes: number;
  readonly buggy: number;
  /** Nodes without a parent. */
  readonly drafts: number;
  /** Nodes whose primary parent is not among the nodes (a pruned checkpoint, a parent excluded by the caller). */
  readonly orphans: number;
  /** Nodes whose primary parent is buggy, and how many of them are valid. */
  readonly debugAttempts: number;
  readonly debugFixes: number;
  /** Nodes with a single parent that is valid, and how their concepts changed (see `classifyMove`). */
  readonly improvements: number;
  readonly moves: Readonly<Record<MoveKind, number>>;
  /** Nodes with more than one parent whose primary parent is not buggy: recombinations, not moves from one parent. */
  readonly crossovers: number;
  /** Nodes whose single parent is neither buggy nor valid (it ran but reported no score). */
  readonly childrenOfUnscored: number;
  /** Improvements by their own label (only labelled ones), and by label then classified kind. */
  readonly labelledMoves: Readonly<Record<string, number>>;
  readonly labelAgreement: Readonly<Record<string, Readonly<Record<MoveKind, number>>>>;
  /**
   * The collapse: strategic improvements (`strategicMoveKinds`) and all improvements, by quarter of the run (node index
   * over the run's nodes) and by how many new bests the run had found before the improvement (`bestsBins`).
   */
  readonly collapse: {
    readonly byQuarter: readonly StrategicCount[];
    readonly byBests: readonly StrategicCount[];
    /** Improvements whose node has a concept no earlier node of the run had (`strategic` counts those), by quarter. */
    readonly newToRunByQuarter: readonly StrategicCount[];
  };
}

/** Strategic improvements among improvements. */
export interface StrategicCount {
  readonly strategic: number;
  readonly improvements: number;
}

/** Moves that change strategy (a new family, features or another component); the others refine what is there. */
export const strategicMoveKinds: readonly MoveKind[] = ['family-switch', 'feature-engineering', 'component'];

/** Lower bounds of the bins of new bests found before an improvement: 0-1, 2-3, 4-5, 6 or more. */
export const bestsBins = [0, 2, 4, 6] as const;

/** A node is valid when it is not buggy and has a finite score (the rule `isValidNode` applies to trajectories). */
export function isValidBehaviourNode(node: Pick<BehaviourNode, 'buggy' | 'score'>): boolean {
  return !node.buggy && node.score !== null && Number.isFinite(node.score);
}

/**
 * How an improvement changed the concepts `extractor` finds in the plan and code of parent and child, tried in
 * this order (the first that holds wins, so each move has exactly one kind):
 * 1. `family-switch`: both use a model and their model families are disjoint. A model concept counts as its family
 *    (`extractor.familyOf`: `xgboost` → `gradient-boosted-trees`), so trading XGBoost for LightGBM is no switch.
 *    It comes first because swapping the model is the biggest move: a switch that also adds features is a switch.
 * 2. `feature-engineering`: the child gains a concept of the `feature-engineering` category.
 * 3. `component`: any other concept gained or lost (a feature-engineering concept lost included).
 * 4. `refinement`: the same concept set; hyper-parameters and wording only.
 */
export function classifyMove(
  parentConcepts: readonly string[],
  childConcepts: readonly string[],
  extractor: ConceptExtractor,
  code?: { readonly parent: EpisodeProfile; readonly child: EpisodeProfile },
): MoveKind {
  const parentFamilies = familiesIn(parentConcepts, extractor);
  const childFamilies = familiesIn(childConcepts, extractor);
  if (parentFamilies.size > 0 && childFamilies.size > 0 && ![...childFamilies].some((family) => parentFamilies.has(family)))
    return 'family-switch';
  const parentSet = new Set(parentConcepts);
  const gained = childConcepts.filter((id) => !parentSet.has(id));
  if (gained.some((id) => extractor.concept(id)?.category === 'feature-engineering')) return 'feature-engineering';
  if (code !== undefined && isHyperParameterMove(code.child, code.parent)) return 'hyper-parameter';
  const childSet = new Set(childConcepts);
  if (gained.length > 0 || parentConcepts.some((id) => !childSet.has(id))) return 'component';
  return 'refinement';
}

/**
 * A move that only changes numbers (the masked code is the same, the code is not), sweeps a value (`inferredSweep`), or loops over
 * values of a plain setting (`inferredSettingLoop`): read from the code, as the rubric judge reads it, so an agent
 * needs no header for it.
 */
export function isHyperParameterMove(child: EpisodeProfile, parent: EpisodeProfile): boolean {
  // Same program, or no code to compare: not a change of values.
  if (child.codeHash === parent.codeHash) return false;
  return child.maskedHash === parent.maskedHash || inferredSweep(child, parent) !== null || inferredSettingLoop(child, parent) !== null;
}

/**
 * Measures one run's nodes (see `AgentBehaviour`); concepts are extracted once per node, from its plan and code.
 * `maximize` says which scores are better, for counting new bests.
 */
export function measureAgentBehaviour(nodes: readonly BehaviourNode[], extractor: ConceptExtractor, maximize = true): AgentBehaviour {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const concepts = new Map<string, string[]>();
  const conceptsOf = (node: BehaviourNode): string[] => {
    let found = concepts.get(node.id);
    if (found === undefined) concepts.set(node.id, (found = extractor.extract({ plan: node.plan, code: node.code })));
    return found;
  };
  const profiles = new Map<string, EpisodeProfile>();
  const profileOf = (node: BehaviourNode): EpisodeProfile => {
    let found = profiles.get(node.id);
    if (found === undefined)
      profiles.set(node.id, (found = profileEpisode({ id: node.id, plan: node.plan, code: node.code, summary: null })));
    return found;
  };
  const counts = { drafts: 0, orphans: 0, debugAttempts: 0, debugFixes: 0, improvements: 0, crossovers: 0, childrenOfUnscored: 0 };
  const moves = zeroMoves();
  const labelledMoves: Record<string, number> = {};
  const labelAgreement: Record<string, Record<MoveKind, number>> = {};
  const byQuarter = zeroCounts(4);
  const byBests = zeroCounts(bestsBins.length);
  const newToRunByQuarter = zeroCounts(4);
  const seen = new Set<string>();
  let best: number | undefined;
  let bests = 0;
  for (const [index, node] of nodes.entries()) {
    const parentId = node.parentIds[0];
    const parent = parentId === undefined ? undefined : byId.get(parentId);
    if (parentId === undefined) counts.drafts += 1;
    else if (parent === undefined) counts.orphans += 1;
    else if (parent.buggy) {
      counts.debugAttempts += 1;
      if (isValidBehaviourNode(node)) counts.debugFixes += 1;
    } else if (node.parentIds.length > 1) counts.crossovers += 1;
    else if (!isValidBehaviourNode(parent)) counts.childrenOfUnscored += 1;
    else {
      counts.improvements += 1;
      const kind = classifyMove(conceptsOf(parent), conceptsOf(node), extractor, { parent: profileOf(parent), child: profileOf(node) });
      moves[kind] += 1;
      if (node.label !== undefined) {
        labelledMoves[node.label] = (labelledMoves[node.label] ?? 0) + 1;
        (labelAgreement[node.label] ??= zeroMoves())[kind] += 1;
      }
      const strategic = strategicMoveKinds.includes(kind) ? 1 : 0;
      const quarter = Math.min(3, Math.floor((4 * index) / nodes.length));
      const bin = bestsBins.findLastIndex((lowest) => bests >= lowest);
      byQuarter[quarter] = add(byQuarter[quarter]!, strategic);
      byBests[bin] = add(byBests[bin]!, strategic);
      newToRunByQuarter[quarter] = add(newToRunByQuarter[quarter]!, conceptsOf(node).some((id) => !seen.has(id)) ? 1 : 0);
    }
    for (const id of conceptsOf(node)) seen.add(id);
    // Only after the node's own move is counted: its own result is not known when it is written.
    if (isValidBehaviourNode(node) && (best === undefined || (maximize ? node.score! > best : node.score! < best))) {
      best = node.score!;
      bests += 1;
    }
  }
  return {
    runs: 1,
    nodes: nodes.length,
    buggy: nodes.filter((node) => node.buggy).length,
    ...counts,
    moves,
    labelledMoves,
    labelAgreement,
    collapse: { byQuarter, byBests, newToRunByQuarter },
  };
}

/** Sums the counts of several runs: pooled rates weigh every node alike, so long runs weigh more than short ones. */
export function poolAgentBehaviour(behaviours: readonly AgentBehaviour[]): AgentBehaviour {
  const moves = zeroMoves();
  const labelledMoves: Record<string, number> = {};
  const labelAgreement: Record<string, Record<MoveKind, number>> = {};
  const sum = (
    key:
      | 'runs'
      | 'nodes'
      | 'buggy'
      | 'drafts'
      | 'orphans'
      | 'debugAttempts'
      | 'debugFixes'
      | 'improvements'
      | 'crossovers'
      | 'childrenOfUnscored',
  ) => behaviours.reduce((total, behaviour) => total + behaviour[key], 0);
  for (const behaviour of behaviours) {
    for (const kind of moveKinds) moves[kind] += behaviour.moves[kind];
    for (const [label, count] of Object.entries(behaviour.labelledMoves)) labelledMoves[label] = (labelledMoves[label] ?? 0) + count;
    for (const [label, byKind] of Object.entries(behaviour.labelAgreement)) {
      const pooled = (labelAgreement[label] ??= zeroMoves());
      for (const kind of moveKinds) pooled[kind] += byKind[kind];
    }
  }
  return {
    runs: sum('runs'),
    nodes: sum('nodes'),
    buggy: sum('buggy'),
    drafts: sum('drafts'),
    orphans: sum('orphans'),
    debugAttempts: sum('debugAttempts'),
    debugFixes: sum('debugFixes'),
    improvements: sum('improvements'),
    moves,
    crossovers: sum('crossovers'),
    childrenOfUnscored: sum('childrenOfUnscored'),
    labelledMoves,
    labelAgreement,
    collapse: {
      byQuarter: sumCounts(behaviours.map((behaviour) => behaviour.collapse.byQuarter)),
      byBests: sumCounts(behaviours.map((behaviour) => behaviour.collapse.byBests)),
      newToRunByQuarter: sumCounts(behaviours.map((behaviour) => behaviour.collapse.newToRunByQuarter)),
    },
  };
}

/** The rates of `behaviour`; each is null when its denominator is 0 (no nodes, no debug attempts, no improvements). */
export function behaviourRates(behaviour: AgentBehaviour): {
  bugRate: number | null;
  debugSuccess: number | null;
  moveShares: Record<MoveKind, number | null>;
} {
  const share = (count: number, total: number) => (total === 0 ? null : count / total);
  const moveShares = Object.fromEntries(moveKinds.map((kind) => [kind, share(behaviour.moves[kind], behaviour.improvements)])) as Record<
    MoveKind,
    number | null
  >;
  return {
    bugRate: share(behaviour.buggy, behaviour.nodes),
    debugSuccess: share(behaviour.debugFixes, behaviour.debugAttempts),
    moveShares,
  };
}

function familiesIn(concepts: readonly string[], extractor: ConceptExtractor): Set<string> {
  const families = new Set<string>();
  for (const id of concepts) {
    const category = extractor.concept(id)?.category;
    if (category !== 'model' && category !== 'model-family') continue;
    families.add(extractor.familyOf(id) ?? id);
  }
  return families;
}

function zeroMoves(): Record<MoveKind, number> {
  return { 'family-switch': 0, 'feature-engineering': 0, 'hyper-parameter': 0, component: 0, refinement: 0 };
}

function zeroCounts(length: number): StrategicCount[] {
  return Array.from({ length }, () => ({ strategic: 0, improvements: 0 }));
}

function add(count: StrategicCount, strategic: number): StrategicCount {
  return { strategic: count.strategic + strategic, improvements: count.improvements + 1 };
}

function sumCounts(lists: readonly (readonly StrategicCount[])[]): StrategicCount[] {
  const length = lists[0]?.length ?? 0;
  return Array.from({ length }, (_, index) => ({
    strategic: lists.reduce((sum, list) => sum + list[index]!.strategic, 0),
    improvements: lists.reduce((sum, list) => sum + list[index]!.improvements, 0),
  }));
}
