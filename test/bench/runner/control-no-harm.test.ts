import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createBenchEvaluator } from '../../../bench/env/bench-evaluator.js';
import { createEvaluationPool } from '../../../bench/env/evaluation-pool.js';
import type { BenchArm } from '../../../bench/runner/bench-policy.js';
import { runBenchRun } from '../../../bench/runner/run-bench-run.js';
import { loadBenchTaskCard } from '../../../bench/cards/bench-task-card.js';
import { projectRoot } from '../../support/shared-data.js';
import { useTemporaryDirectory } from '../../support/temporary-directory.js';

// Issue #35: on a control task (the agent's favourite family is also the best) neither the quality-diversity archive
// nor the gate may cost AIDE more than 0.02 mean final impact. The simulated agent at its default compliance, fixed
// seeds, 40 episodes, as `boden bench` runs them. The pipelines' cross-validated scores come from a committed
// evaluation memo (test/fixtures/control-evaluation-memo.jsonl.gz, written by this test's runs), so CI does not
// cross-validate ~900 pipelines; a pipeline the memo lacks (a changed agent or evaluation) is evaluated as usual.
// `BODEN_CONTROL_MEMO=DIR npx vitest run test/bench/runner/control-no-harm.test.ts` rewrites the fixture from the
// memo directory DIR (e.g. a sweep's tmp/bench-memo), keeping only the entries these runs read.
const seeds = [1, 2, 3, 4, 5, 6];
const margin = 0.02;
const fixture = join(projectRoot, 'test', 'fixtures', 'control-evaluation-memo.jsonl.gz');

const rewriteFrom = process.env.BODEN_CONTROL_MEMO;
const memoDirectory = rewriteFrom ?? useTemporaryDirectory('boden-control-memo-');
if (rewriteFrom === undefined && existsSync(fixture)) {
  for (const line of gunzipSync(readFileSync(fixture)).toString('utf8').split('\n')) {
    if (line.trim() === '') continue;
    const entry = JSON.parse(line) as { key: string };
    writeFileSync(join(memoDirectory, `${entry.key}.json`), `${line}\n`);
  }
}
// One worker: test files run beside each other on two cores.
const pool = createEvaluationPool({ size: 1, timeoutMs: 120_000 });
const memoEvaluator = createBenchEvaluator({ pool, memoDirectory });
const used = new Set<string>();
const evaluator: typeof memoEvaluator = {
  ...memoEvaluator,
  async evaluate(task, config) {
    const evaluation = await memoEvaluator.evaluate(task, config);
    used.add(evaluation.memoKey);
    return evaluation;
  },
};
afterAll(async () => {
  await pool.close();
  if (rewriteFrom === undefined) return;
  const lines = [...used].sort().flatMap((key) => {
    const file = join(rewriteFrom, `${key}.json`);
    return existsSync(file) ? [readFileSync(file, 'utf8').trim()] : [];
  });
  writeFileSync(fixture, gzipSync(`${lines.join('\n')}\n`, { level: 9 }));
});

const arms: Record<string, BenchArm> = {
  unshaped: { strength: 0, schedule: 'none' },
  qd: { strength: 0, schedule: 'none', qd: true },
  gate: { strength: 0, schedule: 'none', gate: true },
};

/** Mean final impact of AIDE under each arm over the seeds. */
async function meanFinalImpacts(taskName: string): Promise<Record<string, number>> {
  const task = await loadBenchTaskCard(taskName);
  const means: Record<string, number> = {};
  for (const [name, arm] of Object.entries(arms)) {
    let sum = 0;
    for (const seed of seeds) sum += (await runBenchRun({ task, policy: 'aide', arm, seed, episodes: 40, evaluator })).bestImpact ?? 0;
    means[name] = sum / seeds.length;
  }
  return means;
}

describe('the archive and the gate do no harm on a control task (AIDE, simulated agent, seeds 1-6, 40 episodes)', () => {
  // boston: boosting and forests, the agent's favourites, are best; seattle-weather (classification): boosting is.
  for (const taskName of ['boston', 'seattle-weather']) {
    it(`${taskName}: qd and gate within ${margin} of unshaped in mean final impact`, async () => {
      const means = await meanFinalImpacts(taskName);
      const report = JSON.stringify(means);
      expect(means.qd!, report).toBeGreaterThanOrEqual(means.unshaped! - margin);
      expect(means.gate!, report).toBeGreaterThanOrEqual(means.unshaped! - margin);
    }, 1_800_000);
  }
});
