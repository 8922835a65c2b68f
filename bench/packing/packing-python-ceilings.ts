/**
 * The ceiling table in Python: every program of the card's calibration sample (drawn exactly as
 * calibrate-packing-card.ts draws it, so at the default size the TypeScript column is the card's) run twice, by
 * `runPackingProgram` and as the numpy program `renderPackingPython` writes, both checked by `checkPacking`; per
 * paradigm path, the best and median of each, the largest score difference, invalid counts and CPU seconds. With
 * `--node-arithmetic` each program also runs with Node's own `**`, `cos` and `sin` results (`withNodeArithmetic`),
 * which must reproduce the TypeScript circles exactly. Prints the best program of each path (test fixtures).
 *
 *   npm run bench:packing-python   # = tsx bench/packing/packing-python-ceilings.ts --node-arithmetic [--programs 40] [--parallel 2]
 */
import { spawnSync } from 'node:child_process';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { createSeededRandom, quantile } from 'boden';
import { machineLine } from '../support/bench-measurements.js';
import { pickValue } from '../support/grid-values.js';
import { checkPacking, type PackingVerdict } from './circle-packing.js';
import { draftProgram, sampleLayout } from './packing-moves.js';
import {
  findScientificPython,
  renderPackingPython,
  runPackingPython,
  withNodeArithmetic,
  type PackingPythonRun,
} from './packing-python.js';
import { packingParadigms, programSpace, type PackingProgram } from './packing-program.js';
import { loadPackingTaskCard } from './packing-task-card.js';
import { runPackingProgram } from './run-packing-program.js';

