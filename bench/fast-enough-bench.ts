/**
 * Every target of "Fast enough" in one run, for one or more project trees side by side (e.g. this tree and a worktree
 * of the commit before the work began), so before and after come from the same machine under the same load; the
 * load average is printed before and after each measure. Each measure of each tree runs in its own process (live and
 * replay in `--rounds` processes per tree, the trees alternating, and the median of the rounds reported):
 * - live: a scorer and a rubric judge that have seen `--priors` episodes of the synthetic long run (the shared
 *   episodes, each copy renamed and some of its lines edited, so it carries over about as much of its code from
 *   earlier episodes as the shared runs do past their drafts: both are printed), then `--samples` new nodes each
 *   scored, judged and observed: p50 of `score()`, of the verdict, of both, and of `observe()`;
 * - judge: the rubric judge's verdict p50 and held memory (heap and typed arrays) at `--large` prior episodes
 *   (`bench:judge-scaling`'s child);
 * - replay: the shared runs replayed as `boden score` does (`scoreRunNovelty`), seven passes (each well under a
 *   second), each with a fresh concept extractor (so its line memo holds nothing of an earlier pass): the median's
 *   rate, and the first's (a cold process, as one `boden score` is);
 * - build: `--large` episodes scored and observed from scratch, one node made at a time so the run's texts are not
 *   held: wall time and how far the process's resident memory rose above its level before the run (the live run's
 *   memory is that rise plus the judge's memory at the same size);
 * - start-up: `boden --help` and `boden score <one file>` of the tree's build, interleaved, `--runs` each;
 * - demo: `boden demo` (its defaults) with a fresh memo and output directory until its first table line.
 *
 *   npm run build && npm run bench:fast-enough -- --trees .,tmp/before   # [--priors 10000] [--large 100000] [--samples 300] [--runs 15] [--rounds 3] [--only live,judge,...]
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { JudgedEpisode } from 'boden';
import { expandTrajectoryInputs, importTrajectory } from 'boden/adapters/trajectory';
import { machineLine, percentile } from './support/bench-measurements.js';
import {
  carriedOver,
  loadSharedEpisodes,
  sharedTrajectories,
  syntheticLongRun,
  syntheticNode,
  syntheticParents,
  type CarriedOver,
} from './support/synthetic-long-run.js';

const measureNames = ['live', 'judge', 'replay', 'build', 'startup', 'demo'] as const;
type MeasureName = (typeof measureNames)[number];

const { values } = parseArgs({
  options: {
    trees: { type: 'string', default: '.' },
    priors: { type: 'string', default: '10000' },
    large: { type: 'string', default: '100000' },
    samples: { type: 'string', default: '300' },
    runs: { type: 'string', default: '15' },
    rounds: { type: 'string', default: '3' },
    only: { type: 'string', default: measureNames.join(',') },
    child: { type: 'string' },
  },
});
const [priors, large, samples, runs, rounds] = [values.priors, values.large, values.samples, values.runs, values.rounds].map(Number) as [
  number,
  number,
  number,
  number,
  number,
];
for (const [name, value] of [
  ['--priors', priors],
  ['--large', large],
  ['--samples', samples],
  ['--runs', runs],
  ['--rounds', rounds],
] as const) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name}: expected a whole number ≥ 1, got ${String(value)}`);
}
const only = values.only.split(',') as MeasureName[];
for (const name of only)
  if (!measureNames.includes(name)) throw new Error(`--only: unknown measure ${name} (one of ${measureNames.join(', ')})`);
const trees = values.trees.split(',');

/** Imports `module` (a path under `src/`) from `tree`'s TypeScript sources. */
async function fromTree<T>(tree: string, module: string): Promise<T> {
  return (await import(pathToFileURL(resolve(tree, 'src', module)).href)) as T;
}

type Numbers = Record<string, number>;

