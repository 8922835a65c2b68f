import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { runToJsonLines } from '../episode/episode-jsonl.js';
import { DataDirectoryError } from '../errors/data-directory-error.js';
import { RunLogWriteError } from '../errors/run-log-write-error.js';
import { writeFileAtomic } from '../files/write-file-atomic.js';
import { parseOptions } from '../options/parse-options.js';
import { shapingEventNames } from '../shaping/shaping-events.js';
import { RunLog, type RunLogRecord } from './run-log.js';
import type { SessionAdmission, SessionSummary, SessionSelection } from '../session/session-responses.js';
import { ShapingSession } from '../session/shaping-session.js';
import {
  ShapingSessionSpecSchema,
  type SessionNode,
  type SessionObservation,
  type ShapingSessionSpecInput,
} from '../session/shaping-session-spec.js';

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
  constructor(runId: string, detail = '') {
    super(`a run "${runId}" exists already${detail}`);
    this.name = 'RunExistsError';
  }
}

/** A call on a run that is closed (410) or being closed (409): it was not applied. */
export class RunClosedError extends Error {
  /** True while the close is still in progress. */
  readonly closing: boolean;

  constructor(runId: string, closing: boolean) {
    super(
      closing
        ? `run "${runId}" is being closed; the call was not applied`
        : `run "${runId}" is closed (its log is kept as ${runId}.closed.jsonl); create a new run`,
    );
    this.name = 'RunClosedError';
    this.closing = closing;
  }
}

/** A retried `Idempotency-Key` whose body differs from the call first made with it (422): nothing was applied. */
export class IdempotencyKeyReusedError extends Error {
  constructor(key: string, type: string) {
    super(`Idempotency-Key "${key}" was first used for a different ${type} call on this run; use a new key for a new call`);
    this.name = 'IdempotencyKeyReusedError';
  }
}

/** What the service did with a run log it could not replay whole at start. */
export interface RunLogRecovery {
  /** The log's file name in the data directory. */
  readonly file: string;
  /** The run it holds, when its create record was readable. */
  readonly runId: string | null;
  /**
   * `cut`: damaged lines were taken out and the run was replayed from the rest; `set-aside`: nothing could be
   * replayed (no create record, or a spec this version refuses), so the file was renamed and the run not loaded;
   * `unreadable`: the file could not be read or moved, and the run was not loaded.
   */
  readonly action: 'cut' | 'set-aside' | 'unreadable';
  /** The 1-based lines that were damaged. */
  readonly lines: readonly number[];
  /** Where the damaged text (or the whole file) was kept; null when it could not be kept. */
  readonly keptAt: string | null;
  /** Why, in words. */
  readonly reason: string;
}

/** A follower of a run's events: a shaping event with its payload, or `closed` with the run's last summary. */
export type ServedEventListener = (event: (typeof shapingEventNames)[number] | 'closed', payload: unknown) => void;

interface Entry {
  readonly run: ShapingSession;
  readonly followers: Set<ServedEventListener>;
  readonly log: RunLog | null;
  /** Answers by call type and idempotency key, with a fingerprint of the call: a retry gets the first answer. */
  readonly answers: Map<string, { readonly fingerprint: string; readonly answer: Promise<unknown> }>;
  /** The tail of the run's queue: calls on one run are logged and applied one at a time, in arrival order. */
  tail: Promise<unknown>;
  /** A close is under way: new calls are refused. */
  closing: boolean;
}

/**
 * The runs of one `boden serve`: each call on a run is queued behind the run's earlier calls, appended to the run's
 * log and fsynced, then applied and answered (write-ahead: a call whose log write fails is answered with the error
 * and applied nowhere, so a retry counts once). With a data directory the logs are replayed at start, so a restarted
 * service has every acknowledged node with the same novelty; a damaged log line is cut out, kept aside and reported,
 * and the service starts.
 */
