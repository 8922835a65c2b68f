/**
 * Embedder and concept-extraction benchmark on one core: embeds every (plan, code) pair of the shared
 * trajectories (AIDE and AI-Scientist-v2 journal nodes, AIRA-dojo JSON lines, OpenEvolve programs with
 * `metadata.changes` as the plan), cycled to at least `--documents` documents, and prints episodes per second
 * (per wall-clock and per CPU second of this single-threaded process) for `HashingEmbedder.embedOne` (IDF
 * learned), for embed-then-observe in run order (what online scoring does) and for
 * `ConceptExtractor.extract`. Then, as a check on what the speed buys, the Spearman correlation of
 * nearest-neighbour novelty with the reference labels of `data/labels/dev.jsonl`.
 *
 *   npx tsx bench/embedder-bench.ts [--documents 20000] [--dimensions 512] [--no-quality]
 */
import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ConceptExtractor, type EmbeddingInput, HashingEmbedder, type HashingEmbedderOptions, spearman } from 'boden';

const { values } = parseArgs({
  options: {
    documents: { type: 'string', default: '20000' },
    dimensions: { type: 'string', default: '512' },
    'no-quality': { type: 'boolean', default: false },
  },
});
const minimumDocuments = Number(values.documents);
const dimensions = Number(values.dimensions);
const dataDirectory = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared', 'data');
const trajectoryDirectory = join(dataDirectory, 'trajectories');

const corpus = readCorpus();
const documents = Array.from(
  { length: Math.ceil(minimumDocuments / corpus.length) * corpus.length },
  (_, index) => corpus[index % corpus.length]!,
);
const averageCharacters = corpus.reduce((sum, input) => sum + input.plan.length + input.code.length, 0) / corpus.length;

console.log(
  `machine: ${availableParallelism()} cores (availableParallelism), ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`,
);
console.log(
  `load average before: ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);
console.log(
  `corpus: ${corpus.length} (plan, code) pairs, ${Math.round(averageCharacters)} characters on average; ${documents.length} documents per pass\n`,
);
console.log('| what | documents | wall s | per wall second | CPU s | per CPU second | p50 µs | p95 µs |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');

const embedder = new HashingEmbedder({ dimensions });
embedder.observe(corpus);
report(
  'HashingEmbedder.embedOne (IDF learned from the corpus)',
  time(documents, (input) => embedder.embedOne(input)),
);
let runEmbedder = new HashingEmbedder({ dimensions });
report(
  'embedOne + observe, in run order (online IDF; fresh run per corpus pass)',
  time(documents, (input, index) => {
    if (index % corpus.length === 0) runEmbedder = runEmbedder.fork();
    runEmbedder.embedOne(input);
    runEmbedder.observe([input]);
  }),
);
const extractor = new ConceptExtractor();
report(
  'ConceptExtractor.extract (plan + code)',
  time(documents, (input) => extractor.extract(input)),
);
console.log(
  `\nload average after: ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);

if (!values['no-quality']) await quality();

/** Every non-empty (plan, code) pair of the shared trajectories. */
function readCorpus(): EmbeddingInput[] {
  const inputs: EmbeddingInput[] = [];
  const add = (plan: unknown, code: unknown): void => {
    const input = { plan: typeof plan === 'string' ? plan : '', code: typeof code === 'string' ? code : '' };
    if (input.plan !== '' || input.code !== '') inputs.push(input);
  };
  for (const entry of readdirSync(trajectoryDirectory, { withFileTypes: true })) {
    const path = join(trajectoryDirectory, entry.name);
    if (entry.name.endsWith('.journal.json')) {
      for (const node of (JSON.parse(readFileSync(path, 'utf8')) as { nodes: { plan?: unknown; code?: unknown }[] }).nodes)
        add(node.plan, node.code);
    } else if (entry.name.endsWith('.journal.jsonl')) {
      for (const line of readFileSync(path, 'utf8').split('\n')) {
        if (line.trim() === '') continue;
        const node = JSON.parse(line) as { plan?: unknown; code?: unknown };
        add(node.plan, node.code);
      }
    } else if (entry.isDirectory()) {
      const programs = join(path, 'programs');
      for (const file of readdirSync(programs).filter((name) => name.endsWith('.json'))) {
        const program = JSON.parse(readFileSync(join(programs, file), 'utf8')) as { code?: unknown; metadata?: { changes?: unknown } };
        add(program.metadata?.changes, program.code);
      }
    }
  }
  return inputs;
}

