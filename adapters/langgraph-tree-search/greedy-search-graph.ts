import { Annotation, END, START, StateGraph } from '@langchain/langgraph';
import { createSeededRandom, wrapSelector, type SelectionCandidate } from '../../src/index.js';
import { createAideGreedySelector, type AideNode, type AideOperator, type AideOperators } from '../aide-greedy/index.js';
import { isBuggy, type NodeEvaluation } from '../search-loop/index.js';
import { createLangChainAideOperators } from './chat-operators.js';
import { shapingParts, type ParsedTreeSearchGraphOptions } from './tree-search-graph-options.js';

/** A proposal between `propose` and `observe`: admitted by shaping (or not), then evaluated. */
export interface PendingNode {
  readonly id: string;
  readonly operator: AideOperator;
  readonly parentId: string | null;
  readonly plan: string;
  readonly code: string;
  readonly admitted: boolean;
  readonly evaluation?: NodeEvaluation;
}

/** What the selection asked for: the parent (none: draft) and the directive for the operator's prompt. */
export interface SelectedParent {
  readonly parentId: string | null;
  readonly directive: string | null;
}

/** The graph's state; a checkpointer saves it after every node. */
export const TreeSearchState = Annotation.Root({
  /** The journal: every evaluated node, in step order. */
  journal: Annotation<AideNode[]>({ reducer: (_, next) => next, default: () => [] }),
  selected: Annotation<SelectedParent | null>({ reducer: (_, next) => next, default: () => null }),
  pending: Annotation<PendingNode | null>({ reducer: (_, next) => next, default: () => null }),
  /** Steps done, proposals made, proposals the gate rejected, draws from the policy's random source. */
  steps: Annotation<number>({ reducer: (_, next) => next, default: () => 0 }),
  proposals: Annotation<number>({ reducer: (_, next) => next, default: () => 0 }),
  rejections: Annotation<number>({ reducer: (_, next) => next, default: () => 0 }),
  draws: Annotation<number>({ reducer: (_, next) => next, default: () => 0 }),
});

type State = typeof TreeSearchState.State;

/**
 * AIDE's greedy tree search as a LangGraph `StateGraph`: `select` (the AIDE greedy adapter's policy, wrapped by
 * boden's middleware), `propose` (draft / improve / debug prompts to the chat model; a proposal the gate rejects goes
 * back to `select`), `evaluate` (the host's function) and `observe`, until `budget` steps. The journal, the pending
 * proposal and the random draws are graph state, so with a checkpointer a crashed run resumes where it stopped: a new
 * graph replays the journal into fresh middleware and fast-forwards the random source, and then selects, scores and
 * gates exactly as the uninterrupted run would have.
 */
