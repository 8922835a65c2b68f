/**
 * Leave-one-run-out H-creativity of the shared trajectories (`../shared/data/trajectories`): each run scored against
 * a corpus of all the other runs, and against an unrelated family's corpus (the cross-task ceiling: AI-Scientist-v2
 * runs against the AIDE/AIRA-dojo/OpenEvolve solutions, the others against the AI-Scientist-v2 solutions).
 * Prints a Markdown table.
 *
 *   npm run bench:corpus-loo
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importTrajectory, trajectoryReader } from 'boden/adapters/trajectory';
import { buildCorpus, createHCreativityScorer, scoreRunHCreativity, type HCreativityScore, type Corpus } from 'boden';

const root = fileURLToPath(new URL('../../shared/data/trajectories', import.meta.url));
if (!existsSync(root)) {
  console.error(`bench:corpus-loo needs the shared trajectories at ${root} (not part of a clone): nothing to do.`);
  process.exit(0);
}
const work = mkdtempSync(join(tmpdir(), 'boden-corpus-loo-'));
const inputs = readdirSync(root)
  .filter((name) => name !== 'SOURCES.tsv')
  .sort();
// The research idea of each input: its experiment directory in SOURCES.tsv (stages of one idea share it).
const idea = new Map<string, string>();
for (const line of readFileSync(join(root, 'SOURCES.tsv'), 'utf8').trim().split('\n').slice(1)) {
  const [file, , repo, path] = line.split('\t');
  // `<experiment dir>/logs/0-run/stage_...`, or `logs/0-run/...` in repositories that hold one idea.
  idea.set(file!.replace(/\/$/, ''), `${repo}/${/^(.*?)\/?logs\//.exec(path!)?.[1] ?? path}`);
}
const family = (name: string): 'aisv2' | 'other' => (name.startsWith('aisv2-') ? 'aisv2' : 'other');
const build = async (name: string, members: string[]) =>
  (
    await buildCorpus({
      trajectories: trajectoryReader,
      inputs: members.map((member) => join(root, member)),
      task: name,
      out: join(work, name),
    })
  ).corpus;
const ceilings: { aisv2: Corpus; other: Corpus } = {
  aisv2: await build(
    'ceiling-for-aisv2',
    inputs.filter((name) => family(name) !== 'aisv2'),
  ),
  other: await build(
    'ceiling-for-other',
    inputs.filter((name) => family(name) === 'aisv2'),
  ),
};
const mean = (values: number[]) => (values.length === 0 ? NaN : values.reduce((sum, value) => sum + value, 0) / values.length);
const fmt = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(3));
const rows: string[][] = [];
const all = {
  real: [] as HCreativityScore[],
  cross: [] as HCreativityScore[],
  aisv2: [] as HCreativityScore[],
  aisv2Cross: [] as HCreativityScore[],
};
for (const name of inputs) {
  const corpus = await build(
    `loo-${name}`,
    inputs.filter((other) => other !== name),
  );
  const ceiling = ceilings[family(name)];
  for (const run of await importTrajectory(join(root, name))) {
    const scores = await scoreRunHCreativity(run, createHCreativityScorer({ corpus }));
    const cross = await scoreRunHCreativity(run, createHCreativityScorer({ corpus: ceiling }));
    const sameIdea = scores.filter((score) => {
      const nearest = score.neighbours[0]?.id.split('/')[0];
      const source = inputs.find((input) => corpus.entry(score.neighbours[0]!.id)?.source.endsWith(input));
      return nearest !== undefined && source !== undefined && idea.get(source) === idea.get(name);
    }).length;
    all.real.push(...scores);
    all.cross.push(...cross);
    if (family(name) === 'aisv2') {
      all.aisv2.push(...scores);
      all.aisv2Cross.push(...cross);
    }
    rows.push([
      run.id,
      String(scores.length),
      fmt(mean(scores.map((score) => score.score))),
      fmt(mean(scores.map((score) => score.distance))),
      fmt(mean(cross.map((score) => score.score))),
      fmt(mean(cross.map((score) => score.distance))),
      scores.length === 0 ? '-' : `${sameIdea}/${scores.length}`,
      String(corpus.size),
      String(ceiling.size),
    ]);
  }
  await rm(join(work, `loo-${name}`), { recursive: true, force: true });
}
const summary = (label: string, real: HCreativityScore[], cross: HCreativityScore[]) => [
  label,
  String(real.length),
  fmt(mean(real.map((s) => s.score))),
  fmt(mean(real.map((s) => s.distance))),
  fmt(mean(cross.map((s) => s.score))),
  fmt(mean(cross.map((s) => s.distance))),
  '',
  '',
  '',
];
rows.push(summary('all AI-Scientist-v2 episodes', all.aisv2, all.aisv2Cross), summary('all episodes', all.real, all.cross));
console.log(
  '| run | episodes | mean H | mean distance | ceiling mean H | ceiling mean distance | nearest from the same idea | LOO corpus | ceiling corpus |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
console.log(
  `\nceiling corpora: for AI-Scientist-v2 runs, the ${ceilings.aisv2.size} solutions of the AIDE, AIRA-dojo and OpenEvolve runs; for the others, the ${ceilings.other.size} AI-Scientist-v2 solutions.`,
);
await rm(work, { recursive: true, force: true });
const histogram = (scores: HCreativityScore[]) =>
  [0, 1, 2, 3, 4].map((h) => `${h}: ${scores.filter((s) => s.score === h).length}`).join(', ');
console.log(`H histogram, LOO: ${histogram(all.real)}; ceiling: ${histogram(all.cross)}`);