export class ServedRuns {
  readonly #entries = new Map<string, Entry>();
  readonly #directory: string | null;
  /** The data directory's identity at start: another (or none) at that path means it was removed. */
  #directoryIdentity: { dev: number; ino: number } | null = null;
  /** Ids being created (a log file is being written for them). */
  readonly #creating = new Set<string>();
  /** Ids of runs closed since start, for a clearer answer than "no run". */
  readonly #closed = new Set<string>();
  /** The last failed log write, cleared by the next one that succeeds. */
  #writeFailure: RunLogWriteError | null = null;
  /** Runs whose log ended in a torn (unacknowledged) write when loaded, by id. */
  readonly tornTails: string[] = [];
  /** Logs that could not be replayed whole at start, and what was done with each. */
  readonly recoveries: RunLogRecovery[] = [];

  private constructor(directory: string | null) {
    this.#directory = directory;
  }

  /**
   * Opens the service's runs: checks that `directory` (created if missing) can hold logs, then replays every
   * `<id>.jsonl` in it; none without one. A `DataDirectoryError` when it is a file, cannot be created or written.
   */
  static async open(directory: string | null): Promise<ServedRuns> {
    const runs = new ServedRuns(directory);
    if (directory === null) return runs;
    runs.#directoryIdentity = await checkDataDirectory(directory);
    let names: string[];
    try {
      names = await readdir(directory);
    } catch (error) {
      throw DataDirectoryError.from(error, directory);
    }
    for (const name of names.filter((file) => file.endsWith('.jsonl')).sort()) {
      if (/\.closed(-\d+)?\.jsonl$/.test(name)) {
        runs.#closed.add(name.replace(/\.closed(-\d+)?\.jsonl$/, ''));
        continue;
      }
      await runs.#replay(join(directory, name));
    }
    return runs;
  }