export function createGreedySearchGraph(parsed: ParsedTreeSearchGraphOptions) {
  const { budget, lowerIsBetter } = parsed;
  const operators =
    (parsed.operators as AideOperators | undefined) ?? createLangChainAideOperators({ model: parsed.model!, task: parsed.task! });
  const selector = wrapSelector({
    selector: createAideGreedySelector({ numDrafts: parsed.numDrafts }),
    middleware: shapingParts(parsed).middleware,
  });
  const seeded = createSeededRandom(parsed.seed);
  let draws = 0;
  const random = () => {
    draws += 1;
    return seeded();
  };
  // What this graph's middleware has been told: replayed from the state when the graph is new to a checkpointed run.
  let observed = 0;
  let admittedPending: string | null = null;

  const directed = (metric: number | null) => (metric === null ? null : lowerIsBetter ? -metric : metric);
  const catchUp = async (state: State) => {
    while (draws < state.draws) seeded(), (draws += 1);
    for (; observed < state.journal.length; observed += 1) {
      const node = state.journal[observed]!;
      await selector.admit({ id: node.id, plan: node.plan, code: node.code, operator: node.operator });
      await selector.observe({ id: node.id, plan: node.plan, code: node.code }, { valid: !node.buggy, value: directed(node.metric) });
    }
    const pending = state.pending;
    if (pending?.admitted === true && admittedPending !== pending.id) {
      await selector.admit({ id: pending.id, plan: pending.plan, code: pending.code, operator: pending.operator });
      admittedPending = pending.id;
    }
  };

  const select = async (state: State): Promise<Partial<State>> => {
    await catchUp(state);
    const candidates: SelectionCandidate<AideNode>[] = state.journal.map((node) => ({
      id: node.id,
      node,
      value: directed(node.metric),
      children: node.children.length,
    }));
    const selection = await selector({ candidates, random });
    return { selected: { parentId: selection.chosen[0]?.id ?? null, directive: selection.directive ?? null }, draws };
  };

  const propose = async (state: State): Promise<Partial<State>> => {
    await catchUp(state);
    const parent = state.journal.find((node) => node.id === state.selected?.parentId);
    // Operator dispatch as in AIDE's step(): by the parent's state.
    const operator: AideOperator = parent === undefined ? 'draft' : parent.buggy ? 'debug' : 'improve';
    const input = { journal: state.journal, ...(state.selected?.directive ? { directive: state.selected.directive } : {}) };
    const proposal =
      operator === 'draft'
        ? await operators.draft(input)
        : operator === 'debug'
          ? await operators.debug({ ...input, parent: parent! })
          : await operators.improve({ ...input, parent: parent! });
    const id = `node-${state.proposals + 1}`;
    const admission = await selector.admit({ id, plan: proposal.plan, code: proposal.code, operator });
    if (admission.accepted) admittedPending = id;
    const pending: PendingNode = {
      id,
      operator,
      parentId: parent?.id ?? null,
      plan: proposal.plan,
      code: proposal.code,
      admitted: admission.accepted,
    };
    if (admission.accepted) return { pending, proposals: state.proposals + 1 };
    // A rejected node is never evaluated: select again, or give the slot up when the gate says so.
    return {
      pending: admission.resample ? null : pending,
      proposals: state.proposals + 1,
      rejections: state.rejections + 1,
      ...(admission.resample ? {} : { steps: state.steps + 1 }),
    };
  };

  const evaluate = async (state: State): Promise<Partial<State>> => {
    const pending = state.pending!;
    const evaluation = await parsed.evaluate({ id: pending.id, operator: pending.operator, plan: pending.plan, code: pending.code });
    return {
      pending: {
        ...pending,
        evaluation: { metric: evaluation.metric, ...(evaluation.buggy === undefined ? {} : { buggy: evaluation.buggy }) },
      },
    };
  };

  const observe = async (state: State): Promise<Partial<State>> => {
    await catchUp(state);
    const pending = state.pending!;
    const buggy = isBuggy(pending.evaluation!);
    const parent = state.journal.find((node) => node.id === pending.parentId);
    const node: AideNode = {
      id: pending.id,
      step: state.journal.length,
      parentId: pending.parentId,
      operator: pending.operator,
      plan: pending.plan,
      code: pending.code,
      metric: buggy ? null : pending.evaluation!.metric,
      buggy,
      debugDepth: pending.operator === 'debug' ? parent!.debugDepth + 1 : 0,
      children: [],
    };
    await selector.observe({ id: node.id, plan: node.plan, code: node.code }, { valid: !buggy, value: directed(node.metric) });
    observed += 1;
    admittedPending = null;
    const journal = state.journal.map((earlier) =>
      earlier.id === pending.parentId ? { ...earlier, children: [...earlier.children, node.id] } : earlier,
    );
    return { journal: [...journal, node], pending: null, steps: state.steps + 1 };
  };

  const next = (state: State) => (state.steps >= budget ? END : 'select');
  const graph = new StateGraph(TreeSearchState)
    .addNode('select', select)
    .addNode('propose', propose)
    .addNode('evaluate', evaluate)
    .addNode('observe', observe)
    .addEdge(START, 'select')
    .addEdge('select', 'propose')
    .addConditionalEdges('propose', (state: State) => (state.pending?.admitted === true ? 'evaluate' : next(state)), [
      'evaluate',
      'select',
      END,
    ])
    .addEdge('evaluate', 'observe')
    .addConditionalEdges('observe', next, ['select', END]);
  // LangGraph stops a run after 25 graph steps by default; a step here is up to four of them, more while the gate
  // resamples. A caller's own recursionLimit still wins.
  const compiled = graph
    .compile(parsed.checkpointer === undefined ? {} : { checkpointer: parsed.checkpointer })
    .withConfig({ recursionLimit: 10 * budget + 25 });
  return Object.assign(compiled, {
    /** The shaping events of this graph's selector (`node-scored`, `selection-made`, `mode-changed`, `candidate-rejected`). */
    events: selector.events,
  });
}
