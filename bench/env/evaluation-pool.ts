import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { parseOptions } from 'boden';
import type { BenchTask } from '../tasks/bench-task.js';
import { EvaluationPoolError } from './evaluation-pool-error.js';
import type { EvaluateMessage, WorkerMessage } from './evaluation-request.js';
import type { EvaluationResult } from './evaluation-result.js';
import type { PipelineConfig } from './pipeline-config.js';

/** Options of `createEvaluationPool`. */
export const EvaluationPoolOptionsSchema = z.strictObject({
  /** Worker threads; one evaluation each at a time. Defaults to the machine's available cores. */
  size: z
    .number()
    .int()
    .min(1)
    .max(64)
    .default(() => availableParallelism()),
  /**
   * Wall-clock hang guard per evaluation: past it the worker is terminated and the evaluation is a buggy
   * `timeout after N ms` (cause `timeout`). What is too slow is the work budget's call (`evaluate`'s
   * `workBudgetSeconds`), which does not depend on the machine's load; this only catches a pipeline that hangs.
   */
  timeoutMs: z.number().int().min(1).default(600_000),
  /** Worker entry module (tests pass a fixture that adds faults); defaults to `pipeline/evaluation-worker.ts`. */
  workerUrl: z.instanceof(URL).default(() => new URL('./pipeline/evaluation-worker.ts', import.meta.url)),
  /** V8 heap limit of each worker, so a runaway pipeline kills its worker, not the host. */
  memoryLimitMb: z.number().int().min(64).default(1024),
});

/** Options of `createEvaluationPool`, defaults omitted. */
export type EvaluationPoolOptions = z.input<typeof EvaluationPoolOptionsSchema>;

/** Counters of a pool's life, for reports and tests. */
export interface EvaluationPoolStats {
  evaluations: number;
  timeouts: number;
  crashes: number;
  /** Workers started, the first ones included. */
  workersStarted: number;
}

interface Job {
  readonly message: EvaluateMessage;
  readonly resolve: (result: EvaluationResult) => void;
  readonly reject: (error: unknown) => void;
}

interface Slot {
  readonly worker: Worker;
  ready: boolean;
  job?: Job;
  started: number;
  timer?: NodeJS.Timeout;
  lastError?: string;
  stderrTail: string;
}

/**
 * A pool of `worker_threads` that cross-validate pipelines, one evaluation per worker at a time. A worker that
 * times out is terminated (libsvm and CART calls cannot be interrupted otherwise) and one that crashes or threw
 * from a WASM library is replaced; either way the evaluation resolves as buggy and the pool goes on. Workers start
 * from `typescript-worker.mjs`, which imports the TypeScript entry through tsx's `tsImport` API (works under vitest
 * and under `node --import tsx` alike). Idle workers do not keep the process alive, but call `close` when done.
 */
export class EvaluationPool {
  /** Counters since creation. */
  readonly stats: EvaluationPoolStats = { evaluations: 0, timeouts: 0, crashes: 0, workersStarted: 0 };
  private readonly options: z.output<typeof EvaluationPoolOptionsSchema>;
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 0;
  private failedStarts = 0;
  private closed = false;

  constructor(options: EvaluationPoolOptions = {}) {
    this.options = parseOptions(EvaluationPoolOptionsSchema, options, 'EvaluationPool');
    for (let index = 0; index < this.options.size; index++) this.spawn();
  }

  /** Number of workers. */
  get size(): number {
    return this.options.size;
  }

  /**
   * Cross-validates `config` (already parsed) on `task` in a worker, within `workBudgetSeconds` of estimated work
   * (default: no budget); resolves buggy rather than rejecting.
   */
  evaluate(task: BenchTask, config: PipelineConfig, options: { workBudgetSeconds?: number | null } = {}): Promise<EvaluationResult> {
    if (this.closed) return Promise.reject(new EvaluationPoolError({ message: 'the evaluation pool is closed' }));
    const request = { task, config, workBudgetSeconds: options.workBudgetSeconds ?? null };
    return new Promise((resolve, reject) => {
      this.queue.push({ message: { type: 'evaluate', id: this.nextId++, request }, resolve, reject });
      this.dispatch();
    });
  }

