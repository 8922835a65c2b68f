import { appendFile, mkdir, open, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from 'boden';
import { BenchRunRecordSchema, type BenchRunRecord } from '../runner/bench-run-record.js';
import { cellId } from './sweep-cells.js';
import { SweepResultsError } from './sweep-results-error.js';

/** The completed runs of a sweep in a JSONL file, one record a line; see `openRunRecordStore`. */
export interface RunRecordStore {
  readonly path: string;
  /** Completed runs, in completion order. */
  readonly records: readonly BenchRunRecord[];
  /** True when the run of this cell id is stored. */
  has(id: string): boolean;
  /** Appends one completed run as one line, synced to disk before it resolves. */
  append(record: BenchRunRecord): Promise<void>;
  /** What opening found: the records read and whether a torn last line (an interrupted write) was dropped. */
  readonly recovered: { readonly records: number; readonly droppedTornLine: boolean };
}

/**
 * Opens (or creates) `path`. Each record is appended with a single write of a whole line and fsynced, so an
 * interruption can only leave a torn last line without its newline: that line is dropped (the file is rewritten
 * atomically without it) and its run is done again. A complete line that does not parse is corruption, not an
 * interruption: a `SweepResultsError` names the line.
 */
export async function openRunRecordStore(path: string): Promise<RunRecordStore> {
  await mkdir(dirname(path), { recursive: true });
  const { complete, droppedTornLine, records } = parseRunRecords(await readRecordsText(path), path);
  if (droppedTornLine) await writeFileAtomic(path, complete);
  const ids = new Set(records.map((record) => cellId(record)));
  return {
    path,
    records,
    recovered: { records: records.length, droppedTornLine },
    has: (id) => ids.has(id),
    async append(record) {
      await appendFile(path, `${JSON.stringify(record)}\n`, 'utf8');
      const handle = await open(path, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      records.push(record);
      ids.add(cellId(record));
    },
  };
}

/**
 * The completed runs in `path` (none when it does not exist), read without changing the file: a torn last line is
 * left alone, since another process (a shard of the same sweep) may be writing it.
 */
export async function readRunRecords(path: string): Promise<BenchRunRecord[]> {
  return parseRunRecords(await readRecordsText(path), path).records;
}

async function readRecordsText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw new SweepResultsError({ file: path, message: 'cannot read the run records', cause: error });
  }
}

/** The records of the complete lines of `text`; a complete line that is not a record is a `SweepResultsError`. */
function parseRunRecords(text: string, path: string): { complete: string; droppedTornLine: boolean; records: BenchRunRecord[] } {
  const complete = text.endsWith('\n') || text === '' ? text : text.slice(0, text.lastIndexOf('\n') + 1);
  const records: BenchRunRecord[] = [];
  for (const [index, line] of complete.split('\n').entries()) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new SweepResultsError({
        file: path,
        field: `line ${index + 1}`,
        message: 'not valid JSON; remove the line to run that cell again',
        cause: error,
      });
    }
    const parsed = BenchRunRecordSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new SweepResultsError({
        file: path,
        field: `line ${index + 1}`,
        message: `not a bench run record: ${issue.path.join('.') || '(record)'}: ${issue.message}`,
      });
    }
    records.push(parsed.data);
  }
  return { complete, droppedTornLine: complete.length < text.length, records };
}
