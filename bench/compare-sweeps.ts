/**
 * One table over several sweep directories (e.g. one per directive compliance), with Holm's adjustment over the
 * whole family: every arm of every directory compared with the unshaped arm of its own directory, task and policy
 * (paired by seed, Wilcoxon signed-rank). A sweep's own `summary.txt` adjusts within that sweep only; a claim across
 * compliance values needs the family of all of them. Reads `runs.jsonl` or `runs.jsonl.gz` of each directory.
 *
 *   npx tsx bench/compare-sweeps.ts bench/results/co2-forecast/compliance-0.9 bench/results/co2-forecast/compliance-0
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { holmAdjust } from 'boden';
import { BenchRunRecordSchema, type BenchRunRecord } from './runner/bench-run-record.js';
import { loadPackingTaskCard, packingTaskName } from './packing/packing-task-card.js';
import { benchPolicies } from './runner/bench-policy.js';
import { summarizeSweep, type TaskReference } from './sweep/summarize-sweep.js';
import { loadBenchTaskCard } from './cards/bench-task-card.js';
import { loadSweepCards } from './sweep/sweep-cards.js';
import { benchTaskNames } from './tasks/task-definitions.js';

const directories = process.argv.slice(2);
if (directories.length === 0) fail('give one or more sweep directories (each with runs.jsonl or runs.jsonl.gz)');

/** Prints `message` and exits with 2, the CLI's code for bad input. */
function fail(message: string): never {
  process.stderr.write(`compare-sweeps: ${message}\n`);
  process.exit(2);
}

async function readRecords(directory: string): Promise<BenchRunRecord[]> {
  const plain = join(directory, 'runs.jsonl');
  if (!existsSync(plain) && !existsSync(`${plain}.gz`))
    fail(`${directory} is not a sweep directory: it has no runs.jsonl or runs.jsonl.gz`);
  const text = existsSync(plain) ? await readFile(plain, 'utf8') : gunzipSync(await readFile(`${plain}.gz`)).toString('utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => BenchRunRecordSchema.parse(JSON.parse(line)));
}

/**
 * The cards of a sweep's own tasks (`--task-file`), by task name: the files its `summary.json` records, read and
 * checked again (a card whose CSV changed since is refused, naming the file).
 */
async function ownCards(directory: string): Promise<ReadonlyMap<string, TaskReference>> {
  const summary = join(directory, 'summary.json');
  if (!existsSync(summary)) return new Map();
  const { options } = JSON.parse(await readFile(summary, 'utf8')) as { options?: { taskFiles?: string[] } };
  return loadSweepCards({ tasks: [], taskFiles: options?.taskFiles ?? [], agent: 'simulated' });
}

const references = new Map<string, TaskReference>();
const rows = [];
for (const directory of directories) {
  const records = await readRecords(directory);
  const own = await ownCards(directory);
  for (const task of new Set(records.map((record) => record.task))) {
    if (references.has(task)) continue;
    if (task === packingTaskName) references.set(task, await loadPackingTaskCard());
    else if (benchTaskNames.includes(task)) references.set(task, await loadBenchTaskCard(task));
    else if (own.has(task)) references.set(task, own.get(task)!);
    else
      fail(
        `${directory}: task "${task}" is not shipped, and ${join(directory, 'summary.json')} names no card file for it (the sweep's --task-file)`,
      );
  }
  // Records come in completion order: rows by policy, then unshaped first and the other arms by name.
  const ordered = summarizeSweep(records, references).sort(
    (a, b) =>
      a.task.localeCompare(b.task) ||
      benchPolicies.indexOf(a.policy) - benchPolicies.indexOf(b.policy) ||
      Number(b.arm === 'unshaped') - Number(a.arm === 'unshaped') ||
      a.arm.localeCompare(b.arm),
  );
  for (const row of ordered) rows.push({ sweep: basename(directory), row });
}
const compared = rows.filter(({ row }) => row.paired !== null);
const adjusted = holmAdjust(compared.map(({ row }) => row.paired!.wilcoxonP));
const familyHolm = new Map(compared.map((entry, index) => [entry, adjusted[index]!]));

const format = (value: number | null | undefined, digits = 3) =>
  value === null || value === undefined || !Number.isFinite(value) ? '-' : value.toFixed(digits);
console.log(`Holm over ${compared.length} comparisons in ${directories.length} sweep(s)\n`);
console.log('| sweep | task | policy | arm | runs | final impact | regret | medal | Δ vs unshaped | p Wilcoxon | Holm (family) | A12 |');
console.log('|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const entry of rows) {
  const { sweep, row } = entry;
  const holm = familyHolm.get(entry);
  const difference =
    row.impactDifference === null ? '-' : `${row.impactDifference >= 0 ? '+' : '−'}${format(Math.abs(row.impactDifference))}`;
  console.log(
    `| ${sweep} | ${row.task} | ${row.policy} | ${row.arm} | ${row.runs} | ${format(row.finalImpact.mean)} | ${format(row.finalRegret)} | ${format(row.medalRate, 2)} | ${difference} | ${format(row.paired?.wilcoxonP)} | ${format(holm)} | ${format(row.paired?.a12.mean, 2)} |`,
  );
}

// The effect against the sweeps' setting (e.g. directive compliance): one row per task, policy and arm, one column per
// sweep name, so an arm's Δ at compliance 0 (selection alone) stands beside its Δ where the agent follows directives.
const sweepNames = [...new Set(rows.map(({ sweep }) => sweep))];
if (sweepNames.length > 1) {
  const pivot = new Map<string, Map<string, string>>();
  for (const entry of compared) {
    const { sweep, row } = entry;
    const key = `| ${row.task} | ${row.policy} | ${row.arm} |`;
    const cells = pivot.get(key) ?? new Map<string, string>();
    pivot.set(key, cells);
    const difference = `${row.impactDifference! >= 0 ? '+' : '−'}${format(Math.abs(row.impactDifference!))}`;
    cells.set(sweep, `${difference} (Holm ${format(familyHolm.get(entry))})`);
  }
  console.log(`\nΔ final impact against unshaped by sweep (family Holm in brackets; - where the sweep did not run the arm)\n`);
  console.log(`| task | policy | arm | ${sweepNames.join(' | ')} |`);
  console.log(`|---|---|---|${sweepNames.map(() => '---:').join('|')}|`);
  for (const [key, cells] of pivot) console.log(`${key} ${sweepNames.map((name) => cells.get(name) ?? '-').join(' | ')} |`);
}
