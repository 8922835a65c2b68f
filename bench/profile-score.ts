/**
 * Where `score()` spends its time: a CPU profile (V8's sampling profiler through `node:inspector`) of `score()` of
 * new nodes after `--priors` prior episodes of the synthetic long run `bench:score` uses (the shared episodes
 * concatenated, each copy renamed), with the self time of every sampled frame put into the part of the pipeline its
 * source file or native function belongs to. Shares of one run are comparable across machines and loads; absolute
 * milliseconds are not. So the next change to the scorer is measured, not guessed.
 *
 * With `--judge`, every sample is `score()` and then the rubric judge's verdict on the same node (parents as
 * `bench:judge-scaling` draws them), the whole online cost "Fast enough" targets.
 *
 *   npm run profile:score          # = tsx bench/profile-score.ts [--priors 10000] [--samples 300] [--top 15] [--judge]
 */
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { type JudgedEpisode, RubricJudge, createNoveltyScorer } from 'boden';
import { machineLine } from './support/bench-measurements.js';
import { loadSharedEpisodes, sharedTrajectories, syntheticLongRun, syntheticParents } from './support/synthetic-long-run.js';

const { values } = parseArgs({
  options: {
    priors: { type: 'string', default: '10000' },
    samples: { type: 'string', default: '300' },
    top: { type: 'string', default: '15' },
    judge: { type: 'boolean', default: false },
  },
});
const [priors, samples, top] = [Number(values.priors), Number(values.samples), Number(values.top)];
for (const [name, value] of [
  ['--priors', priors],
  ['--samples', samples],
  ['--top', top],
] as const) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name}: expected a whole number ≥ 1, got ${String(value)}`);
}
const episodes = await loadSharedEpisodes();
if (episodes.length === 0) {
  console.log(`profile-score needs the shared trajectories at ${sharedTrajectories} (not part of a clone): nothing to profile.`);
  process.exit(0);
}
console.log(machineLine());
const parents = syntheticParents(priors + samples);
const nodes: JudgedEpisode[] = syntheticLongRun(episodes, priors + samples).map((node, index) => ({
  ...node,
  summary: null,
  parentEpisodeId: parents[index]!,
}));
const scorer = createNoveltyScorer();
const judge = values.judge ? new RubricJudge() : null;
const earlier = nodes.slice(0, priors);
const building = performance.now();
for (const node of earlier) {
  await scorer.score(node);
  await scorer.observe(node, { valid: true });
}
// The judge's history is built by its first verdict, outside the profile.
judge?.verdict({ runId: 'long', episode: nodes[priors]!, earlier });
const what = judge === null ? 'score()' : "score() and the rubric judge's verdict";
console.log(
  `built ${priors} prior episodes in ${((performance.now() - building) / 1000).toFixed(1)} s; profiling ${what} of ${samples} new nodes\n`,
);

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 50 });
await session.post('Profiler.start');
for (const node of nodes.slice(priors)) {
  await scorer.score(node);
  if (judge !== null) {
    judge.verdict({ runId: 'long', episode: node, earlier });
    earlier.push(node);
  }
}
const { profile } = await session.post('Profiler.stop');
session.disconnect();

/**
 * The part of the pipeline a frame belongs to, from its function name and source file (first rule that matches); a
 * native frame (HNSW's search, a hash) counts where the nearest caller with a source file does.
 */
const parts: readonly [string, (frame: { functionName: string; url: string }) => boolean][] = [
  ['rubric judge (profiles, line comparison, rules)', ({ url }) => url.includes('/src/judges/')],
  ['vector index search (HNSW or exact; native included)', ({ url }) => url.includes('/src/vector-index/')],
  ['concept extraction', ({ url }) => url.includes('/src/concepts/')],
  [
    'tokenising plan and code',
    ({ url }) =>
      /\/src\/embedder\/(code-scanner|code-tokenizer|plan-tokenizer|identifier-|split-identifier|ascii-bytes|character-flags|python-import-aliases|string-hash|code-language)/.test(
        url,
      ),
  ],
  ['TF-IDF weighting and embedding', ({ url }) => url.includes('/src/embedder/')],
  [
    'duplicate fingerprint (normalise code, sha256)',
    ({ url }) => /normalise-code|unique-code-metric|node:crypto|internal\/crypto/.test(url),
  ],
  ['novelty metrics', ({ url }) => url.includes('/src/metrics/')],
  ['scorer glue', ({ url }) => url.includes('/src/scoring/')],
  ['garbage collection', ({ functionName }) => functionName === '(garbage collector)'],
  ['idle / program', ({ functionName }) => functionName === '(idle)' || functionName === '(program)' || functionName === '(root)'],
  ['other', () => true],
];
const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const special = new Set(['(garbage collector)', '(idle)', '(program)', '(root)']);
/** The frame a sample is put in a part by: its own, or for a native frame its nearest caller with a source file. */
const attributedFrame = (id: number) => {
  let node = byNode.get(id)!;
  while (node.callFrame.url === '' && !special.has(node.callFrame.functionName) && parentOf.has(node.id))
    node = byNode.get(parentOf.get(node.id)!)!;
  return node.callFrame.url === ''
    ? byNode.get(id)!.callFrame
    : { ...node.callFrame, functionName: byNode.get(id)!.callFrame.functionName };
};
const hits = new Map<number, number>();
for (const sample of profile.samples ?? []) hits.set(sample, (hits.get(sample) ?? 0) + 1);
const deltas = profile.timeDeltas ?? [];
const sampleMicroseconds = deltas.length === 0 ? 0 : deltas.reduce((sum, delta) => sum + delta, 0) / deltas.length;
const partTime = new Map<string, number>();
const functionTime = new Map<string, number>();
let total = 0;
for (const [id, count] of hits) {
  const { callFrame } = byNode.get(id)!;
  const [part] = parts.find(([, matches]) => matches(attributedFrame(id)))!;
  const micros = count * sampleMicroseconds;
  total += micros;
  partTime.set(part, (partTime.get(part) ?? 0) + micros);
  // Line numbers are the transpiled module's, so only the file is named.
  const where =
    callFrame.url === ''
      ? `(native, from ${attributedFrame(id).url.replace(/^.*\/(src|adapters|bench|node_modules)\//, '$1/') || 'V8'})`
      : callFrame.url.replace(/^.*\/(src|adapters|bench|node_modules)\//, '$1/');
  const name = `${callFrame.functionName || '(anonymous)'} ${where}`;
  functionTime.set(name, (functionTime.get(name) ?? 0) + micros);
}
const share = (micros: number) => `${((100 * micros) / Math.max(1, total)).toFixed(1)} %`;
const perScore = (micros: number) => (micros / 1000 / samples).toFixed(3);
console.log(`| part of score() (self time of the sampled frames) | ms per score() | share |`);
console.log('|---|---:|---:|');
for (const [part] of parts) {
  const micros = partTime.get(part) ?? 0;
  if (micros > 0) console.log(`| ${part} | ${perScore(micros)} | ${share(micros)} |`);
}
console.log(`| all | ${perScore(total)} | 100 % |`);
console.log(`\n| top ${top} functions by self time | ms per score() | share |`);
console.log('|---|---:|---:|');
for (const [name, micros] of [...functionTime].sort(([, a], [, b]) => b - a).slice(0, top))
  console.log(`| \`${name}\` | ${perScore(micros)} | ${share(micros)} |`);
console.log(`\n${machineLine()}`);
