import { parseOptions, wrapSelector } from '../../src/index.js';
import { createEvolutionarySearch, createEvolutionarySelector, type EvolutionaryOperators } from '../evolutionary/index.js';
import { createMctsSearch, createUctSelector, type MctsOperators } from '../mcts/index.js';
import { createLangChainEvolutionaryOperators, createLangChainMctsOperators } from './chat-operators.js';
import { createGreedySearchGraph } from './greedy-search-graph.js';
import { createReplayedSearchGraph, type BuiltSearch } from './replayed-search-graph.js';
import type { CallRecorder } from './call-recorder.js';
import {
  EvolutionaryPolicyOptionsSchema,
  MctsPolicyOptionsSchema,
  shapingParts,
  TreeSearchGraphOptionsSchema,
  type ParsedTreeSearchGraphOptions,
  type TreeSearchGraphOptions,
} from './tree-search-graph-options.js';

/** The greedy policy's graph: select, propose, evaluate, observe. */
export type GreedySearchGraph = ReturnType<typeof createGreedySearchGraph>;
/** The MCTS and evolutionary policies' graph: one `iterate` node around the adapter's own step. */
export type ReplayedSearchGraph = ReturnType<typeof createReplayedSearchGraph>;

/**
 * A tree search as a LangGraph `StateGraph`, with the operators as prompts to `model` (or the host's `operators`) and
 * `shaping` wrapping the policy's selector. `policy: 'greedy'` (default) is AIDE's loop as select / propose / evaluate / observe nodes;
 * `'mcts'` and `'evolutionary'` run the `mcts` and `evolutionary` adapters one iteration per graph step. With a
 * checkpointer every run resumes after a crash with the journal an uninterrupted run would have. The graph's default
 * `recursionLimit` is sized from `budget` (LangGraph's own 25 would stop a search early); one passed to `invoke` wins.
 *
 * @example
 * const graph = createTreeSearchGraph({ model, task, evaluate, budget: 20, policy: 'mcts', shaping: () => [adaptiveExploration({ source })] });
 * const { journal } = await graph.invoke({}, { configurable: { thread_id: 'run-1' } });
 */
export function createTreeSearchGraph(options: TreeSearchGraphOptions & { readonly policy?: 'greedy' }): GreedySearchGraph;
export function createTreeSearchGraph(options: TreeSearchGraphOptions & { readonly policy: 'mcts' | 'evolutionary' }): ReplayedSearchGraph;
export function createTreeSearchGraph(options: TreeSearchGraphOptions): GreedySearchGraph | ReplayedSearchGraph;
export function createTreeSearchGraph(options: TreeSearchGraphOptions): GreedySearchGraph | ReplayedSearchGraph {
  const parsed = parseOptions(TreeSearchGraphOptionsSchema, options, 'createTreeSearchGraph');
  if (parsed.policy === 'greedy') return createGreedySearchGraph(parsed);
  const build = parsed.policy === 'mcts' ? buildMcts(parsed) : buildEvolutionary(parsed);
  return createReplayedSearchGraph({
    budget: parsed.budget,
    build,
    ...(parsed.checkpointer === undefined ? {} : { checkpointer: parsed.checkpointer }),
  });
}

/** Builds the MCTS adapter over the recorder: AIRA-dojo's UCT step, shaped by fresh middleware. */
function buildMcts(parsed: ParsedTreeSearchGraphOptions) {
  const { numChildren, maxDebugDepth, ...uct } = parsed.mcts ?? MctsPolicyOptionsSchema.parse({});
  return (recorder: CallRecorder): BuiltSearch => {
    const { middleware, noveltyBackup } = shapingParts(parsed);
    const selector = wrapSelector({ selector: createUctSelector(uct), middleware });
    const search = createMctsSearch({
      operators: recorder.operators(
        (parsed.operators as MctsOperators | undefined) ?? createLangChainMctsOperators({ model: parsed.model!, task: parsed.task! }),
      ),
      evaluate: recorder.evaluator(parsed.evaluate),
      selector,
      seed: parsed.seed,
      lowerIsBetter: parsed.lowerIsBetter,
      numChildren,
      maxDebugDepth,
      ...(noveltyBackup === undefined ? {} : { noveltyBackup }),
    });
    return {
      search,
      events: selector.events,
      journal: () =>
        search.nodes.slice(1).map((node) => ({
          id: node.id,
          step: node.step,
          operator: node.operator,
          parents: node.parent === null || node.parent === search.root ? [] : [node.parent.id],
          plan: node.plan,
          code: node.code,
          metric: node.metric,
          buggy: node.buggy,
        })),
      finished: () => false,
    };
  };
}

/** Builds the evolutionary adapter over the recorder: AIRA-dojo's parent sampler, shaped by fresh middleware. */
function buildEvolutionary(parsed: ParsedTreeSearchGraphOptions) {
  const { improveParents, crossoverParents, parentSampling, shinkaLambda, ...solver } =
    parsed.evolutionary ?? EvolutionaryPolicyOptionsSchema.parse({});
  const sampler = { improveParents, crossoverParents, parentSampling, shinkaLambda };
  return (recorder: CallRecorder): BuiltSearch => {
    const selector = wrapSelector({ selector: createEvolutionarySelector(sampler), middleware: shapingParts(parsed).middleware });
    const search = createEvolutionarySearch({
      ...solver,
      operators: recorder.operators(
        (parsed.operators as EvolutionaryOperators | undefined) ??
          createLangChainEvolutionaryOperators({ model: parsed.model!, task: parsed.task! }),
      ),
      evaluate: recorder.evaluator(parsed.evaluate),
      selector,
      seed: parsed.seed,
      lowerIsBetter: parsed.lowerIsBetter,
    });
    return {
      search,
      events: selector.events,
      journal: () =>
        search.nodes.map((node) => ({
          id: node.id,
          step: node.step,
          operator: node.operator,
          parents: [...node.parents],
          plan: node.plan,
          code: node.code,
          metric: node.metric,
          buggy: node.buggy,
        })),
      finished: () => search.generation >= solver.numGenerations,
    };
  };
}
