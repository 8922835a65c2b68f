import { readFile } from 'node:fs/promises';
import initSqlJs, { type Database, type SqlValue } from 'sql.js';
import type { Run } from '../../src/episode/run.js';
import type { TrajectoryNode } from '../../src/episode/trajectory-node.js';
import { EmptyTrajectoryError } from '../../src/errors/empty-trajectory-error.js';
import { FileReadError } from '../../src/errors/file-read-error.js';
import { InvalidFieldError } from '../../src/errors/invalid-field-error.js';
import { NotATrajectoryError } from '../../src/errors/not-a-trajectory-error.js';
import { buildRun } from './build-run.js';
import type { ImportOptions } from './import-options.js';
import { runIdFromPath } from './parse-node.js';

/** The first 16 bytes of every SQLite 3 database file. */
const sqliteMagic = Buffer.from('SQLite format 3\0', 'latin1');

/** True when `head` (a file's first bytes) is a SQLite 3 database header. */
export function isSqliteHeader(head: Uint8Array): boolean {
  return head.length >= sqliteMagic.length && sqliteMagic.equals(head.subarray(0, sqliteMagic.length));
}

// The columns of ShinkaEvolve's `programs` table (shinka/database/dbase.py, `_create_tables`) this importer reads.
const required = ['id', 'code', 'parent_id', 'generation', 'timestamp', 'combined_score', 'correct', 'metadata'] as const;
const optional = ['text_feedback', 'island_idx'] as const;

let engine: ReturnType<typeof initSqlJs> | undefined;

/**
 * Reads ShinkaEvolve's `programs.sqlite` (the async runner's `results/programs.sqlite`): every program is a node, in
 * the order Shinka stored them (`timestamp`, then `generation`). The plan is the proposal's `patch_name` and
 * `patch_description` from `metadata`, the score `combined_score` (maximised) when the program is `correct`, and an
 * incorrect one is buggy with no score (also a proposal Shinka persisted as failed, `node_kind: failed_proposal`).
 * The copies Shinka makes of a program for other islands (`_is_island_copy`, `_spawned_island`) are the same program:
 * they are left out and a child of a copy hangs under the original. A live run's `-wal` file is read too (its
 * committed frames), so a run can be scored while Shinka writes it.
 */
export async function importShinkaSqlite(path: string, options: ImportOptions = {}): Promise<Run> {
  const bytes = await readDatabase(path);
  const SQL = await (engine ??= initSqlJs());
  let database: Database;
  try {
    database = new SQL.Database(bytes);
    database.exec('PRAGMA schema_version');
  } catch (error) {
    throw new NotATrajectoryError({
      file: path,
      location: null,
      reason: `not a SQLite database (${(error as Error).message})`,
      cause: error,
    });
  }
  try {
    return toRun(path, database, options);
  } finally {
    database.close();
  }
}

function toRun(path: string, database: Database, options: ImportOptions): Run {
  const columns = new Set(database.exec('PRAGMA table_info(programs)')[0]?.values.map((row) => String(row[1])) ?? []);
  if (columns.size === 0) {
    throw new NotATrajectoryError({
      file: path,
      location: 'table programs',
      reason: 'a SQLite database without a programs table: not a ShinkaEvolve programs.sqlite',
    });
  }
  const missing = required.find((column) => !columns.has(column));
  if (missing !== undefined) {
    throw new InvalidFieldError({
      file: path,
      location: `table programs, column ${missing}`,
      reason: `the programs table has no ${missing} column (ShinkaEvolve's programs table has ${required.join(', ')})`,
    });
  }
  const wanted = [...required, ...optional.filter((column) => columns.has(column))];
  const result = database.exec(`SELECT ${wanted.join(', ')} FROM programs ORDER BY timestamp, generation, rowid`)[0];
  if (result === undefined)
    throw new EmptyTrajectoryError({ file: path, location: 'table programs', reason: 'the programs table has no rows' });
  const rows = result.values.map(
    (values) => Object.fromEntries(wanted.map((column, index) => [column, values[index] ?? null])) as Record<string, SqlValue>,
  );

  const programs = rows.map((row) => {
    const location = `table programs, id ${String(row.id)}`;
    if (typeof row.id !== 'string' || row.id === '')
      throw new InvalidFieldError({ file: path, location, reason: 'id is not a non-empty text' });
    return { row, location, metadata: parseMetadata(row.metadata ?? null, path, location) };
  });
  // A copy of a program for another island is that program: its children hang under the original.
  const originalOf = new Map<string, string>();
  for (const { row, metadata } of programs) {
    const original =
      metadata._is_island_copy === true
        ? metadata._original_program_id
        : metadata._spawned_island === true
          ? metadata._spawned_from_program_id
          : undefined;
    if (typeof original === 'string' && original !== row.id) originalOf.set(row.id as string, original);
  }
  const resolve = (id: string): string => {
    const seen = new Set<string>();
    let current = id;
    while (originalOf.has(current) && !seen.has(current)) {
      seen.add(current);
      current = originalOf.get(current)!;
    }
    return current;
  };
  const nodes: TrajectoryNode[] = programs
    .filter(({ row }) => !originalOf.has(row.id as string))
    .map(({ row, metadata, location }, step) => {
      const correct = Number(row.correct) === 1;
      const score = typeof row.combined_score === 'number' && Number.isFinite(row.combined_score) ? row.combined_score : null;
      const parent = typeof row.parent_id === 'string' && row.parent_id !== '' ? resolve(row.parent_id) : null;
      const feedback = typeof row.text_feedback === 'string' && row.text_feedback.trim() !== '' ? row.text_feedback : null;
      const patchType = typeof metadata.patch_type === 'string' ? metadata.patch_type : null;
      return {
        id: row.id as string,
        step,
        parentIds: parent === null ? [] : [parent],
        plan: planOf(metadata),
        code: typeof row.code === 'string' ? row.code : '',
        summary: feedback,
        isBuggy: !correct,
        score: correct ? score : null,
        maximize: true,
        createdAt: typeof row.timestamp === 'number' ? row.timestamp : null,
        operators: patchType === null ? [] : [patchType],
        flags: [],
        metadata: {
          generation: typeof row.generation === 'number' ? row.generation : null,
          island: typeof row.island_idx === 'number' ? row.island_idx : null,
          nodeKind: typeof metadata.node_kind === 'string' ? metadata.node_kind : null,
          failureStage: typeof metadata.failure_stage === 'string' ? metadata.failure_stage : null,
        },
        location,
      };
    });
  return buildRun({
    file: path,
    format: 'shinka-programs-sqlite',
    runId: options.runId ?? runIdOf(path),
    nodes,
    metricName: 'combined_score',
    danglingParents: 'root',
    ...(options.onNodes === undefined ? {} : { onNodes: options.onNodes }),
  });
}

