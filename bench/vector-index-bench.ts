/**
 * Vector-index benchmark: HNSW against an exact scan on clustered 256-d vectors, side by side in one run.
 * Prints add and search latency (p50/p95), recall@10 and memory at 1k, 10k and 100k points, then the per-step
 * cost (one search plus one add, as novelty scoring does) at small sizes, which sets `AutoVectorIndex`'s threshold,
 * and recall by fixed `ef`, which sets the automatic `ef`.
 *
 *   npx tsx --expose-gc bench/vector-index-bench.ts [--dimensions 256] [--sizes 1000,10000,100000] [--queries 200]
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { machineLine, megabytes, micro, percentile } from './support/bench-measurements.js';
import { createClusteredVectorSource } from './support/clustered-vectors.js';
import {
  defaultSwitchThreshold,
  createExactVectorIndex,
  createHnswVectorIndex,
  loadHnswVectorIndex,
  resolveEfSearch,
  type VectorIndex,
} from 'boden';

const k = 10;
const { values } = parseArgs({
  options: {
    dimensions: { type: 'string', default: '256' },
    sizes: { type: 'string', default: '1000,10000,100000' },
    queries: { type: 'string', default: '200' },
    crossover: { type: 'string', default: '250,500,750,1000,1500,2000,4000,8000' },
  },
});
const dimensions = Number(values.dimensions);
const sizes = values.sizes.split(',').map(Number);
const queryCount = Number(values.queries);
const crossoverSizes = values.crossover.split(',').map(Number);
const efSweep = [16, 32, 64, 96, 128, 256];
const sweepRows: string[] = [];
const collectGarbage = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

printMachine();
const directory = await mkdtemp(join(tmpdir(), 'boden-vector-index-bench-'));
try {
  console.log(`\n### HNSW vs exact, clustered ${dimensions}-d vectors (64 clusters, spread 0.6), k = ${k}\n`);
  console.log('HNSW: m = 16, efConstruction = 200, efSearch = auto. Latencies in µs; memory is RSS growth while building.\n');
  console.log('| points | index | add p50 | add p95 | search p50 | search p95 | recall@10 | speed-up (p50) | memory |');
  console.log('|---:|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const size of sizes) await compareAt(size);
  console.log('\n### HNSW recall@10 and search p50 (µs) by fixed ef (the saved index reloaded with `efSearch`)\n');
  console.log(`| points | ${efSweep.map((ef) => `ef ${ef}`).join(' | ')} |`);
  console.log(`|---:|${efSweep.map(() => '---:').join('|')}|`);
  for (const line of sweepRows) console.log(line);
  console.log(`\n### Per-step cost (one search, then one add) at small sizes, ${dimensions}-d\n`);
  console.log('| points | exact step p50 | HNSW step p50 | HNSW search p50 | HNSW add p50 | HNSW recall@10 | cheaper |');
  console.log('|---:|---:|---:|---:|---:|---:|---|');
  crossover();
  console.log(`\nAutoVectorIndex switches at ${defaultSwitchThreshold} points (defaultSwitchThreshold).`);
} finally {
  await rm(directory, { recursive: true, force: true });
}

async function compareAt(size: number): Promise<void> {
  const source = createClusteredVectorSource({ dimensions, seed: size });
  const points = source.sample(size);
  const queries = source.sample(queryCount);

  const exact = createExactVectorIndex({ dimensions });
  const exactBuild = build(exact, points);
  const hnsw = createHnswVectorIndex({ dimensions });
  const hnswBuild = build(hnsw, points);

  const exactSearch = new Float64Array(queries.length);
  const truths: Set<string>[] = [];
  queries.forEach((query, position) => {
    const [expected, exactTime] = timed(() => exact.search(query, k));
    exactSearch[position] = exactTime;
    truths.push(new Set(expected.map((neighbor) => neighbor.id)));
  });
  const { times: hnswSearch, recall } = searchAll(hnsw, queries, truths);
  const speedUp = percentile(exactSearch, 0.5) / percentile(hnswSearch, 0.5);

  const path = join(directory, `hnsw-${size}.index`);
  await hnsw.save(path);
  const fileBytes = (await stat(path)).size;
  const sweep: string[] = [];
  for (const ef of efSweep) {
    const reloaded = await loadHnswVectorIndex({ path, efSearch: ef });
    const { times, recall: sweepRecall } = searchAll(reloaded, queries, truths);
    sweep.push(`${sweepRecall.toFixed(3)} / ${micro(percentile(times, 0.5))}`);
  }
  sweepRows.push(`| ${size.toLocaleString('en-US')} | ${sweep.join(' | ')} |`);
  const ef = resolveEfSearch({ efSearch: 'auto', k, size });
  row(size, 'exact', exactBuild.addTimes, exactSearch, '1 (oracle)', '', `${megabytes(exactBuild.memory)}`);
  row(
    size,
    `HNSW (ef ${ef})`,
    hnswBuild.addTimes,
    hnswSearch,
    recall.toFixed(3),
    `${speedUp.toFixed(1)}×`,
    `${megabytes(hnswBuild.memory)} (file ${megabytes(fileBytes)})`,
  );
}

function crossover(): void {
  const source = createClusteredVectorSource({ dimensions, seed: 99 });
  const exact = createExactVectorIndex({ dimensions });
  const hnsw = createHnswVectorIndex({ dimensions });
  let next = 0;
  const steps = 100;
  for (const size of crossoverSizes) {
    const points = source.sample(size - exact.size);
    for (const point of points) {
      exact.add(`p${next}`, point);
      hnsw.add(`p${next}`, point);
      next++;
    }
    const exactStep = new Float64Array(steps);
    const hnswStep = new Float64Array(steps);
    const hnswSearch = new Float64Array(steps);
    const hnswAdd = new Float64Array(steps);
    let found = 0;
    source.sample(steps).forEach((query, position) => {
      const id = `p${next++}`;
      const [expected, exactSearchTime] = timed(() => exact.search(query, k));
      const [, exactAddTime] = timed(() => exact.add(id, query));
      const [actual, hnswSearchTime] = timed(() => hnsw.search(query, k));
      const [, hnswAddTime] = timed(() => hnsw.add(id, query));
      exactStep[position] = exactSearchTime + exactAddTime;
      hnswStep[position] = hnswSearchTime + hnswAddTime;
      hnswSearch[position] = hnswSearchTime;
      hnswAdd[position] = hnswAddTime;
      const truth = new Set(expected.map((neighbor) => neighbor.id));
      found += actual.filter((neighbor) => truth.has(neighbor.id)).length;
    });
    const exactP50 = percentile(exactStep, 0.5);
    const hnswP50 = percentile(hnswStep, 0.5);
    console.log(
      `| ${size.toLocaleString('en-US')} | ${micro(exactP50)} | ${micro(hnswP50)} | ` +
        `${micro(percentile(hnswSearch, 0.5))} | ${micro(percentile(hnswAdd, 0.5))} | ` +
        `${(found / (k * steps)).toFixed(3)} | ${exactP50 <= hnswP50 ? 'exact' : 'HNSW'} |`,
    );
  }
}

function searchAll(
  index: VectorIndex,
  queries: readonly Float32Array[],
  truths: readonly Set<string>[],
): { times: Float64Array; recall: number } {
  const times = new Float64Array(queries.length);
  let found = 0;
  queries.forEach((query, position) => {
    const [actual, time] = timed(() => index.search(query, k));
    times[position] = time;
    found += actual.filter((neighbor) => truths[position]!.has(neighbor.id)).length;
  });
  return { times, recall: found / (k * queries.length) };
}

function build(index: VectorIndex, points: readonly Float32Array[]): { addTimes: Float64Array; memory: number } {
  collectGarbage();
  const before = process.memoryUsage().rss;
  const addTimes = new Float64Array(points.length);
  points.forEach((point, position) => {
    addTimes[position] = timed(() => index.add(`p${position}`, point))[1];
  });
  collectGarbage();
  return { addTimes, memory: process.memoryUsage().rss - before };
}

function timed<Result>(action: () => Result): [Result, number] {
  const start = process.hrtime.bigint();
  const result = action();
  return [result, Number(process.hrtime.bigint() - start) / 1000];
}

function row(
  size: number,
  name: string,
  adds: Float64Array,
  searches: Float64Array,
  recall: string,
  speedUp: string,
  memory: string,
): void {
  const cells = [
    size.toLocaleString('en-US'),
    name,
    micro(percentile(adds, 0.5)),
    micro(percentile(adds, 0.95)),
    micro(percentile(searches, 0.5)),
    micro(percentile(searches, 0.95)),
    recall,
    speedUp,
    memory,
  ];
  console.log(`| ${cells.join(' | ')} |`);
}

function printMachine(): void {
  console.log(machineLine());
  console.log(`run: ${new Date().toISOString()}, queries per size: ${queryCount}, gc between builds: ${collectGarbage.name === 'gc'}`);
}