  /** Ids of the open runs, in creation order. */
  ids(): string[] {
    return [...this.#entries.keys()];
  }

  /**
   * Why the service cannot acknowledge calls now, or null: the data directory was removed, or the last log write
   * failed (a full disk, a read-only file system). `/health` answers it.
   */
  async storageProblem(): Promise<string | null> {
    if (this.#directory === null) return null;
    const now = await stat(this.#directory).catch(() => null);
    const start = this.#directoryIdentity;
    if (now === null || !now.isDirectory() || (start !== null && (now.ino !== start.ino || now.dev !== start.dev))) {
      return `data directory ${this.#directory} was removed or replaced: calls are refused (503) until it is restored and the service restarted`;
    }
    return this.#writeFailure?.message ?? null;
  }

  /** Creates a run; `RunExistsError` when the id is taken, `InvalidOptionsError` naming a bad field. */
  async create(input: ShapingSessionSpecInput): Promise<SessionSummary> {
    const spec = parseOptions(ShapingSessionSpecSchema, input, 'run');
    if (this.#entries.has(spec.id) || this.#creating.has(spec.id)) throw new RunExistsError(spec.id);
    const run = new ShapingSession(spec);
    if (this.#directory === null) {
      this.#add(run, null, new Map());
      this.#closed.delete(spec.id);
      return run.summary();
    }
    this.#creating.add(spec.id);
    try {
      const path = join(this.#directory, `${spec.id}.jsonl`);
      let log: RunLog;
      try {
        log = await RunLog.create(path);
      } catch (error) {
        if (RunLogWriteError.isInstance(error) && error.code === 'EEXIST')
          throw new RunExistsError(spec.id, ` (its log ${path} is in the data directory)`);
        throw this.#failed(error);
      }
      try {
        await this.#append(log, { type: 'create', spec });
      } catch (error) {
        // Nothing was acknowledged: leave no file that would block the id or replay as an empty run.
        await log.close().catch(() => {});
        await rm(path, { force: true }).catch(() => {});
        throw error;
      }
      this.#add(run, log, new Map());
      this.#closed.delete(spec.id);
      return run.summary();
    } finally {
      this.#creating.delete(spec.id);
    }
  }

  /** `admit` on run `id` (queued, logged; with `key`, applied once however often it is retried). */
  admit(id: string, node: SessionNode, key?: string): Promise<SessionAdmission> {
    return this.#call(id, { type: 'admit', node, ...keyed(key) }, (run) => run.admit(node));
  }

  /**
   * `observe` on run `id` (queued, logged; with `key`, applied once). Checked against the run first: a refused
   * outcome (`CallRefusedError`) is not logged.
   */
  observe(id: string, observation: SessionObservation, key?: string): Promise<void> {
    return this.#call(
      id,
      { type: 'observe', ...observation, ...keyed(key) },
      (run) => run.observe(observation.node, observation.outcome),
      (run) => run.checkObservation(observation),
    );
  }

  /** `select` on run `id` (queued, logged: it moves the schedule's and the auto-scaled bonus's state; with `key`, applied once). */
  select(
    id: string,
    request: {
      candidates: { id: string; value: number | null; children?: number; visits?: number }[];
      valueRange?: { min: number; max: number };
    },
    key?: string,
  ): Promise<SessionSelection> {
    return this.#call(id, { type: 'select', ...request, ...keyed(key) }, (run) => run.select(request));
  }

  /** The summary of run `id`. */
  summary(id: string): SessionSummary {
    return this.#entry(id).run.summary();
  }

  /** Run `id` as boden's episode JSON lines, once every call queued before this one is applied. */
  async exportJsonLines(id: string): Promise<string> {
    const entry = this.#entry(id);
    await entry.tail;
    return `${[...runToJsonLines(entry.run.trajectory())].join('\n')}\n`;
  }

  /**
   * Closes run `id` once its queued calls are done: its close is logged, then it leaves the service and its log is
   * kept as `<id>.closed.jsonl` (`.closed-2.jsonl`, … after that). When the close cannot be logged the run stays open.
   */
  async close(id: string): Promise<SessionSummary> {
    const entry = this.#open(id);
    entry.closing = true;
    await entry.tail.catch(() => {});
    try {
      if (entry.log !== null) await this.#append(entry.log, { type: 'close' });
    } catch (error) {
      entry.closing = false;
      throw error;
    }
    this.#entries.delete(id);
    this.#closed.add(id);
    const summary = entry.run.summary();
    for (const listener of entry.followers) listener('closed', summary);
    entry.followers.clear();
    if (entry.log !== null) {
      await entry.log.close();
      // The close is on disk; a log that cannot be renamed now is recognised as closed at the next start.
      await renameClosed(entry.log.path).catch(() => {});
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
  #add(run: ShapingSession, log: RunLog | null, answers: Entry['answers']): void {
    const followers = new Set<ServedEventListener>();
    for (const name of shapingEventNames)
      run.events.on(name, (payload: unknown) => followers.forEach((listener) => listener(name, payload)));
    this.#entries.set(run.spec.id, { run, followers, log, answers, tail: Promise.resolve(), closing: false });
  }

  #entry(id: string): Entry {
    const entry = this.#entries.get(id);
    if (entry !== undefined) return entry;
    if (this.#closed.has(id)) throw new RunClosedError(id, false);
    throw new UnknownRunError(id);
  }

  /** The entry of a run that takes calls (not being closed). */
  #open(id: string): Entry {
    const entry = this.#entry(id);
    if (entry.closing) throw new RunClosedError(id, true);
    return entry;
  }

  /** Appends to a log, remembering the failure (for `/health`) or clearing it. */
  async #append(log: RunLog, record: RunLogRecord): Promise<void> {
    try {
      await log.append(record);
    } catch (error) {
      throw this.#failed(error);
    }
    this.#writeFailure = null;
  }

  #failed(error: unknown): unknown {
    if (RunLogWriteError.isInstance(error)) this.#writeFailure = error;
    return error;
  }

  #call<Result>(
    id: string,
    record: RunLogRecord & { key?: string },
    apply: (run: ShapingSession) => Promise<Result>,
    check?: (run: ShapingSession) => void,
  ): Promise<Result> {
    const entry = this.#open(id);
    const answerKey = record.key === undefined ? undefined : `${record.type}\u0000${record.key}`;
    const fingerprint = answerKey === undefined ? '' : fingerprintOf(record);
    const earlier = answerKey === undefined ? undefined : entry.answers.get(answerKey);
    if (earlier !== undefined) {
      if (earlier.fingerprint !== fingerprint) return Promise.reject(new IdempotencyKeyReusedError(record.key!, record.type));
      return earlier.answer as Promise<Result>;
    }
    // Write-ahead: the record is on disk before the call changes the run, so a failed write changes nothing. A call
    // that fails when applied (deterministically) fails the same way when the log is replayed.
    const result = entry.tail.then(async () => {
      // A call the run's state refuses is refused before it is logged: the log holds only calls that apply.
      check?.(entry.run);
      if (entry.log !== null) await this.#append(entry.log, record);
      return apply(entry.run);
    });
    entry.tail = result.catch(() => {});
    if (answerKey !== undefined) {
      entry.answers.set(answerKey, { fingerprint, answer: result });
      // A call that failed: its key may be tried again.
      result.catch(() => entry.answers.delete(answerKey));
    }
    return result;
  }

  async #replay(path: string): Promise<void> {
    const file = basename(path);
    const damaged: { line: number; text: string; reason: string }[] = [];
    let run: ShapingSession | undefined;
    let refused: string | undefined;
    let closedAt: number | undefined;
    let torn = false;
    const answers: Entry['answers'] = new Map();
    try {
      for await (const entry of RunLog.read(path)) {
        if ('damaged' in entry) {
          damaged.push({ line: entry.line, text: entry.damaged, reason: entry.reason });
          torn ||= entry.reason.startsWith('a record cut short');
          continue;
        }
        const { record, line } = entry;
        if (run === undefined) {
          if (record.type !== 'create') {
            damaged.push({ line, text: JSON.stringify(record), reason: "a record before the run's create record" });
            continue;
          }
          try {
            run = new ShapingSession(parseOptions(ShapingSessionSpecSchema, record.spec, 'run'));
          } catch (error) {
            refused = `line ${line}: its run spec is refused (${(error as Error).message})`;
            break;
          }
          continue;
        }
        if (record.type === 'create' || closedAt !== undefined) {
          damaged.push({
            line,
            text: JSON.stringify(record),
            reason: record.type === 'create' ? 'a second create record' : 'a record after the close record',
          });
          continue;
        }
        if (record.type === 'close') {
          closedAt = line;
          continue;
        }
        let answer: Promise<unknown>;
        try {
          answer = Promise.resolve(
            record.type === 'admit'
              ? await run.admit(record.node)
              : record.type === 'observe'
                ? await run.observe(record.node, record.outcome)
                : await run.select(record),
          );
        } catch (error) {
          // Written ahead of a call that then failed: it failed the same way when first made, and changed nothing more.
          answer = Promise.reject(error);
          answer.catch(() => {});
        }
        // A key acknowledged before the restart still answers a retry with what it answered then.
        if (record.key !== undefined) answers.set(`${record.type}\u0000${record.key}`, { fingerprint: fingerprintOf(record), answer });
      }
    } catch (error) {
      this.recoveries.push({
        file,
        runId: null,
        action: 'unreadable',
        lines: [],
        keptAt: null,
        reason: `cannot read it: ${(error as Error).message}`,
      });
      return;
    }
    if (run === undefined) {
      const reason = refused ?? (damaged.length === 0 ? 'an empty log (its run was never acknowledged)' : 'no readable create record');
      const keptAt = await setAside(path).catch(() => null);
      this.recoveries.push({
        file,
        runId: null,
        action: keptAt === null ? 'unreadable' : 'set-aside',
        lines: damaged.map((entry) => entry.line),
        keptAt,
        reason,
      });
      return;
    }
    const runId = run.spec.id;
    if (damaged.length > 0) {
      const keptAt = `${path}.damaged`;
      try {
        await appendFile(keptAt, damaged.map((entry) => `line ${entry.line} (${entry.reason}): ${entry.text}\n`).join(''));
        await rewriteWithout(path);
      } catch (error) {
        this.recoveries.push({
          file,
          runId,
          action: 'unreadable',
          lines: damaged.map((entry) => entry.line),
          keptAt: null,
          reason: `damaged lines could not be cut out: ${(error as Error).message}`,
        });
        return;
      }
      const onlyTorn = damaged.length === 1 && torn;
      if (onlyTorn) this.tornTails.push(runId);
      else
        this.recoveries.push({
          file,
          runId,
          action: 'cut',
          lines: damaged.map((entry) => entry.line),
          keptAt,
          reason: [...new Set(damaged.map((entry) => entry.reason))].join('; '),
        });
    }
    if (closedAt !== undefined) {
      // Closed, but the service stopped before it renamed the log.
      this.#closed.add(runId);
      await renameClosed(path).catch(() => {});
      return;
    }
    if (this.#entries.has(runId)) {
      const keptAt = await setAside(path).catch(() => null);
      this.recoveries.push({
        file,
        runId,
        action: keptAt === null ? 'unreadable' : 'set-aside',
        lines: [],
        keptAt,
        reason: `another log holds run "${runId}" already`,
      });
      return;
    }
    let log: RunLog;
    try {
      log = await RunLog.open(path);
    } catch (error) {
      this.recoveries.push({ file, runId, action: 'unreadable', lines: [], keptAt: null, reason: (error as Error).message });
      return;
    }
    this.#add(run, log, answers);
  }
}