/** The results folder's name for Shinka's `<results>/programs.sqlite`, else the file's name without its suffix. */
function runIdOf(path: string): string {
  const parts = path.replace(/[\\/]+$/, '').split(/[\\/]/);
  const base = parts.at(-1) ?? path;
  if (base === 'programs.sqlite' && parts.length > 1 && parts.at(-2) !== '' && parts.at(-2) !== '.') return parts.at(-2)!;
  return base.replace(/\.(sqlite3?|db)$/i, '') || runIdFromPath(path);
}

/** `patch_name: patch_description` as the runner stores them in a program's metadata (either may be missing). */
function planOf(metadata: Record<string, unknown>): string {
  const parts = [metadata.patch_name, metadata.patch_description].filter(
    (part): part is string => typeof part === 'string' && part.trim() !== '',
  );
  return parts.join(': ');
}

function parseMetadata(value: SqlValue, file: string, location: string): Record<string, unknown> {
  if (value === null || value === '') return {};
  try {
    const parsed: unknown = JSON.parse(String(value));
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch (error) {
    throw new InvalidFieldError({
      file,
      location: `${location}, column metadata`,
      reason: `invalid JSON: ${(error as Error).message}`,
      cause: error,
    });
  }
  throw new InvalidFieldError({ file, location: `${location}, column metadata`, reason: 'metadata is not a JSON object' });
}

/** The database file with the committed frames of its write-ahead log (`<path>-wal`, if any) applied. */
async function readDatabase(path: string): Promise<Uint8Array> {
  const main = await readFile(path).catch((error: unknown) => {
    throw FileReadError.from(error, path);
  });
  if (!isSqliteHeader(main))
    throw new NotATrajectoryError({ file: path, location: null, reason: 'not a SQLite database (no "SQLite format 3" header)' });
  const wal = await readFile(`${path}-wal`).catch(() => undefined);
  return wal === undefined ? main : applyWal(main, wal);
}

/**
 * Applies a SQLite write-ahead log (https://www.sqlite.org/fileformat.html#the_write_ahead_log): each frame whose
 * salts match the header and whose running checksum holds, up to the last commit frame; a torn or stale tail is
 * ignored, as SQLite itself does on recovery.
 */
function applyWal(main: Buffer, wal: Buffer): Uint8Array {
  if (wal.length < 32) return main;
  const magic = wal.readUInt32BE(0);
  if (magic !== 0x377f0682 && magic !== 0x377f0683) return main;
  const bigEndian = magic === 0x377f0683;
  const pageSize = wal.readUInt32BE(8);
  const checksum = (data: Buffer, start: readonly [number, number]): [number, number] => {
    let [s0, s1] = start;
    for (let offset = 0; offset + 8 <= data.length; offset += 8) {
      const x0 = bigEndian ? data.readUInt32BE(offset) : data.readUInt32LE(offset);
      const x1 = bigEndian ? data.readUInt32BE(offset + 4) : data.readUInt32LE(offset + 4);
      s0 = (s0 + x0 + s1) >>> 0;
      s1 = (s1 + x1 + s0) >>> 0;
    }
    return [s0, s1];
  };
  let running = checksum(wal.subarray(0, 24), [0, 0]);
  if (running[0] !== wal.readUInt32BE(24) || running[1] !== wal.readUInt32BE(28)) return main;
  const salts = [wal.readUInt32BE(16), wal.readUInt32BE(20)];
  const pending: { page: number; data: Buffer }[] = [];
  let image = Buffer.from(main);
  for (let offset = 32; offset + 24 + pageSize <= wal.length; offset += 24 + pageSize) {
    const header = wal.subarray(offset, offset + 24);
    const data = wal.subarray(offset + 24, offset + 24 + pageSize);
    if (header.readUInt32BE(8) !== salts[0] || header.readUInt32BE(12) !== salts[1]) break;
    running = checksum(data, checksum(header.subarray(0, 8), running));
    if (running[0] !== header.readUInt32BE(16) || running[1] !== header.readUInt32BE(20)) break;
    pending.push({ page: header.readUInt32BE(0), data });
    const pagesAfterCommit = header.readUInt32BE(4);
    if (pagesAfterCommit === 0) continue;
    const size = pagesAfterCommit * pageSize;
    const next = Buffer.alloc(size);
    image.copy(next, 0, 0, Math.min(size, image.length));
    for (const { page, data: content } of pending) if (page * pageSize <= size) content.copy(next, (page - 1) * pageSize);
    image = next;
    pending.length = 0;
  }
  return image;
}