const { values } = parseArgs({
  options: {
    programs: { type: 'string', default: '40' },
    parallel: { type: 'string', default: '2' },
    'timeout-seconds': { type: 'string', default: '120' },
    'node-arithmetic': { type: 'boolean', default: false },
  },
});
const [programs, parallel, timeoutSeconds] = [Number(values.programs), Number(values.parallel), Number(values['timeout-seconds'])];
for (const [name, value] of [
  ['--programs', programs],
  ['--parallel', parallel],
  ['--timeout-seconds', timeoutSeconds],
] as const) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name}: expected a whole number ≥ 1, got ${String(value)}`);
}
const python = await findScientificPython();
if (python === null) throw new Error('no python3 on the PATH (nor /usr/bin/python3) imports numpy and scipy');

// The calibration's sample, drawn in the calibration's order from its seed (calibrate-packing-card.ts).
const random = createSeededRandom(26);
const pickNonNull = <T>(options: readonly (T | null)[]): T =>
  pickValue(
    options.filter((option): option is T => option !== null),
    random,
  );
const sample: { path: string; program: PackingProgram }[] = [];
for (const paradigm of packingParadigms) {
  for (const component of ['', '+perturb', '+polish'] as const) {
    const count = paradigm === 'optimiser' ? Math.max(1, Math.round(programs / 4)) : programs;
    for (let index = 0; index < count; index++) {
      const draft = draftProgram(sampleLayout(paradigm, random));
      let program: PackingProgram = paradigm !== 'optimiser' && random() < 0.5 ? { ...draft, radii: 'uniform' } : draft;
      if (component === '+perturb') program = { ...program, perturb: pickNonNull(programSpace.perturb) };
      if (component === '+polish') program = { ...program, polish: pickNonNull(programSpace.polish) };
      sample.push({ path: `${paradigm}${component}`, program });
    }
  }
}

interface Measured {
  readonly path: string;
  readonly program: PackingProgram;
  readonly typescript: PackingVerdict;
  readonly typescriptCpu: number;
  readonly python: PackingVerdict;
  readonly pythonRun: PackingPythonRun;
  /** Whether the program with Node's arithmetic printed exactly the TypeScript circles (null when not run). */
  readonly nodeArithmeticExact: boolean | null;
}

console.log(machineLine());
const versions = spawnSync(python, ['-c', 'import sys, numpy; print(sys.version.split()[0], "numpy", numpy.__version__)'], {
  encoding: 'utf8',
}).stdout.trim();
console.log(`python: ${python} (${versions})`);
console.log(
  `command: npx tsx bench/packing/packing-python-ceilings.ts --programs ${programs} --parallel ${parallel}${values['node-arithmetic'] ? ' --node-arithmetic' : ''}\n`,
);
const started = performance.now();
const measured: Measured[] = [];
let next = 0;
// Each worker waits on its Python child while another runs the TypeScript evaluation in this process.
async function worker(): Promise<void> {
  while (next < sample.length) {
    const { path, program } = sample[next++]!;
    const code = renderPackingPython(program);
    const pythonRun = await runPackingPython(code, { python: python!, timeoutMs: timeoutSeconds * 1000 });
    const instrumented = values['node-arithmetic'] ? withNodeArithmetic(code) : null;
    const exact =
      instrumented === null
        ? null
        : instrumented === code
          ? pythonRun.circles
          : (await runPackingPython(instrumented, { python: python!, timeoutMs: timeoutSeconds * 1000 })).circles;
    const before = process.cpuUsage();
    const circles = runPackingProgram(program);
    const used = process.cpuUsage(before);
    const plain = circles.map(({ x, y, r }) => ({ x, y, r }));
    measured.push({
      path,
      program,
      typescript: checkPacking(circles),
      typescriptCpu: (used.user + used.system) / 1e6,
      python: checkPacking(pythonRun.circles),
      pythonRun,
      nodeArithmeticExact: exact === null ? null : isDeepStrictEqual(exact, plain),
    });
  }
}
await Promise.all(Array.from({ length: parallel }, () => worker()));

const card = await loadPackingTaskCard();
const sorted = (numbers: readonly number[]) => [...numbers].sort((a, b) => a - b);
const scoreOf = (verdict: PackingVerdict) => (verdict.valid ? verdict.sumOfRadii : null);
const summary = (scores: readonly (number | null)[]) => {
  const valid = sorted(scores.filter((score): score is number => score !== null));
  return { best: valid.at(-1) ?? 0, median: valid.length === 0 ? 0 : quantile(valid, 0.5), invalid: scores.length - valid.length };
};
const seconds = (values: readonly number[]) =>
  `${(values.reduce((sum, value) => sum + value, 0) / values.length).toFixed(2)} / ${Math.max(...values).toFixed(2)}`;

console.log(
  '| paradigm path | programs | TS best | TS median | Python best | Python median | max \\|Δ\\| | median \\|Δ\\| | invalid TS / Py | validity differs | exact with Node arithmetic | CPU s TS mean / max | CPU s Python mean / max |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
const mismatches: string[] = [];
for (const path of [...new Set(sample.map((entry) => entry.path))]) {
  const rows = measured.filter((entry) => entry.path === path);
  const typescript = summary(rows.map((entry) => scoreOf(entry.typescript)));
  const python = summary(rows.map((entry) => scoreOf(entry.python)));
  const deltas = sorted(
    rows.flatMap((entry) =>
      entry.typescript.valid && entry.python.valid ? [Math.abs(entry.python.sumOfRadii - entry.typescript.sumOfRadii)] : [],
    ),
  );
  const exact = rows.filter((entry) => entry.nodeArithmeticExact === true).length;
  const cardEntry = card.paradigmBest[path];
  if (
    cardEntry !== undefined &&
    rows.length === cardEntry.programs &&
    (cardEntry.best !== typescript.best || cardEntry.median !== typescript.median)
  )
    mismatches.push(path);
  console.log(
    `| ${path} | ${rows.length} | ${typescript.best.toFixed(4)} | ${typescript.median.toFixed(4)} | ${python.best.toFixed(4)} | ${python.median.toFixed(4)} | ${(deltas.at(-1) ?? 0).toExponential(1)} | ${(deltas.length === 0 ? 0 : quantile(deltas, 0.5)).toExponential(1)} | ${typescript.invalid} / ${python.invalid} | ${rows.filter((entry) => entry.typescript.valid !== entry.python.valid).length} | ${values['node-arithmetic'] ? `${exact} / ${rows.length}` : '—'} | ${seconds(rows.map((entry) => entry.typescriptCpu))} | ${seconds(rows.map((entry) => entry.pythonRun.cpuSeconds ?? Number.NaN))} |`,
  );
}

const failed = measured.filter((entry) => entry.pythonRun.exitCode !== 0);
console.log(
  `\n${measured.length} programs in ${((performance.now() - started) / 1000).toFixed(0)} s wall; Python runs that failed or timed out: ${failed.length}`,
);
for (const entry of failed.slice(0, 5))
  console.log(
    `  ${JSON.stringify(entry.program)}: exit ${String(entry.pythonRun.exitCode)}${entry.pythonRun.timedOut ? ' (timed out)' : ''}: ${entry.pythonRun.stderr.trim().split('\n').at(-1) ?? ''}`,
  );
const atCardSize = sample.length === Object.values(card.paradigmBest).reduce((sum, entry) => sum + entry.programs, 0);
if (atCardSize)
  console.log(`TS column equals the card's paradigmBest: ${mismatches.length === 0 ? 'yes' : `no (${mismatches.join(', ')})`}`);
const bySign = measured.flatMap((entry) =>
  entry.typescript.valid && entry.python.valid && entry.python.sumOfRadii !== entry.typescript.sumOfRadii
    ? [Math.sign(entry.python.sumOfRadii - entry.typescript.sumOfRadii)]
    : [],
);
console.log(`programs scoring differently: ${bySign.length} (Python higher in ${bySign.filter((sign) => sign > 0).length})`);

console.log('\nslowest Python programs (CPU s, interpreter start and numpy import included):');
for (const entry of [...measured].sort((a, b) => (b.pythonRun.cpuSeconds ?? 0) - (a.pythonRun.cpuSeconds ?? 0)).slice(0, 3)) {
  console.log(
    `  ${(entry.pythonRun.cpuSeconds ?? Number.NaN).toFixed(2)} s (TS ${entry.typescriptCpu.toFixed(2)} s): ${JSON.stringify(entry.program)}`,
  );
}
console.log('\nbest program of each path (by the TypeScript score):');
for (const path of [...new Set(sample.map((entry) => entry.path))]) {
  const best = measured
    .filter((entry) => entry.path === path && entry.typescript.valid)
    .sort((a, b) => scoreOf(b.typescript)! - scoreOf(a.typescript)!)[0];
  if (best !== undefined) console.log(`  ${path}: ${JSON.stringify(best.program)}`);
}
