/**
 * The positive control: novelty search's textbook win on a deceptive maze, through boden's middleware. Runs AIDE's
 * greedy policy objective-only and shaped by a behaviour-novelty bonus (novelty read at admission and read
 * current), over seeds, and prints how often each reaches the goal. Deterministic: the same command prints the same
 * table on any machine.
 *
 *   npm run bench:maze            # = tsx bench/maze/maze-bench.ts [--seeds 20] [--budget 2500] [--strength 5]
 */
import { parseArgs } from 'node:util';
import { quantile } from 'boden';
import { machineLine } from '../support/bench-measurements.js';
import { runMazeSearch, type MazeSearchResult } from './run-maze-search.js';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '20' },
    budget: { type: 'string', default: '2500' },
    strength: { type: 'string', default: '5' },
  },
});
const [seeds, budget, strength] = [Number(values.seeds), Number(values.budget), Number(values.strength)];
for (const [name, value] of [
  ['--seeds', seeds],
  ['--budget', budget],
  ['--strength', strength],
] as const) {
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name}: expected a non-negative number, got ${String(value)}`);
}

console.log(machineLine());
console.log(`command: npx tsx bench/maze/maze-bench.ts --seeds ${seeds} --budget ${budget} --strength ${strength}\n`);
console.log('| arm | solved | median evaluations to goal (solved runs) | median best distance | median coverage | wall s |');
console.log('|---|---:|---:|---:|---:|---:|');
const arms = [
  { label: 'objective only (AIDE greedy)', options: { arm: 'objective' } },
  { label: `novelty bonus λ ${strength}, novelty at admission`, options: { arm: 'novelty-bonus', timing: 'admission', strength } },
  { label: `novelty bonus λ ${strength}, current novelty`, options: { arm: 'novelty-bonus', timing: 'current', strength } },
] as const;
for (const { label, options } of arms) {
  const started = performance.now();
  const results: MazeSearchResult[] = [];
  for (let seed = 1; seed <= seeds; seed += 1) results.push(await runMazeSearch({ ...options, seed, budget }));
  const solved = results.filter((result) => result.solved);
  const median = (numbers: number[]) =>
    numbers.length === 0
      ? Number.NaN
      : quantile(
          [...numbers].sort((a, b) => a - b),
          0.5,
        );
  const toGoal = median(solved.map((result) => result.evaluationsToGoal!));
  console.log(
    `| ${label} | ${solved.length} / ${results.length} | ${Number.isNaN(toGoal) ? '—' : toGoal} | ${median(results.map((result) => result.bestDistance)).toFixed(3)} | ${median(results.map((result) => result.coverage)).toFixed(2)} | ${((performance.now() - started) / 1000).toFixed(0)} |`,
  );
}
