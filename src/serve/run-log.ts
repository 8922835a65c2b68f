import { open, readFile, type FileHandle } from 'node:fs/promises';
import { z } from 'zod';
import { IdempotencyKeySchema, ServedNodeSchema, ServedObservationSchema, ServedRunSpecSchema, ServedSelectionRequestSchema } from './served-run-spec.js';

/** One acknowledged call of a served run, in the order it was applied. */
export const RunLogRecordSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('create'), spec: ServedRunSpecSchema }),
  z.strictObject({ type: z.literal('admit'), node: ServedNodeSchema, key: IdempotencyKeySchema.optional() }),
  z.strictObject({ type: z.literal('observe'), ...ServedObservationSchema.shape, key: IdempotencyKeySchema.optional() }),
  z.strictObject({ type: z.literal('select'), ...ServedSelectionRequestSchema.shape, key: IdempotencyKeySchema.optional() }),
  z.strictObject({ type: z.literal('close') }),
]);

/** A record of a run log. */
export type RunLogRecord = z.infer<typeof RunLogRecordSchema>;

/** What reading a run log found: its records, and whether a torn last line (a write cut by a crash) was dropped. */
export interface RunLogContents {
  readonly records: RunLogRecord[];
  readonly tornTail: boolean;
  /** Bytes of the complete lines (where a torn tail starts). */
  readonly completeBytes: number;
}

/**
 * A served run's append-only log, one JSON line per acknowledged call, each fsynced before the call is answered, so
 * a killed server loses nothing it acknowledged: a restart replays the log. Hand-written on `node:fs` (appendFile +
 * sync on one handle) because the guarantee is the whole point and a dependency would hide where the fsync happens.
 */
export class RunLog {
  readonly path: string;
  readonly #handle: FileHandle;

  private constructor(path: string, handle: FileHandle) {
    this.path = path;
    this.#handle = handle;
  }

  /** Opens (creating) the log at `path` for appending. */
  static async open(path: string): Promise<RunLog> {
    return new RunLog(path, await open(path, 'a'));
  }

  /** Reads a log; a last line without its newline that does not parse is a torn write, dropped and reported. */
  static async read(path: string): Promise<RunLogContents> {
    const text = await readFile(path, 'utf8');
    const lines = text.split('\n');
    // The last element is '' after a final newline, else a line whose write a crash cut short.
    const complete = lines.slice(0, -1);
    const tail = lines.at(-1)!;
    const records = complete.filter((line) => line !== '').map((line, index) => {
      const parsed = RunLogRecordSchema.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error(`${path} line ${index + 1}: not a run-log record (${parsed.error.issues[0]?.message ?? 'invalid'})`);
      return parsed.data;
    });
    return { records, tornTail: tail !== '', completeBytes: Buffer.byteLength(text) - Buffer.byteLength(tail) };
  }

  /** Appends one record and waits until it is on disk. */
  async append(record: RunLogRecord): Promise<void> {
    await this.#handle.appendFile(`${JSON.stringify(record)}\n`, 'utf8');
    await this.#handle.sync();
  }

  /** Closes the file. */
  async close(): Promise<void> {
    await this.#handle.close();
  }
}
