/**
 * A quality-diversity archive over boden's concepts around AIDE's greedy search, with a scripted operator (no LLM,
 * no network): every valid solution falls into a cell (model paradigm × feature engineering × validation scheme, read
 * from its plan and code), each cell keeps its best solution, and AIDE's parent choice is replaced by the elite of a
 * cell drawn Go-Explore style. Prints the cells each run filled, its coverage and QD-score, unshaped and with the
 * archive; the unshaped run's cells are counted by an archive that only watches.
 *
 *   node --import tsx examples/quality-diversity-loop.ts --budget 40 --seed 1
 */
import { qualityDiversityArchive, wrapSelector, type QualityDiversityArchive } from '../src/index.js';
import { createAideGreedySearch, createAideGreedySelector } from '../adapters/aide-greedy/index.js';
import { argumentValue, isMainModule } from './support/example-report.js';
import { createScriptedResearch, scriptedOperators } from './support/scripted-research.js';

/** What the example returns (and prints) for one run. */
export interface QualityDiversityReport {
  readonly archived: boolean;
  readonly evaluated: number;
  readonly bestMetric: number | null;
  /** Cells filled, and the archive's QD-score with the metric's range [0, 1]. */
  readonly coverage: number;
  readonly qdScore: number;
  readonly cells: readonly string[];
}

/** Runs AIDE greedy on the scripted task, with the archive choosing parents (`archived`) or only watching. */
export async function runQualityDiversityExample(
  options: { budget?: number; seed?: number; archived?: boolean; print?: (text: string) => void } = {},
): Promise<QualityDiversityReport> {
  const { budget = 40, seed = 1, archived = true, print = () => {} } = options;
  const research = createScriptedResearch(seed);
  // Strength 0: the archive records cells and elites but leaves AIDE's choices alone.
  const archive: QualityDiversityArchive = qualityDiversityArchive({ strength: archived ? 1 : 0 });
  const selector = wrapSelector({ selector: createAideGreedySelector(), middleware: [archive] });
  const search = createAideGreedySearch({
    operators: scriptedOperators(research),
    evaluate: (node) => research.evaluate(node),
    selector,
    seed,
  });
  await search.run(budget);
  const report: QualityDiversityReport = {
    archived,
    evaluated: search.nodes.length,
    bestMetric: search.best()?.metric ?? null,
    coverage: archive.coverage,
    qdScore: archive.qdScore({ min: 0, max: 1 }),
    cells: archive.cells().map((cell) => `${cell.key}: ${cell.eliteValue.toFixed(3)} (${cell.visits} visits)`),
  };
  print(
    [
      `=== AIDE greedy, ${archived ? 'parents from the quality-diversity archive' : 'unshaped (the archive only watches)'} ===`,
      ...report.cells.map((cell) => `  ${cell}`),
      `evaluated ${report.evaluated}; best metric ${report.bestMetric?.toFixed(4) ?? 'none'}; coverage ${report.coverage} cells; QD-score ${report.qdScore.toFixed(3)}`,
      '',
    ].join('\n'),
  );
  return report;
}

if (isMainModule(import.meta.url)) {
  const budget = Number(argumentValue('budget') ?? 40);
  const seed = Number(argumentValue('seed') ?? 1);
  await runQualityDiversityExample({ budget, seed, archived: false, print: console.log });
  await runQualityDiversityExample({ budget, seed, archived: true, print: console.log });
}
