import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { runToJsonLines } from '../episode/episode-jsonl.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { parseOptions } from '../options/parse-options.js';
import { shapingEventNames } from '../shaping/shaping-events.js';
import { RunLog, type RunLogRecord } from './run-log.js';
import type { ServedAdmission, ServedRunSummary, ServedSelection } from './served-responses.js';
import { ServedRun } from './served-run.js';
import { ServedRunSpecSchema, type ServedNode, type ServedRunSpecInput } from './served-run-spec.js';

/** A run id no run has: the service answers 404. */
export class UnknownRunError extends Error {
  /** The id asked for. */
  readonly runId: string;

  constructor(runId: string) {
    super(`no run "${runId}" (create it with POST /runs)`);
    this.name = 'UnknownRunError';
    this.runId = runId;
  }
}

/** A run id already taken: the service answers 409. */
export class RunExistsError extends Error {
  constructor(runId: string) {
    super(`a run "${runId}" exists already`);
    this.name = 'RunExistsError';
  }
}

/** A follower of a run's events: a shaping event with its payload, or `closed` with the run's last summary. */
export type ServedEventListener = (event: (typeof shapingEventNames)[number] | 'closed', payload: unknown) => void;

interface Entry {
  readonly run: ServedRun;
  readonly followers: Set<ServedEventListener>;
  readonly log: RunLog | null;
  /** Answers by call type and idempotency key: a retry with a key already seen gets the first answer. */
  readonly answers: Map<string, Promise<unknown>>;
  /** The tail of the run's queue: calls on one run are applied and logged one at a time, in arrival order. */
  tail: Promise<unknown>;
}

/**
 * The runs of one `boden serve`: each call on a run is queued behind the run's earlier calls, applied, then appended
 * to the run's log and fsynced before it is answered. With a data directory the logs are replayed at start, so a
 * restarted service has every acknowledged node with the same novelty.
 */
export class ServedRuns {
  readonly #entries = new Map<string, Entry>();
  readonly #directory: string | null;
  /** Runs whose log ended in a torn (unacknowledged) write when loaded, by id. */
  readonly tornTails: string[] = [];

  private constructor(directory: string | null) {
    this.#directory = directory;
  }

  /** Opens the service's runs: replays every `<id>.jsonl` in `directory` (created if missing); none without one. */
  static async open(directory: string | null): Promise<ServedRuns> {
    const runs = new ServedRuns(directory);
    if (directory === null) return runs;
    await mkdir(directory, { recursive: true });
    for (const name of (await readdir(directory)).filter((file) => file.endsWith('.jsonl')).sort()) await runs.#replay(join(directory, name));
    return runs;
  }

