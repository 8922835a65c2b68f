/**
 * Calibrates the circle-packing card: the per-paradigm ceiling table (a seeded random search over each paradigm's
 * grid, alone, with a perturb hill climb and with a numerical polish on top) and medals from quantiles of the best
 * score of unshaped runs (AIDE, MCTS, evolution) on calibration seeds 1001.., which no sweep seed reaches by
 * default. Deterministic: the same command writes the same card on any machine (wall time aside).
 *
 *   npx tsx bench/packing/calibrate-packing-card.ts [--programs 40] [--seeds 20] [--episodes 40] [--out FILE]
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeFileAtomic, createSeededRandom, quantile } from 'boden';
import { searchPolicies } from '../runner/bench-policy.js';
import { pickValue } from '../support/grid-values.js';
import { bestKnownSumOfRadii, packingCircles } from './circle-packing.js';
import { createPackingEvaluator } from './packing-evaluator.js';
import { draftProgram, sampleLayout } from './packing-moves.js';
import { packingParadigms, programSpace, type PackingProgram } from './packing-program.js';
import { packingTaskCardFile, packingTaskName, PackingTaskCardSchema, type PackingTaskCard } from './packing-task-card.js';
import { runPackingRun } from './run-packing-run.js';

const { values } = parseArgs({
  options: {
    programs: { type: 'string', default: '40' },
    seeds: { type: 'string', default: '20' },
    episodes: { type: 'string', default: '40' },
    out: { type: 'string', default: fileURLToPath(packingTaskCardFile) },
  },
});
const [programs, seedCount, episodes] = [Number(values.programs), Number(values.seeds), Number(values.episodes)];
for (const [name, value] of [
  ['--programs', programs],
  ['--seeds', seedCount],
  ['--episodes', episodes],
] as const) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name}: expected a whole number ≥ 1, got ${String(value)}`);
}
const started = performance.now();
const sorted = (numbers: readonly number[]) => [...numbers].sort((a, b) => a - b);
const evaluator = createPackingEvaluator();

// The ceiling table: every paradigm alone and with each component on top, radii drawn like drafts are.
const random = createSeededRandom(26);
const paradigmBest: PackingTaskCard['paradigmBest'] = {};
/** A component's setting drawn uniformly among those that switch it on. */
const pickNonNull = <T>(options: readonly (T | null)[]): T =>
  pickValue(
    options.filter((option): option is T => option !== null),
    random,
  );
for (const paradigm of packingParadigms) {
  for (const component of ['', '+perturb', '+polish'] as const) {
    const scores: number[] = [];
    let invalid = 0;
    // The optimiser costs a few hundred milliseconds a program: a quarter as many samples.
    const count = paradigm === 'optimiser' ? Math.max(1, Math.round(programs / 4)) : programs;
    for (let index = 0; index < count; index++) {
      const draft = draftProgram(sampleLayout(paradigm, random));
      let program: PackingProgram = paradigm !== 'optimiser' && random() < 0.5 ? { ...draft, radii: 'uniform' } : draft;
      if (component === '+perturb') program = { ...program, perturb: pickNonNull(programSpace.perturb) };
      if (component === '+polish') program = { ...program, polish: pickNonNull(programSpace.polish) };
      const outcome = evaluator.evaluate(program);
      if (outcome.score === null) invalid += 1;
      else scores.push(outcome.score);
    }
    const ordered = sorted(scores);
    paradigmBest[`${paradigm}${component}`] = {
      best: ordered.at(-1) ?? 0,
      median: ordered.length === 0 ? 0 : quantile(ordered, 0.5),
      programs: count,
      invalid,
    };
  }
}

// Medals: quantiles of unshaped best-of-budget scores, so a medal means beating most unshaped runs.
const medalQuantiles = { bronze: 0.8, silver: 0.9, gold: 0.95 };
const seeds = Array.from({ length: seedCount }, (_, index) => 1001 + index);
const placeholder: PackingTaskCard = {
  task: packingTaskName,
  metric: 'sum-of-radii',
  maximize: true,
  circles: packingCircles,
  baseline: 0.5,
  top1: bestKnownSumOfRadii,
  medals: { bronze: 0, silver: 0, gold: 0 },
  paradigmBest,
  calibration: { command: '', seeds, episodes, medalQuantiles, wallSeconds: 0 },
};
const bests: number[] = [];
for (const policy of searchPolicies) {
  for (const seed of seeds) {
    const record = await runPackingRun({ task: placeholder, policy, arm: { strength: 0, schedule: 'none' }, seed, episodes, evaluator });
    bests.push(record.bestScore ?? placeholder.baseline);
  }
}
const ordered = sorted(bests);
const card: PackingTaskCard = PackingTaskCardSchema.parse({
  ...placeholder,
  medals: {
    bronze: quantile(ordered, medalQuantiles.bronze),
    silver: quantile(ordered, medalQuantiles.silver),
    gold: quantile(ordered, medalQuantiles.gold),
  },
  calibration: {
    command: `npx tsx bench/packing/calibrate-packing-card.ts --programs ${programs} --seeds ${seedCount} --episodes ${episodes}`,
    seeds,
    episodes,
    medalQuantiles,
    wallSeconds: Math.round((performance.now() - started) / 100) / 10,
  },
});
await writeFileAtomic(values.out, `${JSON.stringify(card, null, 2)}\n`);

console.log(`wrote ${values.out} (${card.calibration.wallSeconds} s, ${evaluator.counts.runs} programs run)\n`);
console.log('| paradigm path | best | median | programs | invalid |');
console.log('|---|---:|---:|---:|---:|');
for (const [path, entry] of Object.entries(paradigmBest))
  console.log(`| ${path} | ${entry.best.toFixed(4)} | ${entry.median.toFixed(4)} | ${entry.programs} | ${entry.invalid} |`);
console.log(
  `\nunshaped best of ${episodes} episodes over ${bests.length} runs: median ${quantile(ordered, 0.5).toFixed(4)}; medals bronze ${card.medals.bronze.toFixed(4)}, silver ${card.medals.silver.toFixed(4)}, gold ${card.medals.gold.toFixed(4)}`,
);