  /** Terminates every worker; queued evaluations reject with `EvaluationPoolError`. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new EvaluationPoolError({ message: 'the evaluation pool was closed' }));
    const workers = [...this.slots].map((slot) => {
      clearTimeout(slot.timer);
      slot.job?.reject(new EvaluationPoolError({ message: 'the evaluation pool was closed' }));
      return slot.worker.terminate();
    });
    this.slots.clear();
    await Promise.all(workers);
  }

  private spawn(): void {
    const worker = new Worker(new URL('./typescript-worker.mjs', import.meta.url), {
      workerData: { entry: this.options.workerUrl.href },
      stdout: true,
      stderr: true,
      resourceLimits: { maxOldGenerationSizeMb: this.options.memoryLimitMb },
    });
    this.stats.workersStarted++;
    const slot: Slot = { worker, ready: false, started: 0, stderrTail: '' };
    this.slots.add(slot);
    worker.unref();
    worker.stdout.resume();
    worker.stderr.on('data', (chunk: Buffer) => (slot.stderrTail = (slot.stderrTail + chunk.toString()).slice(-2000)));
    worker.on('message', (message: WorkerMessage) => this.onMessage(slot, message));
    worker.on('error', (error) => (slot.lastError = `${error.name}: ${error.message}`));
    worker.on('exit', (code) => this.onExit(slot, code));
  }

  private onMessage(slot: Slot, message: WorkerMessage): void {
    if (message.type === 'ready') {
      slot.ready = true;
      this.failedStarts = 0;
    } else if (slot.job?.message.id === message.id) {
      this.finish(slot, message.result);
      if (message.recycle) this.replace(slot);
    }
    this.dispatch();
  }

  private onExit(slot: Slot, code: number): void {
    if (!this.slots.has(slot)) return; // terminated on purpose
    this.slots.delete(slot);
    if (slot.job) {
      this.stats.crashes++;
      const reason = slot.lastError ?? `exit code ${code}`;
      this.finish(slot, {
        status: 'buggy',
        error: `worker crashed: ${reason}`,
        cause: 'crash',
        milliseconds: performance.now() - slot.started,
      });
    } else if (!slot.ready && ++this.failedStarts >= 3) {
      // Workers that die before they are ready will not get better: a setup problem, not a buggy pipeline.
      const error = new EvaluationPoolError({
        message: `evaluation workers fail to start: ${slot.lastError ?? `exit code ${code}`} ${slot.stderrTail}`.trim(),
      });
      this.closed = true;
      for (const job of this.queue.splice(0)) job.reject(error);
      return;
    }
    if (!this.closed) this.spawn();
    this.dispatch();
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (!slot.ready || slot.job) continue;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.started = performance.now();
      slot.worker.ref(); // a busy worker keeps the process alive until its result arrives
      slot.timer = setTimeout(() => this.timeOut(slot), this.options.timeoutMs);
      slot.worker.postMessage(job.message);
    }
  }

  private timeOut(slot: Slot): void {
    this.stats.timeouts++;
    this.finish(slot, {
      status: 'buggy',
      error: `timeout after ${this.options.timeoutMs} ms`,
      cause: 'timeout',
      milliseconds: performance.now() - slot.started,
    });
    this.replace(slot);
    this.dispatch();
  }

  private finish(slot: Slot, result: EvaluationResult): void {
    const job = slot.job;
    if (!job) return;
    clearTimeout(slot.timer);
    slot.job = undefined;
    slot.worker.unref();
    this.stats.evaluations++;
    job.resolve(result);
  }

  private replace(slot: Slot): void {
    this.slots.delete(slot);
    void slot.worker.terminate();
    if (!this.closed) this.spawn();
  }
}

/** Creates an evaluation pool: see `EvaluationPool`. */
export function createEvaluationPool(options: EvaluationPoolOptions = {}): EvaluationPool {
  return new EvaluationPool(options);
}
