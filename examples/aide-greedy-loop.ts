/**
 * AIDE's greedy search with a scripted operator (no LLM), unshaped and shaped: the novelty gate, the adaptive
 * exploration schedule and the novelty bonus wrap AIDE's own policy. Prints the tree and the shaping events.
 *
 *   node --import tsx examples/aide-greedy-loop.ts --budget 30 --seed 1
 */
import { adaptiveExploration, createNoveltyScorer, noveltyBonus, noveltyGate, scorerNoveltySource, wrapSelector } from '../src/index.js';
import { createAideGreedySearch, createAideGreedySelector, type AideNode } from '../adapters/aide-greedy/index.js';
import { argumentValue, formatReport, isMainModule, type ExampleOptions, type ExampleReport } from './support/example-report.js';
import { describeSolution, formatTree } from './support/format-tree.js';
import { replayNovelty } from './support/replay-novelty.js';
import { createScriptedResearch, scriptedOperators } from './support/scripted-research.js';
import { recordShapingEvents, type ShapingLog } from './support/shaping-log.js';

/** Runs AIDE's greedy search on the scripted task and returns (and prints) its report. */
export async function runAideGreedyExample(options: ExampleOptions = {}): Promise<ExampleReport> {
  const { budget = 30, seed = 1, shaped = true, print = () => {} } = options;
  const research = createScriptedResearch(seed);
  let selector = createAideGreedySelector();
  let shaping: ShapingLog | undefined;
  if (shaped) {
    // One scorer per run: every middleware reads the same novelty through one source.
    const source = scorerNoveltySource({ scorer: createNoveltyScorer({ runId: `aide-${seed}` }) });
    const wrapped = wrapSelector({
      selector,
      middleware: [
        noveltyGate({ source, threshold: 0.01 }),
        adaptiveExploration({ source, threshold: 0.2, recovery: 0.3, patience: 3, minImprovement: 0.002 }),
        noveltyBonus({ source, strength: 0.5, decay: 'children' }),
      ],
    });
    shaping = recordShapingEvents(wrapped.events);
    selector = wrapped;
  }
  const search = createAideGreedySearch({
    operators: scriptedOperators(research),
    evaluate: (node) => research.evaluate(node),
    selector,
    seed,
  });
  await search.run(budget);
  const report: ExampleReport = {
    title: 'AIDE greedy',
    shaped,
    evaluated: search.nodes.length,
    bestMetric: search.best()?.metric ?? null,
    tree: formatTree(
      search.nodes.map((node: AideNode) => ({
        id: node.id,
        parents: node.parentId === null ? [] : [node.parentId],
        label: describeSolution(node),
      })),
    ),
    novelty: await replayNovelty(search.nodes),
    shaping,
  };
  print(formatReport(report));
  return report;
}

if (isMainModule(import.meta.url)) {
  const budget = Number(argumentValue('budget') ?? 30);
  const seed = Number(argumentValue('seed') ?? 1);
  await runAideGreedyExample({ budget, seed, shaped: false, print: console.log });
  await runAideGreedyExample({ budget, seed, shaped: true, print: console.log });
}
