import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from 'boden';
import type { BenchRunRecord } from '../runner/bench-run-record.js';
import { readRunRecords } from './run-record-store.js';
import { readSweepManifest, runSweep, type SweepManifest, type SweepResult, type SweepSession } from './run-sweep.js';
import { loadSweepCards } from './sweep-cards.js';
import { cellId } from './sweep-cells.js';
import { cellsOfShard, shardDirectory, type Shard, type ShardRunnerOptions, type SweepPlan } from './sweep-plan.js';
import { SweepResultsError } from './sweep-results-error.js';
import { SweepOptionsSchema } from './sweep-options.js';

/** The hooks `runSweep` takes. */
type SweepHooks = Parameters<typeof runSweep>[1];

/** The shard and queue-worker directories under a plan's results directory, sorted. */
async function shardDirectories(plan: Pick<SweepPlan, 'sweep'>): Promise<string[]> {
  const root = join(plan.sweep.out, 'shards');
  const names = await readdir(root).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw new SweepResultsError({ file: root, message: 'cannot list the shards', cause: error });
  });
  return names
    .filter((name) => /^(?:shard-\d+-of-\d+|worker-[A-Za-z0-9-]+)$/.test(name))
    .sort()
    .map((name) => join(root, name));
}

/** Every run the plan's shards and queue workers have stored so far, by cell key (the first stored wins: runs are deterministic). */
export async function storedRuns(plan: Pick<SweepPlan, 'sweep'>): Promise<Map<string, BenchRunRecord>> {
  const runs = new Map<string, BenchRunRecord>();
  for (const directory of await shardDirectories(plan)) {
    for (const record of await readRunRecords(join(directory, 'runs.jsonl')))
      if (!runs.has(cellId(record))) runs.set(cellId(record), record);
  }
  return runs;
}

/**
 * Runs one shard of a plan into `<out>/shards/shard-<i>-of-<n>`, skipping every cell whose run any shard directory
 * holds already (a resubmitted array, or one run with another shard count). Resumable like `runSweep`: a killed
 * shard runs the same command again. The result's records are this shard directory's.
 */
export async function runSweepShard(
  plan: SweepPlan,
  shard: Shard,
  runner: ShardRunnerOptions = {},
  hooks: SweepHooks = {},
): Promise<SweepResult> {
  const done = await storedRuns(plan);
  const cells = cellsOfShard(plan, shard)
    .filter((cell) => !done.has(cell.cell))
    .map((cell) => cell.cell);
  return runSweep({ ...plan.sweep, ...runner, out: shardDirectory(plan, shard), cells }, hooks);
}

/**
 * Gathers the runs of every shard of `plan` into the plan's results directory as one sweep: `runs.jsonl` in plan
 * order and `sweep.json` with every shard's sessions, both written atomically, so `writeSweepOutputs` (and a later
 * `boden bench` with the same options) sees an ordinary finished sweep. `extraRuns` adds runs found elsewhere (a
 * queue's results, `queuedRuns`). A cell no shard has stored is a `SweepResultsError` that counts them and names the
 * first; nothing is written then.
 */
export async function mergeSweepShards(
  plan: SweepPlan,
  found: { readonly extraRuns?: ReadonlyMap<string, BenchRunRecord> } = {},
): Promise<SweepResult> {
  const runs = await storedRuns(plan);
  for (const [cell, record] of found.extraRuns ?? []) if (!runs.has(cell)) runs.set(cell, record);
  const missing = plan.cells.filter((cell) => !runs.has(cell.cell));
  const runsPath = join(plan.sweep.out, 'runs.jsonl');
  if (missing.length > 0) {
    throw new SweepResultsError({
      file: join(plan.sweep.out, 'shards'),
      message: `${missing.length} of ${plan.cells.length} cells have no run yet (e.g. ${missing[0]!.cell}): run their shards again (boden bench run-cells skips finished cells) or a queue worker, then merge`,
    });
  }
  const records = plan.cells.map((cell) => runs.get(cell.cell)!);
  const sessions: SweepSession[] = [];
  let manifest: SweepManifest | undefined;
  for (const directory of await shardDirectories(plan)) {
    const shardManifest = await readSweepManifest(join(directory, 'sweep.json'));
    if (shardManifest === undefined) continue;
    manifest ??= shardManifest;
    sessions.push(...shardManifest.sessions);
  }
  await writeFileAtomic(runsPath, records.map((record) => `${JSON.stringify(record)}\n`).join(''));
  await writeFileAtomic(join(plan.sweep.out, 'sweep.json'), `${JSON.stringify({ ...manifest, sessions }, null, 2)}\n`);
  const options = SweepOptionsSchema.parse(plan.sweep);
  return {
    options,
    records,
    cards: await loadSweepCards(options),
    resumed: records.length,
    ran: 0,
    sessions,
    // The shards' processes counted their evaluations; the merge evaluates nothing.
    evaluator: { requests: 0, evaluated: 0, memoHits: 0, inFlightHits: 0 },
    failures: [],
  };
}
