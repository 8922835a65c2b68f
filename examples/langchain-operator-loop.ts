/**
 * AIDE's greedy search, shaped, with a LangChain chat model as the operator: any OpenAI-compatible server (vLLM,
 * Ollama, LM Studio, OpenAI). The model's code is never executed: a stand-in evaluator scores it offline from the
 * ML concepts it uses, so the example shows the loop and the shaping, not a real benchmark.
 *
 *   node --import tsx examples/langchain-operator-loop.ts --base-url http://127.0.0.1:8000/v1 --model Qwen/Qwen3-32B --budget 8
 */
import { ChatOpenAI } from '@langchain/openai';
import { adaptiveExploration, createNoveltyScorer, noveltyBonus, noveltyGate, scorerNoveltySource, wrapSelector } from '../src/index.js';
import { createAideGreedySearch, createAideGreedySelector } from '../adapters/aide-greedy/index.js';
import { houseScoresTask as task, offlineConceptEvaluator } from './support/offline-concept-evaluator.js';
import { argumentValue, formatReport, isMainModule, type ExampleReport } from './support/example-report.js';
import { formatTree } from './support/format-tree.js';
import { createLangChainAideOperators } from '../adapters/langgraph-tree-search/index.js';
import { replayNovelty } from './support/replay-novelty.js';
import { recordShapingEvents } from './support/shaping-log.js';

/** Options of `runLangChainOperatorExample`. */
export interface LangChainExampleOptions {
  /** The server's OpenAI-compatible root, ending in `/v1`. */
  readonly baseURL: string;
  readonly model: string;
  /** Default `OPENAI_API_KEY`, else `not-needed` (local servers ignore it). */
  readonly apiKey?: string;
  /** Evaluations to spend (each costs one chat completion, plus one per rejected proposal). */
  readonly budget?: number;
  readonly seed?: number;
  readonly print?: (text: string) => void;
}

/** Runs the shaped AIDE loop with a chat model as the operator; returns (and prints) its report. */
export async function runLangChainOperatorExample(options: LangChainExampleOptions): Promise<ExampleReport> {
  const { baseURL, model, budget = 8, seed = 1, print = () => {} } = options;
  const chat = new ChatOpenAI({
    model,
    apiKey: options.apiKey ?? process.env.OPENAI_API_KEY ?? 'not-needed',
    temperature: 0.7,
    maxRetries: 1,
    configuration: { baseURL },
  });
  const source = scorerNoveltySource({ scorer: createNoveltyScorer({ runId: `langchain-${seed}` }) });
  const selector = wrapSelector({
    selector: createAideGreedySelector({ numDrafts: 2 }),
    middleware: [
      noveltyGate({ source }),
      adaptiveExploration({ source, threshold: 0.2, patience: 2 }),
      noveltyBonus({ source, strength: 0.5, decay: 'children' }),
    ],
  });
  const shaping = recordShapingEvents(selector.events);
  const operators = createLangChainAideOperators({ model: chat, task });
  const search = createAideGreedySearch({ operators, evaluate: offlineConceptEvaluator(), selector, seed });
  await search.run(budget);
  const report: ExampleReport = {
    title: `AIDE greedy with ${model}`,
    shaped: true,
    evaluated: search.nodes.length,
    bestMetric: search.best()?.metric ?? null,
    tree: formatTree(
      search.nodes.map((node) => ({
        id: node.id,
        parents: node.parentId === null ? [] : [node.parentId],
        label: `[${node.operator}] ${node.plan.split('\n')[0]!.slice(0, 70)} → ${node.metric === null ? 'buggy' : node.metric.toFixed(4)}`,
      })),
    ),
    novelty: await replayNovelty(search.nodes),
    shaping,
  };
  print(formatReport(report));
  return report;
}

if (isMainModule(import.meta.url)) {
  const baseURL = argumentValue('base-url');
  const model = argumentValue('model');
  if (baseURL === undefined || model === undefined) {
    console.error(
      'usage: node --import tsx examples/langchain-operator-loop.ts --base-url <url ending in /v1> --model <name> [--api-key <key>] [--budget 8]',
    );
    process.exit(2);
  }
  const apiKey = argumentValue('api-key');
  await runLangChainOperatorExample({
    baseURL,
    model,
    budget: Number(argumentValue('budget') ?? 8),
    print: console.log,
    ...(apiKey === undefined ? {} : { apiKey }),
  });
}
