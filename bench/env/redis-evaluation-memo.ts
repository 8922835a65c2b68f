import { Redis } from 'ioredis';
import type { BenchTask } from '../tasks/bench-task.js';
import { evaluationMemoKey, evaluationVersion, type MemoEntry } from './evaluation-memo.js';
import type { EvaluationResult } from './evaluation-result.js';
import type { PipelineConfig } from './pipeline-config.js';

/** The prefix of the memo's keys in Redis, so a memo can share a database with a sweep's queue. */
const keyPrefix = 'boden-memo:';

/**
 * The evaluation memo in Redis (`--memo redis://host:port`), for queue workers on machines that share no file
 * system: one key per evaluation, holding the same entry `EvaluationMemo` writes to a file. A `SET` is atomic, and
 * every writer of a key writes the same deterministic entry, so concurrent workers need no lock. A Redis that does not
 * answer makes `get` miss (the pipeline is evaluated) and `set` skip, never a run fail: the memo only saves work.
 */
export class RedisEvaluationMemo {
  readonly #client: Redis;

  /** Connects lazily to `url` (`redis://[user:password@]host[:port][/db]`); commands fail fast while it is down. */
  constructor(readonly url: string) {
    this.#client = new Redis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
      retryStrategy: (attempt) => (attempt > 3 ? null : 200 * attempt),
    });
    // A connection error surfaces on the command that needed it; the client's own event would be unhandled.
    this.#client.on('error', () => undefined);
  }

  /** The stored result for `key`, or undefined (also for a foreign entry or an unreachable Redis). */
  async get(key: string): Promise<EvaluationResult | undefined> {
    try {
      const text = await this.#client.get(`${keyPrefix}${key}`);
      if (text === null) return undefined;
      const entry = JSON.parse(text) as Partial<MemoEntry>;
      return entry.version === evaluationVersion && entry.key === key ? entry.result : undefined;
    } catch {
      return undefined;
    }
  }

  /** Stores the result of evaluating `config` on `task` within `workBudgetSeconds` under its key. */
  async set(task: BenchTask, config: PipelineConfig, result: EvaluationResult, workBudgetSeconds: number | null): Promise<string> {
    const key = evaluationMemoKey(task, config, workBudgetSeconds);
    const entry: MemoEntry = { version: evaluationVersion, key, task: task.task, cv: task.cv, config, workBudgetSeconds, result };
    await this.#client.set(`${keyPrefix}${key}`, JSON.stringify(entry)).catch(() => undefined);
    return key;
  }

  /** Closes the connection (a process with an open one would not exit). */
  async close(): Promise<void> {
    if (this.#client.status !== 'ready') {
      this.#client.disconnect();
      return;
    }
    await this.#client.quit().catch(() => this.#client.disconnect());
  }
}