  /** Ids of the open runs, in creation order. */
  ids(): string[] {
    return [...this.#entries.keys()];
  }

  /** Creates a run; `RunExistsError` when the id is taken, `InvalidOptionsError` naming a bad field. */
  async create(input: ServedRunSpecInput): Promise<ServedRunSummary> {
    const spec = parseOptions(ServedRunSpecSchema, input, 'run');
    if (this.#entries.has(spec.id)) throw new RunExistsError(spec.id);
    const run = new ServedRun(spec);
    const log = this.#directory === null ? null : await RunLog.open(join(this.#directory, `${spec.id}.jsonl`));
    this.#add(run, log, new Map());
    await log?.append({ type: 'create', spec });
    return run.summary();
  }

  /** `admit` on run `id` (queued, logged; with `key`, applied once however often it is retried). */
  admit(id: string, node: ServedNode, key?: string): Promise<ServedAdmission> {
    return this.#call(id, { type: 'admit', node, ...keyed(key) }, (run) => run.admit(node));
  }

  /** `observe` on run `id` (queued, logged; with `key`, applied once). */
  observe(id: string, observation: { node: ServedNode; outcome: { valid: boolean; value?: number | null } }, key?: string): Promise<void> {
    return this.#call(id, { type: 'observe', ...observation, ...keyed(key) }, (run) => run.observe(observation.node, observation.outcome));
  }

  /** `select` on run `id` (queued, logged: it moves the schedule's and the auto-scaled bonus's state; with `key`, applied once). */
  select(id: string, request: { candidates: { id: string; value: number | null; children?: number; visits?: number }[]; valueRange?: { min: number; max: number } }, key?: string): Promise<ServedSelection> {
    return this.#call(id, { type: 'select', ...request, ...keyed(key) }, (run) => run.select(request));
  }

  /** The summary of run `id`. */
  summary(id: string): ServedRunSummary {
    return this.#entry(id).run.summary();
  }

  /** Run `id` as boden's episode JSON lines, once every call queued before this one is applied. */
  async exportJsonLines(id: string): Promise<string> {
    const entry = this.#entry(id);
    await entry.tail;
    return `${[...runToJsonLines(entry.run.trajectory())].join('\n')}\n`;
  }

  /** Closes run `id`: it leaves the service, its log is kept as `<id>.closed.jsonl` (`.closed-2.jsonl`, … after that). */
  async close(id: string): Promise<ServedRunSummary> {
    const entry = this.#entry(id);
    this.#entries.delete(id);
    await entry.tail.catch(() => {});
    const summary = entry.run.summary();
    for (const listener of entry.followers) listener('closed', summary);
    entry.followers.clear();
    if (entry.log !== null) {
      await entry.log.append({ type: 'close' });
      await entry.log.close();
      // A run id may be closed more than once (created again after a close): never overwrite an earlier closed log.
      let closed = entry.log.path.replace(/\.jsonl$/, '.closed.jsonl');
      for (let copy = 2; existsSync(closed); copy += 1) closed = entry.log.path.replace(/\.jsonl$/, `.closed-${copy}.jsonl`);
      await rename(entry.log.path, closed);
    }
    return summary;
  }

  /** Closes every log (the runs stay on disk for the next start). */
  async shutdown(): Promise<void> {
    for (const entry of this.#entries.values()) {
      await entry.tail.catch(() => {});
      await entry.log?.close();
    }
    this.#entries.clear();
  }

  /** Follows run `id`'s events from now on (nothing earlier is replayed); returns the way to stop. */
  follow(id: string, listener: ServedEventListener): () => void {
    const { followers } = this.#entry(id);
    followers.add(listener);
    return () => followers.delete(listener);
  }

  /** Registers a run and passes its shaping events on to whoever follows it. */
  #add(run: ServedRun, log: RunLog | null, answers: Map<string, Promise<unknown>>): void {
    const followers = new Set<ServedEventListener>();
    for (const name of shapingEventNames) run.events.on(name, (payload: unknown) => followers.forEach((listener) => listener(name, payload)));
    this.#entries.set(run.spec.id, { run, followers, log, answers, tail: Promise.resolve() });
  }

  #entry(id: string): Entry {
    const entry = this.#entries.get(id);
    if (entry === undefined) throw new UnknownRunError(id);
    return entry;
  }

  #call<Result>(id: string, record: RunLogRecord & { key?: string }, apply: (run: ServedRun) => Promise<Result>): Promise<Result> {
    const entry = this.#entry(id);
    const answerKey = record.key === undefined ? undefined : `${record.type}\u0000${record.key}`;
    const earlier = answerKey === undefined ? undefined : entry.answers.get(answerKey);
    if (earlier !== undefined) return earlier as Promise<Result>;
    const result = entry.tail.then(async () => {
      const value = await apply(entry.run);
      await entry.log?.append(record);
      return value;
    });
    entry.tail = result.catch(() => {});
    if (answerKey !== undefined) {
      entry.answers.set(answerKey, result);
      // A call that failed was not applied: its key may be tried again.
      result.catch(() => entry.answers.delete(answerKey));
    }
    return result;
  }

  async #replay(path: string): Promise<void> {
    if (/\.closed(-\d+)?\.jsonl$/.test(path)) return;
    const { records, tornTail, completeBytes } = await RunLog.read(path);
    // The torn line was never acknowledged: cut it off, so the next record starts on a line of its own.
    if (tornTail) await truncate(path, completeBytes);
    const [first, ...rest] = records;
    if (first === undefined || first.type !== 'create') throw new InvalidArgumentError({ argument: '--data', reason: `${path} does not start with a create record` });
    const run = new ServedRun(parseOptions(ServedRunSpecSchema, first.spec, 'run'));
    const answers = new Map<string, Promise<unknown>>();
    for (const record of rest) {
      let answer: unknown;
      if (record.type === 'admit') answer = await run.admit(record.node);
      else if (record.type === 'observe') answer = await run.observe(record.node, record.outcome);
      else if (record.type === 'select') answer = await run.select(record);
      // A key acknowledged before the restart still answers a retry with what it answered then.
      if ('key' in record && record.key !== undefined) answers.set(`${record.type}\u0000${record.key}`, Promise.resolve(answer));
    }
    if (tornTail) this.tornTails.push(run.spec.id);
    this.#add(run, await RunLog.open(path), answers);
  }
}

/** The record field of an idempotency key, if the call has one. */
function keyed(key: string | undefined): { key?: string } {
  return key === undefined ? {} : { key };
}
