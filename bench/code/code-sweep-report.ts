/**
 * The table of the code-agent packing sweep (`bench/results/code-packing/README.md`): per directory (a compliance of
 * the code agent, independent sampling, the simulated twin), policy and arm, the final impact, the hit rate at a sum
 * of radii (default 2.60) and the evaluations until the first hit, the crash share and the sandbox's limit stops;
 * then the family of paired comparisons (adaptive against unshaped per policy and compliance; unshaped and adaptive at
 * 0.9 against independent sampling per policy), Wilcoxon signed-rank by seed with Holm over the family, and A12;
 * and the same family on the hits (exact McNemar on the seeds that hit under one arm only).
 *
 *   npx tsx bench/code/code-sweep-report.ts bench/results/code-packing [--threshold 2.60]
 */
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { holmAdjust, quantile, varghaDelaneyA12, wilcoxonSignedRank } from 'boden';
import { BenchRunRecordSchema, type BenchRunRecord } from '../runner/bench-run-record.js';
import { armName } from '../runner/bench-policy.js';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { threshold: { type: 'string', default: '2.60' } } });
const root = positionals[0];
if (root === undefined || !existsSync(root)) {
  process.stderr.write('code-sweep-report: give the results directory (e.g. bench/results/code-packing)\n');
  process.exit(2);
}
const threshold = Number(values.threshold);

