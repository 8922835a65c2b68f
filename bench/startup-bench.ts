/**
 * Start-up of the compiled CLI: wall time of `boden --help` and of `boden score <one file>` against a bare
 * `node -e 0`, each run `--runs` times, interleaved so every command sees the same load, with the load average
 * printed before and after. `--cli` takes several compiled entry points (e.g. this tree's and a worktree of an
 * older commit's `dist/src/cli/main.js`), so a before/after comparison comes from one run on one machine.
 *
 *   npm run build && npx tsx bench/startup-bench.ts [--cli dist/src/cli/main.js,../old/dist/src/cli/main.js] [--runs 15]
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { machineLine, percentile } from './support/bench-measurements.js';

const { values } = parseArgs({
  options: {
    cli: { type: 'string', default: 'dist/src/cli/main.js' },
    runs: { type: 'string', default: '15' },
    file: { type: 'string', default: 'examples/aide-tabular-run.journal.json' },
  },
});
const runs = Number(values.runs);
const clis = values.cli.split(',');
for (const cli of clis) if (!existsSync(cli)) throw new Error(`--cli: ${cli} does not exist (npm run build first)`);

/** The commands measured: a label and the node arguments. */
const commands: { readonly label: string; readonly args: readonly string[] }[] = [
  { label: 'node -e 0', args: ['-e', '0'] },
  ...clis.flatMap((cli) => [
    { label: `${cli} --help`, args: [cli, '--help'] },
    { label: `${cli} score ${values.file}`, args: [cli, 'score', values.file] },
  ]),
];

console.log(machineLine());
const samples = commands.map(() => new Float64Array(runs));
for (let run = 0; run < runs; run += 1) {
  commands.forEach((command, index) => {
    const started = performance.now();
    const result = spawnSync(process.execPath, command.args, { stdio: 'ignore' });
    samples[index]![run] = performance.now() - started;
    if (result.status !== 0) throw new Error(`${command.label} exited ${result.status}`);
  });
}
const bare = percentile(samples[0]!, 0.5);
console.log(`\n| command | p50 ms | p90 ms | p50 / node -e 0 |\n|---|---:|---:|---:|`);
commands.forEach((command, index) => {
  const p50 = percentile(samples[index]!, 0.5);
  console.log(`| \`${command.label}\` | ${p50.toFixed(0)} | ${percentile(samples[index]!, 0.9).toFixed(0)} | ${(p50 / bare).toFixed(1)} |`);
});
console.log(`\n${machineLine()}`);