interface Timing {
  readonly count: number;
  readonly seconds: number;
  /** CPU time of the process (all its threads, so garbage collection too): robust to a busy machine. */
  readonly cpuSeconds: number;
  readonly latencies: Float64Array;
}

/** Runs `work` once over the corpus to warm up, then times it on every document. */
function time(inputs: readonly EmbeddingInput[], work: (input: EmbeddingInput, index: number) => void): Timing {
  corpus.forEach((input, index) => work(input, index));
  const latencies = new Float64Array(inputs.length);
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (let index = 0; index < inputs.length; index += 1) {
    const before = process.hrtime.bigint();
    work(inputs[index]!, index);
    latencies[index] = Number(process.hrtime.bigint() - before) / 1000;
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const cpu = process.cpuUsage(cpuStart);
  return { count: inputs.length, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, latencies };
}

function report(what: string, timing: Timing): void {
  const sorted = timing.latencies.slice().sort();
  const percentile = (fraction: number): number => sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
  const rate = (seconds: number): string => Math.round(timing.count / seconds).toLocaleString('en-US');
  console.log(
    `| ${what} | ${timing.count.toLocaleString('en-US')} | ${timing.seconds.toFixed(2)} | ${rate(timing.seconds)} | ${timing.cpuSeconds.toFixed(2)} | ` +
      `${rate(timing.cpuSeconds)} | ${percentile(0.5).toFixed(0)} | ${percentile(0.95).toFixed(0)} |`,
  );
}

/** Spearman ρ of nearest-neighbour novelty (1 − max cosine to earlier episodes) with the reference labels. */
async function quality(): Promise<void> {
  const labels = readFileSync(join(dataDirectory, 'labels', 'dev.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { file: string; node_id: string; label: number });
  const labelByNode = new Map(labels.map((label) => [label.node_id, label.label]));
  // Imported here so that the timings above never depend on the importers (which pull in the package entry point).
  let importTrajectory: typeof import('boden/adapters/trajectory').importTrajectory;
  try {
    ({ importTrajectory } = await import('boden/adapters/trajectory'));
  } catch (error) {
    console.log(`\n(quality check skipped: the trajectory importers failed to load: ${String(error)})`);
    return;
  }
  const runs = (
    await Promise.all([...new Set(labels.map((label) => label.file))].map((file) => importTrajectory(join(dataDirectory, file))))
  ).flat();
  const settings: [string, HashingEmbedderOptions, boolean][] = [
    ['defaults (online IDF, planWeight 0.25)', {}, true],
    ['no IDF (plain sub-linear tf)', {}, false],
    ['planWeight 0.5', { planWeight: 0.5 }, true],
    ['planWeight 0 (code only)', { planWeight: 0 }, true],
    ['keepNameStrings', { keepNameStrings: true }, true],
    ['dimensions 1024', { dimensions: 1024 }, true],
  ];
  console.log(`\n### Nearest-neighbour novelty vs the ${labels.length} reference labels (Spearman ρ)\n`);
  console.log('| embedder settings | episodes scored | ρ |');
  console.log('|---|---:|---:|');
  for (const [name, options, online] of settings) {
    const novelty: number[] = [];
    const reference: number[] = [];
    for (const run of runs) {
      const runEmbedder = new HashingEmbedder(options);
      const earlier: Float32Array[] = [];
      for (const episode of run.episodes) {
        const vector = runEmbedder.embedOne(episode);
        const label = labelByNode.get(episode.id);
        if (label !== undefined && earlier.length > 0) {
          novelty.push(1 - Math.max(...earlier.map((other) => dot(vector, other))));
          reference.push(label);
        }
        if (online) runEmbedder.observe([episode]);
        earlier.push(vector);
      }
    }
    console.log(`| ${name} | ${novelty.length} | ${spearman(novelty, reference).toFixed(3)} |`);
  }
}

function dot(first: Float32Array, second: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < first.length; index += 1) sum += first[index]! * second[index]!;
  return sum;
}
