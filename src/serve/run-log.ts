import { constants, createReadStream } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { RunLogWriteError } from '../errors/run-log-write-error.js';
import { IdempotencyKeySchema } from './idempotency-key.js';
import {
  SessionNodeSchema,
  SessionObservationSchema,
  ShapingSessionSpecSchema,
  SessionSelectionRequestSchema,
} from '../session/shaping-session-spec.js';

/** One acknowledged call of a served run, in the order it was applied. */
export const RunLogRecordSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('create'), spec: ShapingSessionSpecSchema }),
  z.strictObject({ type: z.literal('admit'), node: SessionNodeSchema, key: IdempotencyKeySchema.optional() }),
  z.strictObject({ type: z.literal('observe'), ...SessionObservationSchema.shape, key: IdempotencyKeySchema.optional() }),
  z.strictObject({ type: z.literal('select'), ...SessionSelectionRequestSchema.shape, key: IdempotencyKeySchema.optional() }),
  z.strictObject({ type: z.literal('close') }),
]);

/** A record of a run log. */
export type RunLogRecord = z.infer<typeof RunLogRecordSchema>;

/** What reading a log line gave: a record, or text that is not one (with its 1-based line and why). */
export type RunLogEntry =
  | { readonly record: RunLogRecord; readonly line: number }
  | { readonly damaged: string; readonly line: number; readonly reason: string };

/** Where a record starts: `JSON.stringify` of a record writes `type` first, and escapes every quote inside strings. */
const recordStart = '{"type":"';

/**
 * A served run's append-only log, one JSON line per call, each fsynced before the call is applied and answered, so a
 * killed server loses nothing it acknowledged: a restart replays the log. A write that fails (a full disk, a
 * read-only or removed directory) is a `RunLogWriteError`, and the log is cut back to its last whole record before
 * anything else is written, so a half-written line never has a record glued to it. Hand-written on `node:fs`
 * (positional writes and fsync on one handle) because the guarantee is the whole point and a dependency would hide
 * where the fsync happens.
 */
export class RunLog {
  readonly path: string;
  readonly #handle: FileHandle;
  /** The file's identity when opened: a log whose path now names another file (or none) was removed. */
  readonly #identity: { readonly dev: number; readonly ino: number };
  /** Bytes of whole, synced records: where the next record is written. */
  #size: number;
  /** A write failed: the bytes past `#size` may hold part of a record and must be cut first. */
  #cutNeeded = false;

  private constructor(path: string, handle: FileHandle, identity: { dev: number; ino: number }, size: number) {
    this.path = path;
    this.#handle = handle;
    this.#identity = identity;
    this.#size = size;
  }

  /** Creates a new, empty log at `path`; `EEXIST` (as a `RunLogWriteError`) when a file is already there. */
  static async create(path: string): Promise<RunLog> {
    return RunLog.#open(path, constants.O_RDWR | constants.O_CREAT | constants.O_EXCL);
  }

  /** Opens an existing log at `path` to append to it. */
  static async open(path: string): Promise<RunLog> {
    return RunLog.#open(path, constants.O_RDWR);
  }

