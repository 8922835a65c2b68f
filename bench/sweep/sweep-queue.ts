import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { Queue, Worker, type ConnectionOptions, type Job } from 'bullmq';
import { BodenError, InvalidArgumentError } from 'boden';
import { BenchRunRecordSchema, type BenchRunRecord } from '../runner/bench-run-record.js';
import { runSweep, type SweepProgress } from './run-sweep.js';
import { cellId } from './sweep-cells.js';
import { SweepResultsError } from './sweep-results-error.js';
import type { ShardRunnerOptions, SweepPlan } from './sweep-plan.js';
import { storedRuns } from './sweep-shards.js';

/** How a queue worker runs: its Redis, how long a cell's lock lasts, and what it reports. */
export interface QueueWorkerOptions {
  /** `redis://[user:password@]host[:port][/db]` (or `rediss://` for TLS). */
  readonly url: string;
  /**
   * How long a worker holds a cell without renewing its lock (it renews at half that while alive): a worker killed
   * mid-cell has the cell taken by another after at most about this long. Default 30 s (BullMQ's).
   */
  readonly lockMilliseconds?: number;
  /**
   * How long the worker waits for an answer from Redis before it checks that Redis still takes a connection; if it
   * does not, the worker gives up with a `QueueConnectionError` naming the queue (until then BullMQ reconnects, and
   * a Redis that takes connections is waited for again). Default 60 s. The cell in hand when Redis
   * went away stays its lock's: another worker takes it once Redis is back.
   */
  readonly redisTimeoutMilliseconds?: number;
  /** Called after each cell this worker finished, with the sweep's progress for that cell. */
  readonly onCell?: (cell: string, progress: SweepProgress | undefined) => void;
  /** Called when cells that no one stored had no job left (Redis restarted empty) and were queued again. */
  readonly onCellsRequeued?: (cells: number) => void;
  /** Called once each time the connection to Redis fails (BullMQ keeps reconnecting until `redisTimeoutMilliseconds`). */
  readonly onConnectionLost?: (reason: string) => void;
  readonly signal?: AbortSignal;
}

/** What a worker did before the queue ran dry. */
export interface QueueWorkerResult {
  /** Cells this worker ran. */
  readonly ran: readonly string[];
  /** Cells whose jobs failed for good (after their attempts), with the last error. */
  readonly failed: readonly { readonly cell: string; readonly reason: string }[];
}

/** A queue's Redis could not be reached, or the URL is not a Redis URL. */
export class QueueConnectionError extends BodenError {
  constructor(url: string, reason: string, cause?: unknown) {
    super({ name: 'BodenQueueConnectionError', message: `cannot use the queue at ${redact(url)}: ${reason}`, cause });
  }
}

/** `url` without its password, for messages and logs. */
export function redact(url: string): string {
  return url.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1***@');
}

/** BullMQ's connection options for a `redis://` URL (no client of ours: BullMQ brings its own). */
export function redisConnection(url: string): {
  host: string;
  port: number;
  username?: string;
  password?: string;
  db: number;
  tls?: object;
} {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InvalidArgumentError({ argument: '--queue', reason: `expected redis://host:port, got ${JSON.stringify(redact(url))}` });
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new InvalidArgumentError({ argument: '--queue', reason: `expected a redis:// or rediss:// URL, got ${parsed.protocol}` });
  }
  const db = parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0;
  if (!Number.isInteger(db) || db < 0)
    throw new InvalidArgumentError({ argument: '--queue', reason: `the database in ${JSON.stringify(redact(url))} is not a number` });
  return {
    host: parsed.hostname || '127.0.0.1',
    port: parsed.port === '' ? 6379 : Number(parsed.port),
    db,
    ...(parsed.username === '' ? {} : { username: decodeURIComponent(parsed.username) }),
    ...(parsed.password === '' ? {} : { password: decodeURIComponent(parsed.password) }),
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}

/** Resolves when a TCP connection to the queue's host opens; a `QueueConnectionError` after `timeoutMs` or a refusal. */
async function reachable(url: string, timeoutMs = 5_000): Promise<void> {
  const { host, port } = redisConnection(url);
  await new Promise<void>((resolve, reject) => {
    const socket = connect({ host, port });
    const fail = (reason: string, cause?: unknown) => {
      socket.destroy();
      reject(new QueueConnectionError(url, reason, cause));
    };
    socket.setTimeout(timeoutMs, () => fail(`no answer within ${timeoutMs} ms`));
    socket.once('error', (error: NodeJS.ErrnoException) => fail(error.code ?? error.message, error));
    socket.once('connect', () => {
      socket.end();
      resolve();
    });
  });
}