/** score, verdict and observe p50 after `priors` episodes. */
async function measureLive(tree: string): Promise<Numbers> {
  const { createNoveltyScorer } = await fromTree<typeof import('boden')>(tree, 'scoring/novelty-scorer.ts');
  const { RubricJudge } = await fromTree<typeof import('boden')>(tree, 'judges/rubric-judge.ts');
  const episodes = await loadSharedEpisodes();
  const parents = syntheticParents(priors + samples);
  // Flat copies (JSON round trip), as a host's texts arrive, parsed from a message.
  const nodes: JudgedEpisode[] = Array.from({ length: priors + samples }, (_, index) => ({
    ...(JSON.parse(JSON.stringify(syntheticNode(episodes, index))) as { id: string; plan: string; code: string }),
    summary: null,
    parentEpisodeId: parents[index]!,
  }));
  const scorer = createNoveltyScorer();
  const judge = new RubricJudge();
  const earlier = nodes.slice(0, priors);
  for (const node of earlier) {
    await scorer.score(node);
    await scorer.observe(node, { valid: true });
  }
  // The judge's history is built by its first verdict; the samples judge against it as a live search does.
  judge.verdict({ runId: 'live', episode: nodes[priors]!, earlier });
  const [score, verdict, both, observe] = [0, 1, 2, 3].map(() => new Float64Array(samples));
  for (let index = 0; index < samples; index += 1) {
    const node = nodes[priors + index]!;
    const started = performance.now();
    await scorer.score(node);
    const scored = performance.now();
    judge.verdict({ runId: 'live', episode: node, earlier });
    const judged = performance.now();
    await scorer.observe(node, { valid: true });
    const observed = performance.now();
    earlier.push(node);
    score![index] = scored - started;
    verdict![index] = judged - scored;
    both![index] = judged - started;
    observe![index] = observed - judged;
  }
  return {
    scoreMs: percentile(score!, 0.5),
    verdictMs: percentile(verdict!, 0.5),
    bothMs: percentile(both!, 0.5),
    observeMs: percentile(observe!, 0.5),
  };
}

/** Episodes per second of the shared runs replayed as `boden score` does: the median of seven passes, and the first. */
async function measureReplay(tree: string): Promise<Numbers> {
  const { scoreRunNovelty } = await fromTree<typeof import('boden')>(tree, 'scoring/score-run-novelty.ts');
  const { expandTrajectoryInputs, importTrajectory } = (await import(
    pathToFileURL(resolve(tree, 'adapters/trajectory/index.ts')).href
  )) as typeof import('boden/adapters/trajectory');
  const runs = [];
  for (const input of await expandTrajectoryInputs([sharedTrajectories])) runs.push(...(await importTrajectory(input)));
  const { ConceptExtractor } = await fromTree<typeof import('boden')>(tree, 'concepts/concept-extractor.ts');
  const episodes = runs.reduce((sum, run) => sum + run.episodes.length, 0);
  const rates = new Float64Array(7);
  for (let pass = 0; pass < rates.length; pass += 1) {
    // Each pass with a fresh extractor: an extractor that memoises lines would otherwise hold every line of the runs
    // after the first pass, which a first reading of them never does.
    const extractor = new ConceptExtractor();
    const known = new Set(extractor.vocabulary.map((concept) => concept.id));
    const concepts = {
      extract: (input: { plan: string; code: string }) => extractor.extract(input),
      embedding: (id: string) => (known.has(id) ? extractor.conceptEmbedding(id) : undefined),
    };
    const started = performance.now();
    for (const run of runs) await scoreRunNovelty(run, { concepts });
    rates[pass] = episodes / ((performance.now() - started) / 1000);
  }
  return { episodesPerSecond: percentile(rates, 0.5), firstPass: rates[0]! };
}

