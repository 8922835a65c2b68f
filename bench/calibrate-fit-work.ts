/**
 * Fits `fitWorkSeconds` (bench/env/fit-work.ts): times the first cross-validation fold of seeded random pipelines
 * of every task in this thread, splits each into its work terms (`foldWork`), and solves for the seconds per unit
 * of each term (preprocessing by non-negative least squares on relative error, each family by its median over the
 * folds slow enough to matter). Prints the constants, and per family how far the
 * estimate is from the measurement. Run it on a quiet machine: the constants are the reference machine.
 *
 *   npx tsx bench/calibrate-fit-work.ts [--configs 40] [--seed 7] [--max-seconds 30] [--min-seconds 0.03]
 */
import { parseArgs } from 'node:util';
import { createSeededRandom } from 'boden';
import { crossValidationFolds, trainingRows } from './env/cross-validation-folds.js';
import { fitPredictPipeline } from './env/pipeline/fit-predict-pipeline.js';
import { estimateFoldSeconds, fitWorkSeconds, foldWork, type FoldShape, type WorkTerm } from './env/fit-work.js';
import { loadWasmLibraries } from './env/models/wasm-libraries.js';
import { samplePipelineConfig } from './env/sample-pipeline-config.js';
import { machineLine } from './support/bench-measurements.js';
import { loadTaskDataset } from './tasks/load-task-dataset.js';
import { benchTasks } from './tasks/task-definitions.js';

const { values } = parseArgs({
  options: {
    configs: { type: 'string', default: '40' },
    seed: { type: 'string', default: '7' },
    'max-seconds': { type: 'string', default: '30' },
    'min-seconds': { type: 'string', default: '0.03' },
  },
});
const minFitSeconds = Number(values['min-seconds']);
const configsPerTask = Number(values.configs);
const maxSeconds = Number(values['max-seconds']);
const kinds = Object.keys(fitWorkSeconds) as (keyof typeof fitWorkSeconds)[];
/** A fold's units of one kind of work (an ensemble has one term per member). */
const unitsOf = (terms: readonly WorkTerm[], kind: string): number =>
  terms.filter((term) => term.kind === kind).reduce((sum, term) => sum + term.units, 0);

console.log(machineLine());
const wasm = await loadWasmLibraries();
const random = createSeededRandom(Number(values.seed));
const samples: { family: string; task: string; terms: WorkTerm[]; seconds: number }[] = [];
for (const task of benchTasks) {
  const dataset = loadTaskDataset(task);
  const rows = dataset.target.length;
  const folds = crossValidationFolds(rows, {
    folds: task.cv.folds,
    seed: task.cv.seed,
    ...(task.cv.stratified ? { labels: dataset.target } : {}),
  });
  const testRows = folds[0]!;
  const train = trainingRows(rows, testRows);
  let skipped = 0;
  for (let index = 0; index < configsPerTask; index += 1) {
    const config = samplePipelineConfig(random, dataset.kind, { ensembleProbability: 0 });
    let terms: WorkTerm[] = [];
    const started = performance.now();
    try {
      fitPredictPipeline(
        dataset,
        config,
        train,
        testRows,
        { kind: dataset.kind, classCount: dataset.classes.length, seed: 1, wasm },
        (shape: FoldShape) => {
          // The current constants guard against pipelines that would take minutes (they are refitted below).
          if (estimateFoldSeconds(config.model, config.preprocessing, shape) > maxSeconds) throw new Error('skipped: too slow to time');
          terms = foldWork(config.model, config.preprocessing, shape);
        },
      );
    } catch {
      skipped += 1;
      continue;
    }
    samples.push({ family: config.model.family, task: task.task, terms, seconds: (performance.now() - started) / 1000 });
  }
  console.log(`${task.task}: ${configsPerTask - skipped} timed, ${skipped} skipped (pipeline error or estimated > ${maxSeconds} s)`);
}