/** The record field of an idempotency key, if the call has one. */
function keyed(key: string | undefined): { key?: string } {
  return key === undefined ? {} : { key };
}

/** What a call carries, as a digest: a key reused with a different body is refused, not answered with another node. */
function fingerprintOf(record: RunLogRecord & { key?: string }): string {
  const { key: _key, ...call } = record;
  return createHash('sha256').update(JSON.stringify(call)).digest('base64');
}

/**
 * Checks that `directory` can hold run logs: creates it when missing, then writes, fsyncs and removes a probe file,
 * so a file in the way, a read-only or full file system, or a path under `/proc` fails at start with a
 * `DataDirectoryError`, not at the first call. Returns the directory's identity.
 */
async function checkDataDirectory(directory: string): Promise<{ dev: number; ino: number }> {
  const probe = join(directory, `.boden-write-probe-${process.pid}`);
  try {
    await makeDirectory(directory, 0);
    const found = await stat(directory);
    if (!found.isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'EEXIST' });
    const handle = await open(probe, 'w');
    try {
      await handle.writeFile('probe\n');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rm(probe, { force: true });
    return { dev: found.dev, ino: found.ino };
  } catch (error) {
    await rm(probe, { force: true }).catch(() => {});
    throw DataDirectoryError.from(error, directory);
  }
}