/** Seconds to score and observe `large` episodes from scratch, and the peak resident memory. */
async function measureBuild(tree: string): Promise<Numbers> {
  const { createNoveltyScorer } = await fromTree<typeof import('boden')>(tree, 'scoring/novelty-scorer.ts');
  const episodes = await loadSharedEpisodes();
  const held = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const gc = (globalThis as { gc?: () => void }).gc!;
  gc();
  const baseRss = process.memoryUsage().rss;
  const baseHeld = held();
  const scorer = createNoveltyScorer();
  const started = performance.now();
  for (let index = 0; index < large; index += 1) {
    // Made one at a time and flat, as a live host sends them; dropped after observe.
    const node = JSON.parse(JSON.stringify(syntheticNode(episodes, index))) as { id: string; plan: string; code: string };
    await scorer.score(node);
    await scorer.observe(node, { valid: true });
  }
  const seconds = (performance.now() - started) / 1000;
  const peakRssBytes = process.resourceUsage().maxRSS * 1024;
  gc();
  // The scorer's JavaScript objects and typed arrays still alive after a full collection (the HNSW graph is native: in
  // the RSS only); the RSS peak above also holds the garbage V8 let pile up between collections.
  const heldBytes = held() - baseHeld;
  if (scorer.size !== large) throw new Error(`build: the scorer holds ${scorer.size} episodes, not ${large}`);
  return { seconds, peakRssBytes, baseRssBytes: baseRss, heldBytes };
}

/** The judge-scaling child's measurement at `large` priors. */
function measureJudge(tree: string): Numbers {
  const child = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      '--max-old-space-size=12000',
      '--import',
      'tsx',
      resolve('bench/judge-scaling-bench.ts'),
      '--child',
      '--trees',
      tree,
      '--priors',
      String(large),
      '--samples',
      String(samples),
    ],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  if (child.status !== 0) throw new Error(`judge at ${large} in ${tree}: exit ${child.status}\n${child.stderr}`);
  const result = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as { p50Ms: number; judgeBytes: number; buildSeconds: number };
  return { verdictMs: result.p50Ms, judgeBytes: result.judgeBytes, buildSeconds: result.buildSeconds };
}

/** `boden --help` and `boden score <file>` p50 wall, interleaved across the trees. */
function measureStartup(): Map<string, Numbers> {
  const file = resolve('examples/aide-tabular-run.journal.json');
  const commands = [
    { tree: '', label: 'bare', args: ['-e', '0'] },
    ...trees.flatMap((tree) => {
      const cli = resolve(tree, 'dist/src/cli/main.js');
      if (!existsSync(cli)) throw new Error(`startup: ${cli} does not exist (npm run build in ${tree} first)`);
      return [
        { tree, label: 'helpMs', args: [cli, '--help'] },
        { tree, label: 'scoreMs', args: [cli, 'score', file] },
      ];
    }),
  ];
  const times = commands.map(() => new Float64Array(runs));
  for (let run = 0; run < runs; run += 1) {
    commands.forEach((command, index) => {
      const started = performance.now();
      const result = spawnSync(process.execPath, command.args, {
        stdio: 'ignore',
        cwd: command.tree === '' ? undefined : resolve(command.tree),
      });
      times[index]![run] = performance.now() - started;
      if (result.status !== 0) throw new Error(`${command.args.join(' ')} exited ${result.status}`);
    });
  }
  const results = new Map<string, Numbers>(trees.map((tree) => [tree, { bareMs: percentile(times[0]!, 0.5) }]));
  commands.forEach((command, index) => {
    if (command.tree !== '') results.get(command.tree)![command.label] = percentile(times[index]!, 0.5);
  });
  return results;
}

