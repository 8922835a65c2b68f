/**
 * AIRA-dojo's MCTS with a scripted operator (no LLM), unshaped and shaped: novelty is backed up along the path like
 * the metric and added to the UCT value, the adaptive schedule raises UCT's c (and drafts at the root) when
 * P-creativity collapses, and the novelty gate rejects near-duplicates before evaluation.
 *
 *   node --import tsx examples/mcts-loop.ts --budget 30 --seed 1
 */
import { adaptiveExploration, createNoveltyScorer, noveltyBonus, noveltyGate, scorerNoveltySource, wrapSelector } from '../src/index.js';
import { createMctsSearch, createUctSelector, type MctsNode } from '../adapters/mcts/index.js';
import { argumentValue, formatReport, isMainModule, type ExampleOptions, type ExampleReport } from './support/example-report.js';
import { describeSolution, formatTree } from './support/format-tree.js';
import { replayNovelty } from './support/replay-novelty.js';
import { createScriptedResearch, scriptedOperators } from './support/scripted-research.js';
import { recordShapingEvents, type ShapingLog } from './support/shaping-log.js';

/** Runs AIRA-dojo's MCTS on the scripted task and returns (and prints) its report. */
export async function runMctsExample(options: ExampleOptions = {}): Promise<ExampleReport> {
  const { budget = 30, seed = 1, shaped = true, print = () => {} } = options;
  const research = createScriptedResearch(seed);
  let selector = createUctSelector();
  let shaping: ShapingLog | undefined;
  const source = shaped ? scorerNoveltySource({ scorer: createNoveltyScorer({ runId: `mcts-${seed}` }) }) : undefined;
  if (source !== undefined) {
    const wrapped = wrapSelector({
      selector,
      middleware: [
        noveltyGate({ source, threshold: 0.01 }),
        adaptiveExploration({ source, threshold: 0.2, recovery: 0.3, patience: 3, minImprovement: 0.002 }),
        // The candidates carry the mean novelty backed up through each subtree (`noveltyBackup` below).
        noveltyBonus({ source: 'candidate', strength: 0.3 }),
      ],
    });
    shaping = recordShapingEvents(wrapped.events);
    selector = wrapped;
  }
  const search = createMctsSearch({
    operators: scriptedOperators(research),
    evaluate: (node) => research.evaluate(node),
    selector,
    seed,
    // A narrower tree than AIRA's 5 children, so a small budget reaches some depth.
    numChildren: 3,
    maxDebugDepth: 3,
    ...(source === undefined ? {} : { noveltyBackup: source }),
  });
  await search.run(budget);
  const nodes = search.nodes.slice(1);
  const report: ExampleReport = {
    title: 'AIRA-dojo MCTS',
    shaped,
    evaluated: nodes.length,
    bestMetric: search.best()?.metric ?? null,
    tree: formatTree(
      nodes.map((node: MctsNode) => ({
        id: node.id,
        parents: node.parent === null || node.parent === search.root ? [] : [node.parent.id],
        label: `${describeSolution(node)} (visits ${node.visits})`,
      })),
    ),
    novelty: await replayNovelty(nodes),
    shaping,
  };
  print(formatReport(report));
  return report;
}

if (isMainModule(import.meta.url)) {
  const budget = Number(argumentValue('budget') ?? 30);
  const seed = Number(argumentValue('seed') ?? 1);
  await runMctsExample({ budget, seed, shaped: false, print: console.log });
  await runMctsExample({ budget, seed, shaped: true, print: console.log });
}