/**
 * `mkdir -p`, hand-written because Node's `mkdir(…, { recursive: true })` never returns for a path under `/proc`
 * (the kernel answers ENOENT for a parent that exists, and Node retries for ever): each level is tried once.
 */
async function makeDirectory(path: string, depth: number): Promise<void> {
  try {
    await mkdir(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    if (code !== 'ENOENT' || depth > 100 || dirname(path) === path) throw error;
    await makeDirectory(dirname(path), depth + 1);
    await mkdir(path).catch((again: NodeJS.ErrnoException) => {
      if (again.code !== 'EEXIST') throw again;
    });
  }
}

/** Renames a closed run's log to `<id>.closed.jsonl`, never over an earlier closed log (an id may be closed again). */
async function renameClosed(path: string): Promise<void> {
  let closed = path.replace(/\.jsonl$/, '.closed.jsonl');
  for (let copy = 2; existsSync(closed); copy += 1) closed = path.replace(/\.jsonl$/, `.closed-${copy}.jsonl`);
  await rename(path, closed);
}

/** Moves a log that cannot be replayed out of the way (`<file>.unreadable`, `-2`, …): kept, never replayed again. */
async function setAside(path: string): Promise<string> {
  let aside = `${path}.unreadable`;
  for (let copy = 2; existsSync(aside); copy += 1) aside = `${path}.unreadable-${copy}`;
  await rename(path, aside);
  return aside;
}

/** Rewrites the log at `path` with its whole records only (atomically: readers see the old or the new file). */
async function rewriteWithout(path: string): Promise<void> {
  await writeFileAtomic(path, async (temporaryPath) => {
    const handle = await open(temporaryPath, 'w');
    try {
      // The replay's rules: nothing before the first create, no second create, nothing after a close.
      let state: 'before-create' | 'open' | 'closed' = 'before-create';
      for await (const entry of RunLog.read(path)) {
        if (!('record' in entry) || state === 'closed') continue;
        const { type } = entry.record;
        if (state === 'before-create' ? type !== 'create' : type === 'create') continue;
        state = type === 'close' ? 'closed' : 'open';
        await handle.write(`${JSON.stringify(entry.record)}\n`);
      }
    } finally {
      await handle.close();
    }
  });
}
