/**
 * How the rubric judge scales with the run: for each `--priors` n, a judge builds the history of n episodes of the
 * synthetic long run (the shared episodes, each copy renamed and some lines edited, as `bench:score` uses), then
 * judges `--samples` more one by one as a live search does (each against all earlier ones), and reports the verdict
 * p50/p95, the build time and the memory the judge holds (heap and typed arrays' buffers with it minus without it,
 * each after a full GC; the episodes are the caller's and alive in both). Parents follow an AIDE-like pattern from a fixed seed: half the previous episode, a third one of the
 * latest 64, the rest any earlier episode. `--trees` takes several project trees (e.g. a worktree of an older
 * commit), each n and tree in its own process, so before and after come from one run on one machine; the load
 * average is printed before and after.
 *
 *   npm run bench:judge-scaling  # = tsx bench/judge-scaling-bench.ts [--priors 1000,10000,100000] [--samples 300] [--trees .,../old]
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { JudgedEpisode } from 'boden';
import { machineLine, percentile } from './support/bench-measurements.js';
import { loadSharedEpisodes, sharedTrajectories, syntheticLongRun, syntheticParents } from './support/synthetic-long-run.js';

const { values } = parseArgs({
  options: {
    priors: { type: 'string', default: '1000,10000,100000' },
    samples: { type: 'string', default: '300' },
    trees: { type: 'string', default: '.' },
    child: { type: 'boolean', default: false },
  },
});
const priorCounts = values.priors.split(',').map(Number);
const samples = Number(values.samples);
for (const count of [...priorCounts, samples])
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`--priors/--samples: expected whole numbers ≥ 1, got ${values.priors} / ${values.samples}`);

/** One child's measurement, printed as a JSON line. */
interface Measurement {
  readonly tree: string;
  readonly priors: number;
  readonly buildSeconds: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly judgeBytes: number;
}

if (values.child) {
  console.log(JSON.stringify(await measure(values.trees, priorCounts[0]!)));
} else {
  if ((await loadSharedEpisodes()).length === 0) {
    console.log(`judge-scaling-bench needs the shared trajectories at ${sharedTrajectories} (not part of a clone): nothing to measure.`);
    process.exit(0);
  }
  const trees = values.trees.split(',');
  for (const tree of trees)
    if (!existsSync(resolve(tree, 'src/judges/rubric-judge.ts'))) throw new Error(`--trees: ${tree} has no src/judges/rubric-judge.ts`);
  console.log(machineLine());
  console.log(
    '\n| tree | prior episodes | build s | verdict p50 ms | p95 ms | judge memory MB (heap + typed arrays) | KB per episode more than the row before |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  // The memory has a fixed part (cached profiles) and a part per episode: the growth between sizes is the latter.
  const previous = new Map<string, Measurement>();
  for (const priors of priorCounts) {
    for (const tree of trees) {
      const child = spawnSync(
        process.execPath,
        [
          '--expose-gc',
          '--max-old-space-size=12000',
          '--import',
          'tsx',
          new URL(import.meta.url).pathname,
          '--child',
          '--trees',
          tree,
          '--priors',
          String(priors),
          '--samples',
          String(samples),
        ],
        { encoding: 'utf8', maxBuffer: 1 << 24 },
      );
      if (child.status !== 0) throw new Error(`measuring ${tree} at ${priors}: exit ${child.status}\n${child.stderr}`);
      const result = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as Measurement;
      const before = previous.get(tree);
      const growth =
        before === undefined ? '-' : ((result.judgeBytes - before.judgeBytes) / 1024 / (result.priors - before.priors)).toFixed(2);
      previous.set(tree, result);
      console.log(
        `| ${tree} | ${priors} | ${result.buildSeconds.toFixed(1)} | ${result.p50Ms.toFixed(3)} | ${result.p95Ms.toFixed(3)} | ${(result.judgeBytes / 1024 / 1024).toFixed(1)} | ${growth} |`,
      );
    }
  }
  console.log(`\n${machineLine()}`);
}

async function measure(tree: string, priors: number): Promise<Measurement> {
  const { RubricJudge } = (await import(pathToFileURL(resolve(tree, 'src/judges/rubric-judge.ts')).href)) as typeof import('boden');
  const parents = syntheticParents(priors + samples);
  // Flat copies (JSON round trip), so the judge's reading of the texts allocates nothing the episodes did not have.
  const nodes: JudgedEpisode[] = syntheticLongRun(await loadSharedEpisodes(), priors + samples).map((node, index) => ({
    ...(JSON.parse(JSON.stringify(node)) as typeof node),
    summary: null,
    parentEpisodeId: parents[index]!,
  }));
  const gc = (globalThis as { gc?: () => void }).gc!;
  let judge: InstanceType<typeof RubricJudge> | undefined = new RubricJudge();
  const earlier = nodes.slice(0, priors);
  let started = performance.now();
  judge.verdict({ runId: 'long', episode: nodes[priors]!, earlier });
  const buildSeconds = (performance.now() - started) / 1000;
  earlier.push(nodes[priors]!);
  const times = new Float64Array(samples - 1);
  for (let index = 1; index < samples; index += 1) {
    const episode = nodes[priors + index]!;
    started = performance.now();
    judge.verdict({ runId: 'long', episode, earlier });
    times[index - 1] = performance.now() - started;
    earlier.push(episode);
  }
  // What the judge holds: the heap and the typed arrays' buffers (outside the heap) with it minus without it, the
  // episodes alive in both.
  const held = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  gc();
  const withJudge = held();
  judge = undefined;
  gc();
  const judgeBytes = withJudge - held();
  return { tree, priors, buildSeconds, p50Ms: percentile(times, 0.5), p95Ms: percentile(times, 0.95), judgeBytes };
}
