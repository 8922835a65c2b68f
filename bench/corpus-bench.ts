/**
 * Corpus benchmark: builds H-creativity corpora of synthetic clustered solutions with `buildCorpus` (the default
 * `ConceptApproachSummarizer`, `HashingEmbedder` and HNSW index) and measures, side by side in one run:
 * the build rate (solutions/s, reading the JSONL file and saving included), the latency of one H query (p50/p95:
 * retrieval = summarise + embed + HNSW search, and the full H score with the default `RubricJudge`), and recall@10
 * of the corpus's HNSW search against an exact scan of the same vectors, for the automatic `ef` and a sweep; and the
 * same vectors in an HNSW index and a LanceDB table side by side (build rate, search p50/p95, recall@10, size on
 * disk). `--sizes 1000000` adds the million-solution rows (opt-in: it builds a million-solution corpus first).
 *
 *   npx tsx --expose-gc bench/corpus-bench.ts [--sizes 10000,100000] [--queries 200] [--clusters 500] [--seed 1]
 */
import { appendFile, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { machineLine, megabytes, micro, percentile } from './support/bench-measurements.js';
import {
  conceptVocabulary,
  buildCorpus,
  type Corpus,
  createHCreativityScorer,
  openCorpus,
  type EmbeddingInput,
  createSeededRandom,
  type RandomSource,
  createExactVectorIndex,
  createHnswVectorIndex,
  openLanceDbVectorIndex,
  resolveEfSearch,
} from 'boden';
import { trajectoryReader } from 'boden/adapters/trajectory';

const k = 10;
const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000' },
    queries: { type: 'string', default: '200' },
    clusters: { type: 'string', default: '500' },
    seed: { type: 'string', default: '1' },
    ef: { type: 'string', default: '16,32,64,96,128' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const queryCount = Number(values.queries);
const clusterCount = Number(values.clusters);
const seed = Number(values.seed);
const efSweep = values.ef.split(',').map(Number);
const collectGarbage = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

// One single-word alias per concept, grouped by category, so every pick is one recognisable technique.
const aliasesByCategory = new Map<string, string[]>();
for (const concept of conceptVocabulary) {
  const alias = concept.aliases.find((candidate) => /^[A-Za-z][A-Za-z0-9]+$/.test(candidate));
  if (alias !== undefined) aliasesByCategory.set(concept.category, [...(aliasesByCategory.get(concept.category) ?? []), alias]);
}
const models = aliasesByCategory.get('model') ?? [];
const validations = aliasesByCategory.get('validation') ?? [];
const otherAliases = [...aliasesByCategory].filter(([category]) => category !== 'model').flatMap(([, aliases]) => aliases);

// The same scaffolding in every solution, as notebooks share their loading and submission code.
const boilerplate = [
  'import numpy as np',
  'import pandas as pd',
  'train = pd.read_csv("../input/train.csv")',
  'test = pd.read_csv("../input/test.csv")',
  'target = train.pop("target")',
  'features = [column for column in train.columns if column != "id"]',
  'def fit_predict(model, X, y, X_test):',
  '    model.fit(X, y)',
  '    return model.predict(X_test)',
  'submission = pd.DataFrame({"id": test["id"]})',
].join('\n');

/** An approach archetype: one or two models, a validation scheme and a few other techniques. */
type Archetype = readonly string[];

function pick<T>(random: RandomSource, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function archetype(random: RandomSource): Archetype {
  const words = [pick(random, models), pick(random, validations)];
  if (random() < 0.5) words.push(pick(random, models));
  const extra = 2 + Math.floor(random() * 3);
  for (let count = 0; count < extra; count++) words.push(pick(random, otherAliases));
  return words;
}

/** A solution near `base`: maybe one technique dropped (never the first model), up to two added. */
function solution(random: RandomSource, base: Archetype): EmbeddingInput {
  const words = [...base];
  if (random() < 0.4 && words.length > 2) words.splice(1 + Math.floor(random() * (words.length - 1)), 1);
  const added = Math.floor(random() * 3);
  for (let count = 0; count < added; count++) words.push(pick(random, otherAliases));
  const plan = `We combine ${words.join(' with ')}, tuned on a holdout of the training data.`;
  const code = `${boilerplate}\n${words.map((word, position) => `step_${position} = ${word}(train[features], target)`).join('\n')}\nsubmission["target"] = fit_predict(step_0, train[features], target, test[features])\n`;
  return { plan, code };
}

function createSolutionSource(sourceSeed: number): (count: number) => EmbeddingInput[] {
  const random = createSeededRandom(sourceSeed);
  const archetypes = Array.from({ length: clusterCount }, () => archetype(random));
  return (count) => Array.from({ length: count }, () => solution(random, pick(random, archetypes)));
}

printMachine();
const directory = await mkdtemp(join(tmpdir(), 'boden-corpus-bench-'));
const buildRows: string[] = [];
const queryRows: string[] = [];
const sweepRows: string[] = [];
const storeRows: string[] = [];
try {
  for (const size of sizes) await benchmark(size);
  console.log(`\n### Build: \`buildCorpus\` from a JSONL file of synthetic solutions (${clusterCount} approach clusters)\n`);
  console.log(
    '| solutions | file | build s | solutions/s | of which: read + summarise + embed + index s | save s | distinct summaries | index file |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const line of buildRows) console.log(line);
  console.log(`\n### One H query, k = ${k} (µs; ${queryCount} held-out solutions of the same clusters as queries)\n`);
  console.log('retrieval = `corpus.search` (summarise + embed + HNSW search); H score = `createHCreativityScorer().score` with the');
  console.log('default `RubricJudge`; recall@10 of the HNSW search against an exact scan of the same vectors, a hit counting when it');
  console.log('is at least as similar as the exact 10th (solutions with the same summary tie).\n');
  console.log(
    '| solutions | summarise p50 | embed + HNSW p50 | retrieval p50 | retrieval p95 | H score p50 | H score p95 | exact scan p50 | HNSW ef | recall@10 |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const line of queryRows) console.log(line);
  console.log('\n### The same vectors in HNSW and in LanceDB (search alone, µs; recall@10 tie-aware against an exact scan)\n');
  console.log('| solutions | store | build s (vectors/s) | index build | search p50 | search p95 | recall@10 | on disk |');
  console.log('|---:|---|---:|---:|---:|---:|---:|---:|');
  for (const line of storeRows) console.log(line);
  console.log('\n### embed + HNSW search p50 (µs) and recall@10 by fixed ef (the corpus reopened with `efSearch`)\n');
  console.log(`| solutions | ${efSweep.map((ef) => `ef ${ef}`).join(' | ')} |`);
  console.log(`|---:|${efSweep.map(() => '---:').join('|')}|`);
  for (const line of sweepRows) console.log(line);
  console.log(
    `\nload average after: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await rm(directory, { recursive: true, force: true });
}

async function benchmark(size: number): Promise<void> {
  const sample = createSolutionSource(seed);
  const solutions = sample(size);
  const queries = sample(queryCount);
  const input = join(directory, `solutions-${size}.jsonl`);
  // In batches: a million solutions are more text than one string can hold.
  await writeFile(input, '');
  for (let start = 0; start < solutions.length; start += 10_000) {
    const lines = solutions
      .slice(start, start + 10_000)
      .map((item, offset) => `${JSON.stringify({ id: `s${start + offset}`, task: 'synthetic', text: item.plan, code: item.code })}\n`);
    await appendFile(input, lines.join(''));
  }
  const fileBytes = (await stat(input)).size;
  const out = join(directory, `corpus-${size}`);

  collectGarbage();
  const buildStart = process.hrtime.bigint();
  const { corpus, added } = await buildCorpus({ trajectories: trajectoryReader, inputs: [input], task: 'synthetic', out });
  const buildSeconds = Number(process.hrtime.bigint() - buildStart) / 1e9;
  if (added.length !== size) throw new Error(`added ${added.length} of ${size} solutions`);
  // The save alone, timed again on the built corpus (a second generation of the same files).
  const saveStart = process.hrtime.bigint();
  await corpus.save();
  const saveSeconds = Number(process.hrtime.bigint() - saveStart) / 1e9;
  const indexBytes = (await stat(join(out, corpus.manifest!.files.index))).size;
  const distinct = new Set(corpus.entries().map((entry) => entry.summary)).size;
  buildRows.push(
    `| ${size.toLocaleString('en-US')} | ${megabytes(fileBytes)} | ${buildSeconds.toFixed(1)} | ${Math.round(size / buildSeconds).toLocaleString('en-US')} | ` +
      `${(buildSeconds - saveSeconds).toFixed(1)} | ${saveSeconds.toFixed(1)} | ${distinct.toLocaleString('en-US')} | ${megabytes(indexBytes)} |`,
  );

  // The exact oracle: the same summaries through the same embedder, scanned in full.
  const oracle = createExactVectorIndex({ dimensions: corpus.embedder.dimensions, initialCapacity: size });
  const entries = corpus.entries();
  const stored: { id: string; vector: Float32Array }[] = [];
  for (let start = 0; start < entries.length; start += 1000) {
    const batch = entries.slice(start, start + 1000);
    const vectors = await corpus.embedder.embed(batch.map((entry) => ({ plan: entry.summary, code: '' })));
    batch.forEach((entry, position) => {
      oracle.add(entry.id, vectors[position]!);
      stored.push({ id: entry.id, vector: vectors[position]! });
    });
  }
  const approaches = queries.map((query) => corpus.approachInput(query).plan);
  const queryVectors = await corpus.embedder.embed(approaches.map((approach) => ({ plan: approach, code: '' })));
  const exactTimes = new Float64Array(queryCount);
  const thresholds = queryVectors.map((vector, position) => {
    const start = process.hrtime.bigint();
    const expected = oracle.search(vector, k);
    exactTimes[position] = Number(process.hrtime.bigint() - start) / 1000;
    return expected[k - 1]!.similarity;
  });

  const summariseTimes = new Float64Array(queryCount);
  const retrievalTimes = new Float64Array(queryCount);
  const scoreTimes = new Float64Array(queryCount);
  queries.forEach((query, position) => {
    summariseTimes[position] = timedSync(() => corpus.approachInput(query));
  });
  for (const [position, query] of queries.entries()) retrievalTimes[position] = await timed(() => corpus.search(query, k));
  const scorer = createHCreativityScorer({ corpus, k });
  for (const [position, query] of queries.entries())
    scoreTimes[position] = await timed(() => scorer.score({ id: `q${position}`, ...query }, 'bench'));
  const auto = await measureSearch(corpus, approaches, thresholds);
  const ef = resolveEfSearch({ efSearch: 'auto', k, size });
  queryRows.push(
    `| ${size.toLocaleString('en-US')} | ${micro(percentile(summariseTimes, 0.5))} | ${micro(percentile(auto.times, 0.5))} | ` +
      `${micro(percentile(retrievalTimes, 0.5))} | ${micro(percentile(retrievalTimes, 0.95))} | ${micro(percentile(scoreTimes, 0.5))} | ` +
      `${micro(percentile(scoreTimes, 0.95))} | ${micro(percentile(exactTimes, 0.5))} | ${ef} (auto) | ${auto.recall.toFixed(3)} |`,
  );

  await compareStores(size, stored, queryVectors, thresholds, join(out, corpus.manifest!.files.index));

  const sweep: string[] = [];
  for (const efSearch of efSweep) {
    const reopened = await openCorpus(out, { efSearch });
    const { times, recall } = await measureSearch(reopened, approaches, thresholds);
    sweep.push(`${micro(percentile(times, 0.5))} / ${recall.toFixed(3)}`);
  }
  sweepRows.push(`| ${size.toLocaleString('en-US')} | ${sweep.join(' | ')} |`);
}

/**
 * The same vectors in the corpus's HNSW index and in a LanceDB table, side by side: build rate, search p50/p95 of the
 * embedded queries (search alone), tie-aware recall@10 and the size on disk; LanceDB first scanned exactly, then
 * with its IVF-PQ index (nprobes 32, re-ranking 10 × k).
 */
async function compareStores(
  size: number,
  stored: readonly { id: string; vector: Float32Array }[],
  queries: readonly Float32Array[],
  thresholds: readonly number[],
  hnswFile: string,
): Promise<void> {
  const dimensions = queries[0]!.length;
  const searchRow = async (
    label: string,
    build: string,
    index: string,
    search: (vector: Float32Array) => Promise<{ similarity: number }[]> | { similarity: number }[],
    disk: string,
  ) => {
    const times = new Float64Array(queries.length);
    let found = 0;
    for (const [position, vector] of queries.entries()) {
      const start = process.hrtime.bigint();
      const hits = await search(vector);
      times[position] = Number(process.hrtime.bigint() - start) / 1000;
      found += hits.filter((hit) => hit.similarity >= thresholds[position]! - 1e-6).length;
    }
    storeRows.push(
      `| ${size.toLocaleString('en-US')} | ${label} | ${build} | ${index} | ${micro(percentile(times, 0.5))} | ${micro(percentile(times, 0.95))} | ${(found / (k * queries.length)).toFixed(3)} | ${disk} |`,
    );
  };
  const rate = (seconds: number) => `${seconds.toFixed(1)} (${Math.round(size / seconds).toLocaleString('en-US')}/s)`;

  collectGarbage();
  let start = process.hrtime.bigint();
  const hnsw = createHnswVectorIndex({ dimensions, initialCapacity: size });
  for (const { id, vector } of stored) hnsw.add(id, vector);
  const hnswSeconds = Number(process.hrtime.bigint() - start) / 1e9;
  await searchRow(
    'HNSW (in memory; corpus file)',
    rate(hnswSeconds),
    '-',
    (vector) => hnsw.search(vector, k),
    megabytes((await stat(hnswFile)).size),
  );

  const lanceDirectory = join(directory, `lancedb-${size}`);
  const lance = await openLanceDbVectorIndex({ directory: lanceDirectory, dimensions });
  start = process.hrtime.bigint();
  for (let offset = 0; offset < stored.length; offset += 10_000) await lance.addMany(stored.slice(offset, offset + 10_000));
  const lanceSeconds = Number(process.hrtime.bigint() - start) / 1e9;
  await searchRow(
    'LanceDB, exact scan',
    rate(lanceSeconds),
    '-',
    (vector) => lance.search(vector, k),
    megabytes(await directoryBytes(lanceDirectory)),
  );
  start = process.hrtime.bigint();
  await lance.buildIndex();
  const indexSeconds = Number(process.hrtime.bigint() - start) / 1e9;
  await searchRow(
    'LanceDB, IVF-PQ',
    rate(lanceSeconds),
    `${indexSeconds.toFixed(1)} s`,
    (vector) => lance.search(vector, k),
    megabytes(await directoryBytes(lanceDirectory)),
  );
  lance.close();
}

/** Bytes of every file under `path`. */
async function directoryBytes(path: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(path, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/** Embed + HNSW search of each approach (already summarised), and tie-aware recall@10 against the exact thresholds. */
async function measureSearch(
  corpus: Corpus,
  approaches: readonly string[],
  thresholds: readonly number[],
): Promise<{ times: Float64Array; recall: number }> {
  const times = new Float64Array(approaches.length);
  let found = 0;
  for (const [position, approach] of approaches.entries()) {
    const start = process.hrtime.bigint();
    const hits = await corpus.searchApproach(approach, k);
    times[position] = Number(process.hrtime.bigint() - start) / 1000;
    found += hits.filter((hit) => hit.similarity >= thresholds[position]! - 1e-6).length;
  }
  return { times, recall: found / (k * approaches.length) };
}

async function timed(action: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await action();
  return Number(process.hrtime.bigint() - start) / 1000;
}

function timedSync(action: () => unknown): number {
  const start = process.hrtime.bigint();
  action();
  return Number(process.hrtime.bigint() - start) / 1000;
}

function printMachine(): void {
  console.log(machineLine());
  console.log(
    `run: ${new Date().toISOString()}, sizes ${sizes.join(', ')}, queries per size: ${queryCount}, clusters ${clusterCount}, seed ${seed}`,
  );
}
