/**
 * AIRA-dojo's evolutionary solver (two islands, crossover, migration) with a scripted operator (no LLM), unshaped and
 * shaped: the novelty gate, the (usefulness, novelty) Pareto objective, the adaptive schedule (which raises the
 * sampling temperature) and the novelty bonus wrap the solver's own parent sampler.
 *
 *   node --import tsx examples/evolutionary-loop.ts --budget 30 --seed 1
 */
import {
  adaptiveExploration,
  createNoveltyScorer,
  noveltyBonus,
  noveltyGate,
  paretoObjective,
  scorerNoveltySource,
  wrapSelector,
} from '../src/index.js';
import { createEvolutionarySearch, createEvolutionarySelector, type EvolutionaryNode } from '../adapters/evolutionary/index.js';
import { argumentValue, formatReport, isMainModule, type ExampleOptions, type ExampleReport } from './support/example-report.js';
import { describeSolution, formatTree } from './support/format-tree.js';
import { replayNovelty } from './support/replay-novelty.js';
import { createScriptedResearch, scriptedOperators } from './support/scripted-research.js';
import { recordShapingEvents, type ShapingLog } from './support/shaping-log.js';

/** Runs AIRA-dojo's evolutionary solver on the scripted task and returns (and prints) its report. */
export async function runEvolutionaryExample(options: ExampleOptions = {}): Promise<ExampleReport> {
  const { budget = 30, seed = 1, shaped = true, print = () => {} } = options;
  const research = createScriptedResearch(seed);
  let selector = createEvolutionarySelector();
  let shaping: ShapingLog | undefined;
  if (shaped) {
    const source = scorerNoveltySource({ scorer: createNoveltyScorer({ runId: `evolutionary-${seed}` }) });
    const wrapped = wrapSelector({
      selector,
      middleware: [
        noveltyGate({ source, threshold: 0.01 }),
        // First after the gate, so the front is built from the sampler's own fitness values.
        paretoObjective({ source, strength: 0.5 }),
        adaptiveExploration({ source, threshold: 0.2, recovery: 0.3, patience: 3, minImprovement: 0.002 }),
        noveltyBonus({ source, strength: 0.5, decay: 'children' }),
      ],
    });
    shaping = recordShapingEvents(wrapped.events);
    selector = wrapped;
  }
  const search = createEvolutionarySearch({
    operators: scriptedOperators(research),
    evaluate: (node) => research.evaluate(node),
    selector,
    seed,
    // Smaller than AIRA's MLE-bench preset (1 island, no migration) so a short run shows islands and migration.
    numIslands: 2,
    individualsPerGeneration: 4,
    numGenerations: 20,
    migrationProbability: 0.5,
    generationsTillMigration: 3,
    maxDebugDepth: 3,
  });
  await search.run(budget);
  const islands = new Map(search.islands.flatMap((island, index) => island.map((node) => [node.id, index] as const)));
  const report: ExampleReport = {
    title: 'AIRA-dojo evolutionary',
    shaped,
    evaluated: search.nodes.length,
    bestMetric: search.best()?.metric ?? null,
    tree: formatTree(
      search.nodes.map((node: EvolutionaryNode) => ({
        id: node.id,
        parents: node.parents,
        label: `${describeSolution(node)} g${node.generation}${islands.has(node.id) ? ` island ${islands.get(node.id)}` : ''}`,
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
  await runEvolutionaryExample({ budget, seed, shaped: false, print: console.log });
  await runEvolutionaryExample({ budget, seed, shaped: true, print: console.log });
}