// Non-negative least squares on relative error (each sample divided by its time), by projected coordinate descent,
// over the folds that take long enough for the work to dominate fixed costs: the budget only matters for slow ones.
const slow = samples.filter((sample) => sample.seconds >= minFitSeconds);
const design = slow.map((sample) => kinds.map((kind) => unitsOf(sample.terms, kind) / sample.seconds));
const scale = kinds.map((_, column) => Math.max(1e-30, Math.sqrt(design.reduce((sum, row) => sum + row[column]! ** 2, 0))));
const normalised = design.map((row) => row.map((value, column) => value / scale[column]!));
const weights = kinds.map(() => 0);
for (let sweep = 0; sweep < 5_000; sweep += 1) {
  for (let column = 0; column < kinds.length; column += 1) {
    let numerator = 0;
    for (const row of normalised) {
      const residual = 1 - row.reduce((sum, value, other) => sum + value * weights[other]!, 0) + row[column]! * weights[column]!;
      numerator += row[column]! * residual;
    }
    weights[column] = Math.max(0, numerator); // columns have unit norm
  }
}
const leastSquares = Object.fromEntries(kinds.map((kind, column) => [kind, weights[column]! / scale[column]!]));
// Least squares on relative error leaves the typical slow fold under-estimated (fixed costs of small folds pull the
// fit); so preprocessing keeps its least-squares price and each family takes the median over its slow folds of
// (time − preprocessing) / units: a typical slow fold is then estimated at its measured time (with 5 or more).
const fitted: Record<string, number> = { ...leastSquares };
for (const kind of kinds.filter((kind) => kind !== 'preprocessing')) {
  const prices = slow
    .filter((sample) => sample.family === kind)
    .map((sample) => {
      const pre = unitsOf(sample.terms, 'preprocessing') * leastSquares.preprocessing!;
      return Math.max(sample.seconds * 0.05, sample.seconds - pre) / unitsOf(sample.terms, kind);
    })
    .sort((a, b) => a - b);
  // Too few slow folds make a noisy median: keep the least-squares price then.
  if (prices.length >= 5) fitted[kind] = prices[Math.floor(prices.length / 2)]!;
}

console.log(
  `\nfitted on ${slow.length} of ${samples.length} folds (those of at least ${minFitSeconds} s); ratios below are over all of them`,
);
console.log(
  '\n| family | folds timed | median estimate / measured | 10th-90th pct | of which slow | slow: median ratio | slow: 10th-90th pct | max measured s |',
);
console.log('|---|---:|---:|---|---:|---:|---|---:|');
const ratio = (sample: (typeof samples)[number]) =>
  sample.terms.reduce((sum, term) => sum + term.units * fitted[term.kind]!, 0) / sample.seconds;
const at = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
for (const family of [...new Set(samples.map((sample) => sample.family))].sort()) {
  const own = samples.filter((sample) => sample.family === family);
  const ratios = own.map(ratio).sort((a, b) => a - b);
  const slowRatios = own
    .filter((sample) => sample.seconds >= minFitSeconds)
    .map(ratio)
    .sort((a, b) => a - b);
  const longest = Math.max(...own.map((sample) => sample.seconds));
  const range = (sorted: number[]) => `${at(sorted, 0.1).toFixed(2)}-${at(sorted, 0.9).toFixed(2)}`;
  console.log(
    `| ${family} | ${own.length} | ${at(ratios, 0.5).toFixed(2)} | ${range(ratios)} | ${slowRatios.length} | ${at(slowRatios, 0.5).toFixed(2)} | ${range(slowRatios)} | ${longest.toFixed(2)} |`,
  );
}
console.log('\nfitWorkSeconds = {');
for (const kind of kinds)
  console.log(
    `  ${kind.includes('-') ? `'${kind}'` : kind}: ${(fitted[kind] || fitWorkSeconds[kind]).toExponential(1)},${fitted[kind] ? '' : ' // no samples: kept'}`,
  );
console.log('}');
