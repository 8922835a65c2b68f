/**
 * This sweep's runs against `../final-v2`'s of the same task, policy, arm, compliance and seed: for each row, how many
 * runs ended at the same final impact, the mean change of final impact (new − committed) with a paired Wilcoxon p,
 * and each sweep's Δ against its own unshaped arm.
 *
 *   npx tsx bench/results/program-signals/compare-with-final-v2.ts
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { wilcoxonSignedRank } from '../../../src/index.js';
import { armName } from '../../runner/bench-policy.js';
import { BenchRunRecordSchema, type BenchRunRecord } from '../../runner/bench-run-record.js';

const here = new URL('.', import.meta.url).pathname;
const committed = new URL('../final-v2/', import.meta.url).pathname;

function records(directory: string): BenchRunRecord[] {
  const plain = join(directory, 'runs.jsonl');
  const text = existsSync(plain) ? readFileSync(plain, 'utf8') : gunzipSync(readFileSync(`${plain}.gz`)).toString('utf8');
  return text.split('\n').filter((line) => line.trim() !== '').map((line) => BenchRunRecordSchema.parse(JSON.parse(line)));
}

/** Final impact by `policy/arm` and seed. */
function finalImpacts(list: readonly BenchRunRecord[]): Map<string, Map<number, number>> {
  const byRow = new Map<string, Map<number, number>>();
  for (const record of list) {
    const row = `${record.policy}/${armName(record.arm)}`;
    const seeds = byRow.get(row) ?? new Map<number, number>();
    byRow.set(row, seeds);
    seeds.set(record.seed, record.bestImpact ?? 0);
  }
  return byRow;
}

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const signed = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(3)}`;

console.log('| task | compliance | policy | arm | runs | same final impact | new − committed | p (Wilcoxon) | Δ vs unshaped: committed | Δ vs unshaped: new |');
console.log('|---|---|---|---|---:|---:|---:|---:|---:|---:|');
for (const task of readdirSync(here, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort()) {
  for (const compliance of readdirSync(join(here, task)).sort()) {
    const fresh = finalImpacts(records(join(here, task, compliance)));
    const old = finalImpacts(records(join(committed, task, compliance)));
    for (const [row, seeds] of fresh) {
      const [policy, arm] = row.split('/') as [string, string];
      const before = old.get(row);
      const unshapedNew = fresh.get(`${policy}/unshaped`);
      const unshapedOld = old.get(`${policy}/unshaped`);
      if (before === undefined || unshapedNew === undefined || unshapedOld === undefined) continue;
      const paired = [...seeds.keys()].filter((seed) => before.has(seed) && unshapedNew.has(seed) && unshapedOld.has(seed)).sort((a, b) => a - b);
      const now = paired.map((seed) => seeds.get(seed)!);
      const then = paired.map((seed) => before.get(seed)!);
      const same = paired.filter((seed) => Math.abs(seeds.get(seed)! - before.get(seed)!) < 1e-12).length;
      const change = mean(now) - mean(then);
      const p = same === paired.length || paired.length < 2 ? 1 : wilcoxonSignedRank(now, then).pValue;
      const delta = (impacts: ReadonlyMap<number, number>, unshaped: ReadonlyMap<number, number>) => mean(paired.map((seed) => impacts.get(seed)! - unshaped.get(seed)!));
      const versus = arm === 'unshaped' ? ['-', '-'] : [signed(delta(before, unshapedOld)), signed(delta(seeds, unshapedNew))];
      console.log(`| ${task} | ${compliance.replace('compliance-', '')} | ${policy} | ${arm} | ${paired.length} | ${same} | ${signed(change)} | ${p.toFixed(3)} | ${versus[0]} | ${versus[1]} |`);
    }
  }
}
