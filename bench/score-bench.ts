/**
 * Online scoring benchmark: replays every shared trajectory through `scoreRunNovelty` (a fresh default scorer per
 * run: HashingEmbedder, AutoVectorIndex, the six metrics and the duplicate check) and prints episodes per second;
 * then synthesises a long run by concatenating the shared episodes (each copy renamed so its code differs) and
 * times `score()` of one new node after 1k and 10k prior episodes (p50/p95), with its parts.
 *
 *   npm run bench:score            # = tsx bench/score-bench.ts [--samples 300] [--priors 1000,10000]
 */
import { availableParallelism, cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { expandTrajectoryInputs, importTrajectory } from 'boden/adapters/trajectory';
import { createNoveltyScorer, scoreRunNovelty } from 'boden';
import { sharedTrajectories, syntheticLongRun } from './support/synthetic-long-run.js';

const { values } = parseArgs({
  options: { samples: { type: 'string', default: '300' }, priors: { type: 'string', default: '1000,10000' } },
});
const samples = Number(values.samples);
const priorCounts = values.priors.split(',').map(Number);

console.log(
  `machine: ${availableParallelism()} cores, ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, load ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);
const runs = [];
for (const input of await expandTrajectoryInputs([sharedTrajectories])) runs.push(...(await importTrajectory(input)));
const episodes = runs.flatMap((run) => run.episodes);

// Replay: every run scored as a finished run, as `boden score` does.
let start = performance.now();
for (const run of runs) await scoreRunNovelty(run);
const seconds = (performance.now() - start) / 1000;
console.log(
  `\nreplay of ${runs.length} shared runs: ${episodes.length} episodes in ${seconds.toFixed(2)} s = ${Math.round(episodes.length / seconds)} episodes/s (score + observe, all metrics)\n`,
);

const synthetic = (count: number) => syntheticLongRun(episodes, count);

console.log('| prior episodes | index | score() p50 ms | p95 ms | embedding p50 ms | metrics p50 ms | observe() p50 ms |');
console.log('|---:|---|---:|---:|---:|---:|---:|');
for (const priors of priorCounts) {
  const nodes = synthetic(priors + samples);
  const scorer = createNoveltyScorer();
  start = performance.now();
  for (const node of nodes.slice(0, priors)) {
    await scorer.score(node);
    await scorer.observe(node, { valid: true });
  }
  const warmSeconds = (performance.now() - start) / 1000;
  const total: number[] = [];
  const embedding: number[] = [];
  const metrics: number[] = [];
  const observe: number[] = [];
  for (const node of nodes.slice(priors)) {
    const score = await scorer.score(node);
    total.push(score.timing.totalMs);
    embedding.push(score.timing.embeddingMs);
    metrics.push(score.timing.metricsMs);
    const observeStart = performance.now();
    await scorer.observe(node, { valid: true });
    observe.push(performance.now() - observeStart);
  }
  const kind = priors + samples > 1000 ? 'auto (HNSW)' : 'auto (exact)';
  console.log(
    `| ${priors} | ${kind} | ${quantile(total, 0.5)} | ${quantile(total, 0.95)} | ${quantile(embedding, 0.5)} | ${quantile(metrics, 0.5)} | ${quantile(observe, 0.5)} |`,
  );
  console.error(`(building ${priors} prior episodes took ${warmSeconds.toFixed(1)} s)`);
}

function quantile(values: number[], q: number): string {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(3);
}