/** Waits until `promise` settles or `milliseconds` pass, whichever is first. */
async function settledWithin(promise: Promise<unknown>, milliseconds: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise.catch(() => undefined), new Promise<void>((resolve) => (timer = setTimeout(resolve, milliseconds)))]);
  clearTimeout(timer);
}

/** The plan's queue name: one per plan, so several sweeps can share one Redis. */
export function sweepQueueName(plan: Pick<SweepPlan, 'cells'>): string {
  return `boden-sweep-${createHash('sha256')
    .update(plan.cells.map((cell) => cell.id).join(','))
    .digest('hex')
    .slice(0, 16)}`;
}

/** Where a queue worker keeps its runs: `<out>/shards/worker-<host>-<pid>`, merged like a shard's. */
export function workerDirectory(plan: Pick<SweepPlan, 'sweep'>): string {
  return join(plan.sweep.out, 'shards', `worker-${hostname().replace(/[^A-Za-z0-9-]/g, '-')}-${process.pid}`);
}

/**
 * Runs a plan's cells from a BullMQ queue on Redis until none is left: first adds a job for every cell no shard or
 * worker has stored (a job's id is the cell's content address, so every worker can add them all and each cell is
 * queued once), then takes one cell at a time and runs it into `workerDirectory`. A worker killed mid-cell stops
 * renewing its lock; after `lockMilliseconds` BullMQ moves the cell back to the queue and another worker runs it
 * (a cell some worker stored in the meantime is not run again). Runs are deterministic, so which worker ran a cell
 * does not change its record; `mergeSweepShards` gathers them. Resolves when no cell waits or runs.
 */
