/**
 * A tree search as a LangGraph graph (`createTreeSearchGraph`: AIDE greedy, MCTS or evolutionary), shaped by boden,
 * with a chat model on any OpenAI-compatible server as the operator and a checkpointer, so a crashed run resumes.
 * The model's code is never executed: a stand-in evaluator scores it offline from the ML concepts it uses, so the
 * example shows the graph and the shaping, not a benchmark.
 *
 *   node --import tsx examples/langgraph-tree-search.ts --base-url http://127.0.0.1:8000/v1 --model Qwen/Qwen3-32B --budget 8 [--policy mcts]
 */
import { ChatOpenAI } from '@langchain/openai';
import { MemorySaver } from '@langchain/langgraph';
import { createTreeSearchGraph } from '../adapters/langgraph-tree-search/index.js';
import { adaptiveExploration, createNoveltyScorer, noveltyBonus, noveltyGate, scorerNoveltySource } from '../src/index.js';
import { houseScoresTask as task, offlineConceptEvaluator } from './support/offline-concept-evaluator.js';
import { argumentValue, isMainModule } from './support/example-report.js';
import { formatTree } from './support/format-tree.js';
import { recordShapingEvents } from './support/shaping-log.js';

/** Options of `runLangGraphTreeSearchExample`. */
export interface LangGraphExampleOptions {
  /** The server's OpenAI-compatible root, ending in `/v1`. */
  readonly baseURL: string;
  readonly model: string;
  readonly apiKey?: string;
  readonly budget?: number;
  readonly seed?: number;
  /** The search policy (default greedy). */
  readonly policy?: 'greedy' | 'mcts' | 'evolutionary';
  /** The checkpoint thread: run the example again with the same thread (and checkpointer) to resume it. */
  readonly thread?: string;
  readonly print?: (text: string) => void;
}

/** Runs the graph to its budget; returns (and prints) the journal as a tree, the shaping events and the counts. */
export async function runLangGraphTreeSearchExample(options: LangGraphExampleOptions) {
  const { baseURL, model, budget = 8, seed = 1, policy = 'greedy', print = () => {} } = options;
  const chat = new ChatOpenAI({
    model,
    apiKey: options.apiKey ?? process.env.OPENAI_API_KEY ?? 'not-needed',
    temperature: 0.7,
    maxRetries: 1,
    configuration: { baseURL },
  });
  const graph = createTreeSearchGraph({
    model: chat,
    task,
    evaluate: offlineConceptEvaluator(),
    budget,
    seed,
    // Small settings, so a budget of 8 reaches past the drafts under every policy.
    ...(policy === 'greedy'
      ? { policy, numDrafts: 2 }
      : policy === 'mcts'
        ? { policy, mcts: { numChildren: 2, maxDebugDepth: 2 } }
        : { policy, evolutionary: { individualsPerGeneration: 2, generationsTillCrossover: 1, maxDebugDepth: 2 } }),
    checkpointer: new MemorySaver(),
    shaping: () => {
      const source = scorerNoveltySource({ scorer: createNoveltyScorer({ runId: `langgraph-${seed}` }) });
      return [
        noveltyGate({ source }),
        adaptiveExploration({ source, threshold: 0.2, patience: 2 }),
        noveltyBonus({ source, strength: 0.5, decay: 'children' }),
      ];
    },
  });
  const shaping = recordShapingEvents(graph.events);
  const state = await graph.invoke({}, { configurable: { thread_id: options.thread ?? `langgraph-${seed}` } });
  const best = state.journal.reduce<number | null>(
    (top, node) => (node.metric !== null && (top === null || node.metric > top) ? node.metric : top),
    null,
  );
  const tree = formatTree(
    state.journal.map((node) => ({
      id: node.id,
      parents: 'parents' in node ? node.parents : node.parentId === null ? [] : [node.parentId],
      label: `[${node.operator}] ${node.plan.split('\n')[0]!.slice(0, 70)} → ${node.metric === null ? 'buggy' : node.metric.toFixed(4)}`,
    })),
  );
  const title = { greedy: 'AIDE greedy', mcts: 'MCTS', evolutionary: 'Evolutionary search' }[policy];
  print(
    [
      `=== ${title} as a LangGraph graph, with ${model} ===`,
      tree,
      '--- shaping events ---',
      ...shaping.lines,
      `${state.journal.length} nodes evaluated, ${state.rejections} near-duplicates rejected, best ${best?.toFixed(4) ?? 'none'}`,
    ].join('\n'),
  );
  return { journal: state.journal, rejections: state.rejections, best, shaping };
}

if (isMainModule(import.meta.url)) {
  const baseURL = argumentValue('base-url');
  const model = argumentValue('model');
  if (baseURL === undefined || model === undefined) {
    console.error(
      'usage: node --import tsx examples/langgraph-tree-search.ts --base-url <url ending in /v1> --model <name> [--api-key <key>] [--budget 8] [--policy greedy|mcts|evolutionary]',
    );
    process.exit(2);
  }
  const policy = argumentValue('policy') ?? 'greedy';
  if (policy !== 'greedy' && policy !== 'mcts' && policy !== 'evolutionary') {
    console.error(`--policy: expected greedy, mcts or evolutionary, not ${JSON.stringify(policy)}`);
    process.exit(2);
  }
  const apiKey = argumentValue('api-key');
  await runLangGraphTreeSearchExample({
    baseURL,
    model,
    policy,
    budget: Number(argumentValue('budget') ?? 8),
    print: console.log,
    ...(apiKey === undefined ? {} : { apiKey }),
  });
}
