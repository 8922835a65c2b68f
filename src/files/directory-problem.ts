import { stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { FileWriteError } from '../errors/file-write-error.js';

/**
 * Why `directory` cannot hold new files, or `undefined` when it is a directory: `no such directory D` when it is
 * missing, `F is a file, not a directory` when it, or a folder on its path, is a file. The system's own errors say
 * neither well: a missing folder and a file in the way both look like "no such directory" to a `stat` that is only
 * asked whether the path is a directory, and ENOTDIR does not say which part of the path is the file.
 */
export async function directoryProblem(directory: string): Promise<string | undefined> {
  const absolute = resolve(directory);
  const found = await stat(absolute).then(
    (info) => info,
    (error: NodeJS.ErrnoException) => error,
  );
  if (!(found instanceof Error)) {
    if (found.isDirectory()) return undefined;
    return found.isFile() ? `${absolute} is a file, not a directory` : `${absolute} is not a directory`;
  }
  if (found.code !== 'ENOENT' && found.code !== 'ENOTDIR') return `${absolute} cannot be reached (${found.code ?? 'unknown error'})`;
  // Missing, or a file on the way: the nearest ancestor that exists says which.
  for (let ancestor = dirname(absolute); ; ancestor = dirname(ancestor)) {
    const info = await stat(ancestor).catch(() => undefined);
    if (info !== undefined) return info.isDirectory() ? `no such directory ${absolute}` : `${ancestor} is a file, not a directory`;
    if (dirname(ancestor) === ancestor) return `no such directory ${absolute}`;
  }
}

/** Why a file cannot be created at `path` because of the directory it goes in, or `undefined` when that is a directory. */
export function parentDirectoryProblem(path: string): Promise<string | undefined> {
  return directoryProblem(dirname(resolve(path)));
}

/**
 * `FileWriteError.from(error, path)` for a failed write of `path` into `directory`; for ENOTDIR, which says only that
 * some part of the path is a file, the error names that file.
 */
export async function fileWriteFailure(error: unknown, path: string, directory: string): Promise<unknown> {
  const failure = FileWriteError.from(error, path);
  if (!FileWriteError.isInstance(failure) || failure.code !== 'ENOTDIR') return failure;
  const reason = await directoryProblem(directory);
  return reason === undefined ? failure : new FileWriteError({ path, code: failure.code, reason, cause: error });
}