export async function runQueueWorker(plan: SweepPlan, runner: ShardRunnerOptions, options: QueueWorkerOptions): Promise<QueueWorkerResult> {
  const connection: ConnectionOptions = { ...redisConnection(options.url), maxRetriesPerRequest: null };
  await reachable(options.url);
  const name = sweepQueueName(plan);
  const lockDuration = options.lockMilliseconds ?? 30_000;
  const patience = options.redisTimeoutMilliseconds ?? 60_000;
  const queue = new Queue(name, { connection });
  const ran: string[] = [];
  const failed: { cell: string; reason: string }[] = [];
  let worker: Worker<{ cell: string }, BenchRunRecord> | undefined;
  // BullMQ retries every command while Redis is away (maxRetriesPerRequest: null), so a lost Redis shows only as
  // 'error' events and calls that never settle: say so once per outage, and give up after `patience`.
  let connected = true;
  let gaveUp = false;
  const lost = (error: Error) => {
    if (!connected) return;
    connected = false;
    options.onConnectionLost?.(error.message);
  };
  queue.on('error', lost);
  // A call unanswered for `patience` gives up only when Redis does not take a connection either: a worker whose event
  // loop was busy (a long evaluation in process) hears late from a Redis that is fine.
  const answered = async <Value>(call: Promise<Value>): Promise<Value> => {
    const unanswered = Symbol('unanswered');
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<typeof unanswered>((resolve) => (timer = setTimeout(() => resolve(unanswered), patience)));
      try {
        const value = await Promise.race([call, timeout]);
        if (value !== unanswered) {
          connected = true;
          return value as Value;
        }
      } finally {
        clearTimeout(timer);
      }
      const stillThere = await reachable(options.url).then(
        () => true,
        () => false,
      );
      if (!stillThere) {
        gaveUp = true;
        throw new QueueConnectionError(
          options.url,
          `Redis gave no answer for ${Math.round(patience / 1000)} s and takes no connection (it went away, or the network did)`,
        );
      }
    }
  };
  try {
    const done = await storedRuns(plan);
    const jobs = plan.cells
      .filter((cell) => !done.has(cell.cell))
      .map((cell) => ({
        name: 'cell',
        data: { cell: cell.cell },
        opts: { jobId: cell.id, attempts: 3, removeOnComplete: false, removeOnFail: false },
      }));
    if (jobs.length > 0) await answered(queue.addBulk(jobs));
    // Cells that failed for good in an earlier session run again, as a resumed sweep runs its failed cells again.
    await answered(queue.retryJobs({ state: 'failed' }));
    const out = workerDirectory(plan);
    worker = new Worker<{ cell: string }, BenchRunRecord>(
      name,
      async (job: Job<{ cell: string }>): Promise<BenchRunRecord> => {
        // A cell taken before (its worker died or it failed) may have been stored by that worker before it died;
        // only then are the stored runs read, not for every cell.
        const takenBefore = job.attemptsStarted > 1 || job.stalledCounter > 0 || job.attemptsMade > 0;
        const stored = takenBefore ? (await storedRuns(plan)).get(job.data.cell) : undefined;
        if (stored !== undefined) return stored;
        let progress: SweepProgress | undefined;
        const result = await runSweep(
          { ...plan.sweep, ...runner, out, cells: [job.data.cell] },
          { onProgress: (value) => (progress = value) },
        );
        if (result.failures.length > 0)
          throw result.failures[0]!.error instanceof Error ? result.failures[0]!.error : new Error(String(result.failures[0]!.error));
        ran.push(job.data.cell);
        options.onCell?.(job.data.cell, progress);
        // The record is the job's result too: merge can gather it from Redis where workers share no file system.
        return result.records[0]!;
      },
      { connection, concurrency: 1, lockDuration, stalledInterval: Math.max(1_000, Math.floor(lockDuration / 2)), maxStalledCount: 2 },
    );
    worker.on('error', lost);
    worker.on('failed', (job, error) => {
      if (job !== undefined && job.attemptsMade >= (job.opts.attempts ?? 1)) failed.push({ cell: job.data.cell, reason: error.message });
    });
    // Done when nothing waits, is delayed or runs anywhere (a dead worker's cell counts as running until its lock
    // expires), and every cell is stored or has a job that ended: a Redis that restarted empty lost its queue, and
    // an empty queue then only means the cells it held are unrun.
    for (;;) {
      options.signal?.throwIfAborted();
      const counts = await answered(queue.getJobCounts('waiting', 'active', 'delayed', 'paused', 'prioritized', 'waiting-children'));
      if (Object.values(counts).every((count) => count === 0)) {
        const lostCells = await answered(unqueuedCells(plan, queue));
        if (lostCells.length === 0) break;
        options.onCellsRequeued?.(lostCells.length);
        await answered(
          queue.addBulk(
            lostCells.map((cell) => ({
              name: 'cell',
              data: { cell: cell.cell },
              opts: { jobId: cell.id, attempts: 3, removeOnComplete: false, removeOnFail: false },
            })),
          ),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return { ran, failed };
  } finally {
    if (gaveUp) {
      // No Redis to say goodbye to: drop the connections, and wait a little for them, not for ever (a graceful close
      // would queue its QUIT until Redis came back, and part of BullMQ's close waits on Redis too).
      await settledWithin(Promise.allSettled([worker?.close(true), queue.disconnect()]), 2_000);
    } else {
      // Interrupted: leave the cell in hand to its lock's expiry (another worker takes it) rather than wait for it.
      await worker?.close(options.signal?.aborted === true);
      await queue.close();
    }
  }
}

/** The plan's cells that no shard or worker stored and that have no job in the queue (a Redis that lost them). */
async function unqueuedCells(plan: SweepPlan, queue: Queue): Promise<SweepPlan['cells'][number][]> {
  const done = await storedRuns(plan);
  const lost: SweepPlan['cells'][number][] = [];
  for (const cell of plan.cells) {
    if (done.has(cell.cell)) continue;
    if ((await queue.getJob(cell.id)) === undefined) lost.push(cell);
  }
  return lost;
}

/**
 * The runs the plan's queue holds as finished jobs' results, by cell key: what `mergeSweepShards` gathers from Redis
 * when the workers share no file system. A result that is not a run record is a `SweepResultsError` naming its job.
 */
export async function queuedRuns(plan: SweepPlan, url: string): Promise<Map<string, BenchRunRecord>> {
  await reachable(url);
  const queue = new Queue(sweepQueueName(plan), { connection: { ...redisConnection(url), maxRetriesPerRequest: null } });
  const runs = new Map<string, BenchRunRecord>();
  try {
    const page = 500;
    for (let start = 0; ; start += page) {
      const jobs = await queue.getJobs(['completed'], start, start + page - 1, true);
      for (const job of jobs) {
        const parsed = BenchRunRecordSchema.safeParse(job.returnvalue);
        if (!parsed.success)
          throw new SweepResultsError({
            file: `${redact(url)} queue ${sweepQueueName(plan)}`,
            field: `job ${job.id}`,
            message: `its result is not a run record: ${parsed.error.issues[0]!.message}`,
          });
        if (!runs.has(cellId(parsed.data))) runs.set(cellId(parsed.data), parsed.data);
      }
      if (jobs.length < page) break;
    }
    return runs;
  } finally {
    await queue.close();
  }
}
