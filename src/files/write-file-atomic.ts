import { randomBytes } from 'node:crypto';
import { open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileWriteFailure } from './directory-problem.js';

/** What to write: text, bytes, or a function that writes the file at the temporary path it is given. */
export type AtomicFileContents = string | Uint8Array | ((temporaryPath: string) => void | Promise<void>);

/** One file of an atomic write: where it goes and what it holds. */
export interface AtomicFile {
  readonly path: string;
  readonly contents: AtomicFileContents;
}

/**
 * Writes `contents` to `path` so that readers see the old file or the new one, never a torn one: writes a
 * temporary file in the same directory, fsyncs it, renames it over `path`, then fsyncs the directory. On failure
 * the temporary file is removed and `path` is left as it was, and a file-system failure is a `FileWriteError`
 * naming `path`.
 */
export async function writeFileAtomic(path: string, contents: AtomicFileContents): Promise<void> {
  await writeFilesAtomic([{ path, contents }]);
}

/**
 * Writes files that belong together (an index and its metadata): each is written and fsynced to a temporary path
 * first, and only then are they renamed into place, in order. A failure while writing leaves every previous file
 * intact; only a failing rename (rare, the data is already on disk) can leave a mix of old and new files, so
 * readers should cross-check them, e.g. with a checksum. The first file's `contents` function runs before this
 * function first yields, so it sees the caller's state as of the call. The first write into a directory in a
 * process also removes the temporary files a killed writer left there (`removeStaleTemporaries`).
 */
export async function writeFilesAtomic(files: readonly AtomicFile[]): Promise<void> {
  const pending = new Map<string, string>();
  let current = files[0]?.path ?? '';
  try {
    for (const file of files) {
      current = file.path;
      const temporaryPath = temporaryPathFor(file.path);
      pending.set(file.path, temporaryPath);
      await writeTemporary(temporaryPath, file.contents);
      await syncPath(temporaryPath, 'r+');
    }
    for (const file of files) {
      current = file.path;
      const temporaryPath = pending.get(file.path);
      if (temporaryPath === undefined) continue;
      await rename(temporaryPath, file.path);
      pending.delete(file.path);
    }
  } catch (error) {
    // A missing folder, a directory in the way, no permission: name the path the caller asked for.
    throw await fileWriteFailure(error, current, dirname(current));
  } finally {
    // Best effort: a temporary file that was never created (no folder, a file in the path) has nothing to remove.
    await Promise.all([...pending.values()].map((temporaryPath) => rm(temporaryPath, { force: true }).catch(() => undefined)));
  }
  for (const directory of new Set(files.map((file) => dirname(file.path)))) {
    await syncDirectory(directory);
    if (!cleanedDirectories.has(directory)) {
      cleanedDirectories.add(directory);
      await removeStaleTemporaries(directory);
    }
  }
}

/** Directories this process has already cleaned of stale temporary files (once each: a memo folder holds thousands). */
const cleanedDirectories = new Set<string>();

// A writer on another machine (a directory on a shared file system) cannot be asked whether it lives: its temporary
// file is stale only when nothing has touched it for this long (one write takes seconds).
const foreignStaleMilliseconds = 60 * 60 * 1000;

/**
 * Removes the temporary files of `writeFileAtomic` in `directory` whose writing process is gone (a `kill -9` in the
 * middle of a write leaves one behind), keeping those of live processes, which may still be writing. A temporary
 * file names its writer's host too: one written from another host (a shared file system) is removed only when it is
 * an hour old. Best effort: a file that cannot be listed or removed stays.
 */
export async function removeStaleTemporaries(directory: string): Promise<string[]> {
  const names = await readdir(directory).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const match = /^\..+\.(\d+)(?:@([A-Za-z0-9-]+))?\.[0-9a-f]{12}\.tmp$/.exec(name);
    if (match === null) continue;
    const path = join(directory, name);
    // Files from before hosts were named are this host's.
    const thisHost = match[2] === undefined || match[2] === hostTag;
    if (thisHost ? isAlive(Number(match[1])) : !(await olderThan(path, foreignStaleMilliseconds))) continue;
    if (
      await rm(path, { force: true }).then(
        () => true,
        () => false,
      )
    )
      removed.push(path);
  }
  return removed;
}

async function olderThan(path: string, milliseconds: number): Promise<boolean> {
  const modified = await stat(path).then(
    (info) => info.mtimeMs,
    () => Number.NaN,
  );
  return Date.now() - modified > milliseconds;
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** This host's name as it goes into temporary file names: letters, digits and dashes only. */
const hostTag = hostname().replace(/[^A-Za-z0-9-]/g, '-') || 'host';

function temporaryPathFor(path: string): string {
  // Same directory, so the rename stays on one file system and is atomic; hidden, so globs skip it.
  return join(dirname(path), `.${basename(path)}.${process.pid}@${hostTag}.${randomBytes(6).toString('hex')}.tmp`);
}

async function writeTemporary(temporaryPath: string, contents: AtomicFileContents): Promise<void> {
  if (typeof contents === 'function') await contents(temporaryPath);
  else await writeFile(temporaryPath, contents, { flag: 'wx' });
}

async function syncPath(path: string, flags: string): Promise<void> {
  const handle = await open(path, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function syncDirectory(directory: string): Promise<void> {
  try {
    await syncPath(directory, 'r');
  } catch {
    // Some platforms (Windows) and file systems cannot fsync a directory; the rename has happened regardless.
  }
}