/** Seconds until `boden demo`'s first table line, with a fresh memo and output directory. */
async function measureDemo(tree: string): Promise<Numbers> {
  const scratch = mkdtempSync(join(tmpdir(), 'boden-demo-'));
  try {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [resolve(tree, 'dist/src/cli/main.js'), 'demo', '--out', join(scratch, 'out'), '--memo', join(scratch, 'memo')],
      {
        cwd: resolve(tree),
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      },
    );
    let seen = '';
    const seconds = await new Promise<number>((resolvePromise, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        // The table's header row names its first columns.
        if (/^task\s+policy\s+arm\s+runs/m.test(seen)) resolvePromise((performance.now() - started) / 1000);
      });
      child.on('exit', (code) => reject(new Error(`demo in ${tree} exited ${code} before its table:\n${seen.slice(-2000)}`)));
    });
    process.kill(-child.pid!, 'SIGTERM');
    return { seconds };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (values.child !== undefined) {
  const [measure, tree] = values.child.split('@') as [MeasureName, string];
  const run = { live: measureLive, replay: measureReplay, build: measureBuild }[measure as 'live' | 'replay' | 'build'];
  console.log(JSON.stringify(await run(tree)));
  process.exit(0);
}

if ((await loadSharedEpisodes()).length === 0) {
  console.log(`fast-enough-bench needs the shared trajectories at ${sharedTrajectories} (not part of a clone): nothing to measure.`);
  process.exit(0);
}
for (const tree of trees)
  if (!existsSync(resolve(tree, 'src/scoring/novelty-scorer.ts'))) throw new Error(`--trees: ${tree} has no src/scoring/novelty-scorer.ts`);

