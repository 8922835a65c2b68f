import { Annotation, END, START, StateGraph, type BaseCheckpointSaver } from '@langchain/langgraph';
import { SafeEventEmitter, shapingEventNames, type ShapingEvents } from '../../src/index.js';
import { createCallRecorder, type CallRecorder, type RecordedCall } from './call-recorder.js';
import { CheckpointMismatchError } from './checkpoint-mismatch-error.js';

/** A node of a search adapter's tree or population, as the graph's state keeps it (plain data, no links). */
export interface TreeSearchNode {
  readonly id: string;
  /** Evaluation order, from 1. */
  readonly step: number;
  readonly operator: string;
  /** Ids of the nodes it was made from: none for a draft, two for a crossover. */
  readonly parents: readonly string[];
  readonly plan: string;
  readonly code: string;
  /** The raw validation metric; null when buggy. */
  readonly metric: number | null;
  readonly buggy: boolean;
}

/** The state of an MCTS or evolutionary tree search graph; a checkpointer saves it after every iteration. */
export const ReplayedSearchState = Annotation.Root({
  /** Every evaluated node, in evaluation order. */
  journal: Annotation<TreeSearchNode[]>({ reducer: (_, next) => next, default: () => [] }),
  /** Every call the search made (proposals and evaluations, in order): what a new graph replays. */
  calls: Annotation<RecordedCall[]>({ reducer: (_, next) => next, default: () => [] }),
  /** Iterations done (MCTS: select, expand, back up; evolutionary: a generation). */
  iterations: Annotation<number>({ reducer: (_, next) => next, default: () => 0 }),
  /** What the budget counts: evaluations plus proposal slots given up after rejections. */
  steps: Annotation<number>({ reducer: (_, next) => next, default: () => 0 }),
  /** Proposals the gate rejected. */
  rejections: Annotation<number>({ reducer: (_, next) => next, default: () => 0 }),
});

type State = typeof ReplayedSearchState.State;

/** What the graph needs of a search adapter (`createMctsSearch`, `createEvolutionarySearch`). */
export interface ReplayableSearch {
  readonly spent: number;
  step(budget: number): Promise<{ readonly rejections: readonly unknown[] }>;
}

/** A search built over a recorder's operators and evaluator, with how to read it. */
export interface BuiltSearch {
  readonly search: ReplayableSearch;
  /** The events of the search's shaped selector. */
  readonly events: SafeEventEmitter<ShapingEvents>;
  /** The evaluated nodes as plain data. */
  journal(): TreeSearchNode[];
  /** True when the search can make no more iterations (the evolutionary solver's `numGenerations`). */
  finished(): boolean;
}

/**
 * A search adapter as a LangGraph `StateGraph` with one node, `iterate`, run once per iteration until `budget`.
 * The adapter keeps its own loop (the graph does not fork it); what makes it resumable is that it is deterministic
 * given the answers of its calls: every proposal and evaluation is recorded in the state, and a graph that is new
 * to a checkpointed thread, or whose search was cut by a crash, builds a fresh search (fresh shaping middleware) and
 * replays the record into it before it goes on live. Within an iteration the calls are LangGraph tasks, so a crash
 * mid-iteration loses only the call that failed.
 */
export function createReplayedSearchGraph(options: {
  readonly budget: number;
  readonly build: (recorder: CallRecorder) => BuiltSearch;
  readonly checkpointer?: BaseCheckpointSaver;
}) {
  const { budget, build } = options;
  // One stream for the graph's life: every search built forwards its shaping events, except what a replay repeats.
  const events = new SafeEventEmitter<ShapingEvents>();
  let replaying = false;
  const forward = <Name extends (typeof shapingEventNames)[number]>(from: SafeEventEmitter<ShapingEvents>, name: Name) =>
    from.on(name, (...args: ShapingEvents[Name]) => void (replaying || events.emit(name, ...args)));
  const fresh = () => {
    const recorder = createCallRecorder();
    const search = build(recorder);
    for (const name of shapingEventNames) forward(search.events, name);
    return { ...search, recorder, iterations: 0 };
  };
  let built: ReturnType<typeof fresh> | undefined;

  const iterate = async (state: State): Promise<Partial<State>> => {
    if (built === undefined) built = fresh();
    const current = built;
    if (current.iterations > state.iterations)
      throw new CheckpointMismatchError({
        reason: `this graph's search has run ${current.iterations} iterations, the thread's record ${state.iterations}: one graph ran two threads`,
      });
    try {
      if (current.iterations < state.iterations) {
        current.recorder.replay(state.calls);
        replaying = true;
        try {
          while (current.iterations < state.iterations) {
            await current.search.step(budget - current.search.spent);
            current.iterations += 1;
          }
        } finally {
          replaying = false;
        }
        current.recorder.endReplay();
      }
      const { rejections } = await current.search.step(budget - current.search.spent);
      current.iterations += 1;
      return {
        journal: current.journal(),
        calls: [...state.calls, ...current.recorder.takeFresh()],
        iterations: current.iterations,
        steps: current.search.spent,
        rejections: state.rejections + rejections.length,
      };
    } catch (error) {
      // The search stopped mid-iteration (or mid-replay): its tree is half updated, so the next run rebuilds it.
      built = undefined;
      throw error;
    }
  };

  const next = (state: State) => (state.steps >= budget || built?.finished() === true ? END : 'iterate');
  const graph = new StateGraph(ReplayedSearchState)
    .addNode('iterate', iterate)
    .addEdge(START, 'iterate')
    .addConditionalEdges('iterate', next, ['iterate', END]);
  // One graph step per iteration, and an iteration spends at least one of the budget; a caller's recursionLimit still wins.
  const compiled = graph
    .compile(options.checkpointer === undefined ? {} : { checkpointer: options.checkpointer })
    .withConfig({ recursionLimit: budget + 25 });
  return Object.assign(compiled, {
    /** The shaping events of the graph's search (`node-scored`, `selection-made`, `mode-changed`, `candidate-rejected`). */
    events,
  });
}