async function readRecords(directory: string): Promise<BenchRunRecord[]> {
  const plain = join(directory, 'runs.jsonl');
  if (!existsSync(plain) && !existsSync(`${plain}.gz`)) return [];
  const text = existsSync(plain) ? await readFile(plain, 'utf8') : gunzipSync(await readFile(`${plain}.gz`)).toString('utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => BenchRunRecordSchema.parse(JSON.parse(line)));
}

/** The 1-based episode of the run's first score at or above the threshold, or null when it never got there. */
const firstHit = (record: BenchRunRecord): number | null => {
  const index = record.episodes.findIndex((episode) => episode.score !== null && episode.score >= threshold);
  return index === -1 ? null : index + 1;
};
const finalImpact = (record: BenchRunRecord) => record.bestImpact ?? 0;
const mean = (numbers: readonly number[]) =>
  numbers.length === 0 ? Number.NaN : numbers.reduce((sum, value) => sum + value, 0) / numbers.length;
const limitPattern = /CPU limit|memory limit|wall-clock guard/;

interface Group {
  readonly directory: string;
  readonly policy: string;
  readonly arm: string;
  readonly records: BenchRunRecord[];
}

const groups = new Map<string, Group>();
const directories = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
for (const directory of directories) {
  for (const record of await readRecords(join(root, directory))) {
    const key = `${directory}\u0000${record.policy}\u0000${armName(record.arm)}`;
    const group = groups.get(key) ?? { directory, policy: record.policy, arm: armName(record.arm), records: [] };
    group.records.push(record);
    groups.set(key, group);
  }
}
if (groups.size === 0) {
  process.stderr.write(`code-sweep-report: no runs.jsonl under ${root}\n`);
  process.exit(2);
}

const fixed = (value: number, digits = 3) => (Number.isFinite(value) ? value.toFixed(digits) : '—');
console.log(`# ${root}\n\nHit: best sum of radii ≥ ${threshold}. Evaluations until the hit: median [quartiles] over the runs that hit.\n`);
console.log('| directory | policy | arm | runs | final impact | hit rate | evaluations until hit | buggy share | limit stops |');
console.log('|---|---|---|---:|---:|---:|---:|---:|---:|');
for (const group of groups.values()) {
  const hits = group.records.map(firstHit).filter((hit): hit is number => hit !== null);
  const episodes = group.records.flatMap((record) => record.episodes);
  const buggy = episodes.filter((episode) => episode.status === 'buggy').length;
  const limits = episodes.filter((episode) => episode.error !== null && limitPattern.test(episode.error)).length;
  const sorted = [...hits].sort((left, right) => left - right);
  const spread = hits.length === 0 ? '—' : `${quantile(sorted, 0.5)} [${quantile(sorted, 0.25)}, ${quantile(sorted, 0.75)}]`;
  console.log(
    `| ${group.directory} | ${group.policy} | ${group.arm} | ${group.records.length} | ${fixed(mean(group.records.map(finalImpact)))} | ${hits.length}/${group.records.length} | ${spread} | ${fixed(buggy / Math.max(1, episodes.length), 2)} | ${limits} |`,
  );
}

/** A paired comparison of two groups by seed: Δ mean final impact, Wilcoxon p, A12. */
function compare(label: string, treated: Group | undefined, control: Group | undefined) {
  if (treated === undefined || control === undefined) return undefined;
  const bySeed = new Map(control.records.map((record) => [record.seed, finalImpact(record)]));
  const pairs = treated.records.flatMap((record) =>
    bySeed.has(record.seed) ? [[finalImpact(record), bySeed.get(record.seed)!] as const] : [],
  );
  if (pairs.length < 2) return undefined;
  const treatedValues = pairs.map(([value]) => value);
  const controlValues = pairs.map(([, value]) => value);
  const p = wilcoxonSignedRank(treatedValues, controlValues).pValue;
  const [onlyTreated, onlyControl] = discordantHits(treated, control);
  return {
    label,
    pairs: pairs.length,
    delta: mean(treatedValues) - mean(controlValues),
    p,
    a12: varghaDelaneyA12(treatedValues, controlValues),
    onlyTreated,
    onlyControl,
    hitP: mcnemarExact(onlyTreated, onlyControl),
  };
}

/**
 * The exact two-sided McNemar test of paired hits (a seed hit under one arm and missed under the other): a binomial
 * test of the discordant seeds at one half. Written out because it is six lines and no dependency has it.
 */
function mcnemarExact(onlyTreated: number, onlyControl: number): number {
  const discordant = onlyTreated + onlyControl;
  if (discordant === 0) return 1;
  let tail = 0;
  for (let k = 0; k <= Math.min(onlyTreated, onlyControl); k += 1) tail += binomial(discordant, k) / 2 ** discordant;
  return Math.min(1, 2 * tail);
}
function binomial(n: number, k: number): number {
  let value = 1;
  for (let index = 1; index <= k; index += 1) value = (value * (n - k + index)) / index;
  return value;
}
/** Seeds that hit only under `treated`, and only under `control`. */
function discordantHits(treated: Group, control: Group): [number, number] {
  const hitOf = new Map(control.records.map((record) => [record.seed, firstHit(record) !== null]));
  let onlyTreated = 0;
  let onlyControl = 0;
  for (const record of treated.records) {
    const controlHit = hitOf.get(record.seed);
    if (controlHit === undefined) continue;
    const treatedHit = firstHit(record) !== null;
    if (treatedHit && !controlHit) onlyTreated += 1;
    if (!treatedHit && controlHit) onlyControl += 1;
  }
  return [onlyTreated, onlyControl];
}

const group = (directory: string, policy: string, arm: string) => groups.get(`${directory}\u0000${policy}\u0000${arm}`);
const family = [];
for (const policy of ['aide', 'mcts', 'evolutionary']) {
  for (const compliance of ['compliance-0.9', 'compliance-0'])
    family.push(
      compare(
        `${policy}: adaptive vs unshaped (${compliance})`,
        group(compliance, policy, 'adaptive'),
        group(compliance, policy, 'unshaped'),
      ),
    );
  for (const arm of ['unshaped', 'adaptive'])
    family.push(
      compare(
        `${policy}: ${arm} (compliance-0.9) vs independent`,
        group('compliance-0.9', policy, arm),
        group('independent', 'independent', 'unshaped'),
      ),
    );
}
const comparisons = family.filter((entry) => entry !== undefined);
const holm = holmAdjust(comparisons.map((entry) => entry.p));
const hitHolm = holmAdjust(comparisons.map((entry) => entry.hitP));
console.log(`\n## Paired comparisons (by seed; Holm over ${comparisons.length} for each outcome)\n`);
console.log('Final impact: Wilcoxon signed-rank. Hits: seeds that hit only under the first arm / only under the second, exact McNemar.\n');
console.log('| comparison | pairs | Δ final impact | p | Holm p | A12 | hits only first / only second | McNemar p | Holm p |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
comparisons.forEach((entry, index) =>
  console.log(
    `| ${entry.label} | ${entry.pairs} | ${entry.delta >= 0 ? '+' : ''}${fixed(entry.delta)} | ${fixed(entry.p)} | ${fixed(holm[index]!)} | ${fixed(entry.a12, 2)} | ${entry.onlyTreated} / ${entry.onlyControl} | ${fixed(entry.hitP)} | ${fixed(hitHolm[index]!)} |`,
  ),
);