/** One measure of one tree in its own process. */
function inChild(measure: MeasureName, tree: string): Numbers {
  const child = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      '--max-old-space-size=12000',
      '--import',
      'tsx',
      new URL(import.meta.url).pathname,
      '--child',
      `${measure}@${tree}`,
      '--priors',
      String(priors),
      '--large',
      String(large),
      '--samples',
      String(samples),
    ],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    },
  );
  if (child.status !== 0) throw new Error(`${measure} in ${tree}: exit ${child.status}\n${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as Numbers;
}

const results = new Map<string, Map<string, Numbers>>(trees.map((tree) => [tree, new Map()]));
console.log(machineLine());
{
  const sharedRuns = [];
  for (const input of await expandTrajectoryInputs([sharedTrajectories]))
    for (const run of await importTrajectory(input)) sharedRuns.push(run.episodes);
  const episodes = await loadSharedEpisodes();
  const synthetic = carriedOver([syntheticLongRun(episodes, priors + samples)], episodes.length);
  const shared = carriedOver(sharedRuns, 8);
  const describe = (carried: CarriedOver) =>
    `${(100 * carried.share).toFixed(0)} % of the code carried over, ${carried.newLinesPerEpisode.toFixed(0)} new lines an episode`;
  console.log(
    `workload: synthetic run of ${priors + samples} (past its first copy) ${describe(synthetic)}; shared runs past their 8th episode ${describe(shared)}`,
  );
}
for (const measure of only) {
  const started = performance.now();
  if (measure === 'startup') {
    for (const [tree, numbers] of measureStartup()) results.get(tree)!.set(measure, numbers);
  } else {
    // The short measures run in `--rounds` child processes per tree, the trees' order alternating, and report the
    // median of the rounds: one process's figure moves by a third from one to the next on this shared machine.
    const rounded = measure === 'live' || measure === 'replay';
    const byTree = new Map<string, Numbers[]>(trees.map((tree) => [tree, []]));
    for (let round = 0; round < (rounded ? rounds : 1); round += 1) {
      for (const tree of round % 2 === 0 ? trees : [...trees].reverse()) {
        byTree
          .get(tree)!
          .push(measure === 'judge' ? measureJudge(tree) : measure === 'demo' ? await measureDemo(tree) : inChild(measure, tree));
      }
    }
    for (const [tree, rows] of byTree) results.get(tree)!.set(measure, medianOfRounds(rows));
  }
  console.log(
    `${measure}: ${((performance.now() - started) / 1000).toFixed(0)} s; after it ${machineLine().replace(/^.*load average/, 'load average')}`,
  );
}

/** Each number's median over the rounds. */
function medianOfRounds(rows: readonly Numbers[]): Numbers {
  const keys = Object.keys(rows[0]!);
  return Object.fromEntries(
    keys.map((key) => [
      key,
      percentile(
        Float64Array.from(rows, (row) => row[key]!),
        0.5,
      ),
    ]),
  );
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
/** The table's rows: a measure, its target, and how to read a tree's numbers (undefined when not measured). */
const rows: { label: string; target: string; cell: (get: (measure: MeasureName) => Numbers | undefined) => string | undefined }[] = [
  {
    label: `score() + rubric verdict p50 at ${priors} priors`,
    target: '≤ 0.5 ms',
    cell: (get) => get('live') && `${get('live')!.bothMs!.toFixed(3)} ms`,
  },
  { label: `score() p50 at ${priors} priors`, target: '-', cell: (get) => get('live') && `${get('live')!.scoreMs!.toFixed(3)} ms` },
  {
    label: `observe() p50 at ${priors} priors`,
    target: '≤ 0.25 ms',
    cell: (get) => get('live') && `${get('live')!.observeMs!.toFixed(3)} ms`,
  },
  {
    label: `rubric verdict p50 at ${priors} / ${large} priors`,
    target: '≤ 0.3 / 0.5 ms',
    cell: (get) =>
      (get('live') ?? get('judge')) && `${get('live')?.verdictMs?.toFixed(3) ?? '-'} / ${get('judge')?.verdictMs?.toFixed(3) ?? '-'} ms`,
  },
  {
    label: `rubric judge memory (heap + typed arrays) at ${large} priors`,
    target: '≤ 200 MB',
    cell: (get) => get('judge') && mb(get('judge')!.judgeBytes!),
  },
  {
    label: 'replay of the shared runs (one core)',
    target: '≥ 5,000 episodes/s',
    cell: (get) =>
      get('replay') && `${Math.round(get('replay')!.episodesPerSecond!)} /s (first pass ${Math.round(get('replay')!.firstPass!)})`,
  },
  {
    label: `building a ${large}-episode run from scratch`,
    target: '≤ 60 s',
    cell: (get) => get('build') && `${get('build')!.seconds!.toFixed(0)} s`,
  },
  {
    label: '`boden --help` / `boden score <one file>` p50 wall',
    target: '≤ 150 / 400 ms',
    cell: (get) =>
      get('startup') &&
      `${get('startup')!.helpMs!.toFixed(0)} / ${get('startup')!.scoreMs!.toFixed(0)} ms (node -e 0: ${get('startup')!.bareMs!.toFixed(0)})`,
  },
  {
    label: '`boden demo` until its first table line, cold memo',
    target: '≤ 60 s',
    cell: (get) => get('demo') && `${get('demo')!.seconds!.toFixed(0)} s`,
  },
  {
    label: `memory of a live run of ${large} episodes (scorer's peak RSS rise + judge memory)`,
    target: '≤ 250 MB',
    cell: (get) => {
      const [build, judge] = [get('build'), get('judge')];
      if (build === undefined || judge === undefined) return undefined;
      const rise = build.peakRssBytes! - build.baseRssBytes!;
      return `${mb(rise + judge.judgeBytes!)} (scorer's RSS rise ${mb(rise)} over ${mb(build.baseRssBytes!)}, of it JS held after a full GC ${build.heldBytes === undefined ? '-' : build.heldBytes < 1024 * 1024 ? '< 1 MB' : mb(build.heldBytes)}; judge ${mb(judge.judgeBytes!)})`;
    },
  },
];
console.log(`\n| measure | target | ${trees.join(' | ')} |\n|---|---|${trees.map(() => '---:').join('|')}|`);
for (const row of rows) {
  const cells = trees.map((tree) => row.cell((measure) => results.get(tree)!.get(measure)) ?? 'not measured');
  console.log(`| ${row.label} | ${row.target} | ${cells.join(' | ')} |`);
}
console.log(`\n${machineLine()}`);