  static async #open(path: string, flags: number): Promise<RunLog> {
    let handle: FileHandle | undefined;
    try {
      handle = await open(path, flags, 0o644);
      const { dev, ino, size } = await handle.stat();
      return new RunLog(path, handle, { dev, ino }, size);
    } catch (error) {
      await handle?.close().catch(() => {});
      throw RunLogWriteError.from(error, path);
    }
  }

  /**
   * Reads the log at `path` line by line: each record, and each line (or part of a line) that is not a whole record,
   * as damaged. A last line without its newline is a write a crash cut short (never acknowledged). A line holding a
   * cut record with a whole record glued after it (written by versions that did not cut a failed write back) gives
   * both: the cut part as damaged, the whole record as a record.
   */
  static async *read(path: string): AsyncGenerator<RunLogEntry> {
    const endsWithNewline = await lastByteIsNewline(path);
    const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Number.POSITIVE_INFINITY });
    let pending: { text: string; line: number } | undefined;
    let number = 0;
    // One line behind, so the last line is known as the last one (it may be torn).
    for await (const text of lines) {
      number += 1;
      if (pending !== undefined) yield* parseLine(pending.text, pending.line, false);
      pending = { text, line: number };
    }
    if (pending !== undefined) yield* parseLine(pending.text, pending.line, !endsWithNewline);
  }

  /** Appends one record and waits until it is on disk; a `RunLogWriteError` leaves the log as it was. */
  async append(record: RunLogRecord): Promise<void> {
    const bytes = Buffer.from(`${JSON.stringify(record)}\n`, 'utf8');
    try {
      await this.#checkInPlace();
      if (this.#cutNeeded) {
        await this.#handle.truncate(this.#size);
        this.#cutNeeded = false;
      }
      for (let written = 0; written < bytes.length; ) {
        const { bytesWritten } = await this.#handle.write(bytes, written, bytes.length - written, this.#size + written);
        written += bytesWritten;
      }
      await this.#handle.sync();
    } catch (error) {
      this.#cutNeeded = true;
      // Cut the partial record now if the file system lets us (a full disk does); else before the next write.
      await this.#handle
        .truncate(this.#size)
        .then(() => {
          this.#cutNeeded = false;
        })
        .catch(() => {});
      throw RunLogWriteError.isInstance(error) ? error : RunLogWriteError.from(error, this.path);
    }
    this.#size += bytes.length;
  }

  /** Closes the file. */
  async close(): Promise<void> {
    await this.#handle.close();
  }

  /** Throws when the log's path no longer names this file: its directory was removed, or the file moved or replaced. */
  async #checkInPlace(): Promise<void> {
    const current = await stat(this.path).catch(() => null);
    if (current === null || current.ino !== this.#identity.ino || current.dev !== this.#identity.dev) {
      throw new RunLogWriteError({ path: this.path, code: 'ENOENT' });
    }
  }
}

/** The records (and damaged parts) of one line; `torn`: the line is the last one and has no newline. */
function* parseLine(text: string, line: number, torn: boolean): Generator<RunLogEntry> {
  if (text === '') return;
  if (torn) {
    yield { damaged: text, line, reason: 'a record cut short by a crash (never acknowledged)' };
    return;
  }
  const whole = parseRecord(text);
  if (whole.record !== undefined) {
    yield { record: whole.record, line };
    return;
  }
  // Split at every record start: earlier versions appended a record onto a failed write's partial line.
  const starts: number[] = [];
  for (let index = text.indexOf(recordStart); index !== -1; index = text.indexOf(recordStart, index + 1)) starts.push(index);
  if (starts[0] !== 0) starts.unshift(0);
  for (const [position, start] of starts.entries()) {
    const part = text.slice(start, starts[position + 1] ?? text.length);
    const parsed = start === 0 && starts.length === 1 ? whole : parseRecord(part);
    if (parsed.record !== undefined) yield { record: parsed.record, line };
    else yield { damaged: part, line, reason: parsed.reason };
  }
}

function parseRecord(text: string): { record?: RunLogRecord; reason: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { reason: 'not JSON' };
  }
  const parsed = RunLogRecordSchema.safeParse(value);
  if (parsed.success) return { record: parsed.data, reason: '' };
  const issue = parsed.error.issues[0];
  return {
    reason: `not a run-log record (${issue === undefined ? 'invalid' : `${issue.path.map(String).join('.') || 'record'}: ${issue.message}`})`,
  };
}

async function lastByteIsNewline(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    if (size === 0) return true;
    const { buffer } = await handle.read(Buffer.alloc(1), 0, 1, size - 1);
    return buffer[0] === 0x0a;
  } finally {
    await handle.close();
  }
}
