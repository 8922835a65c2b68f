import { constants } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, open, readdir, realpath, rm, writeFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';

/** The file the program is written to, in its directory; no input may take this name. */
export const programFile = 'program.py';

/**
 * A program's fresh temporary directory, holding only its inputs and itself; owned by `uid` when the program runs
 * as one of its own (root), so it can write there and nowhere else.
 */
export async function createWorkDirectory(options: {
  readonly parent: string;
  readonly program: string;
  readonly files: Readonly<Record<string, string | Uint8Array>>;
  readonly uid: number | null;
}): Promise<string> {
  const work = await mkdtemp(join(options.parent, 'boden-sandbox-'));
  const own = async (path: string) => {
    if (options.uid !== null) await chown(path, options.uid, options.uid);
  };
  try {
    await own(work);
    for (const [name, content] of [...Object.entries(options.files), [programFile, options.program] as const]) {
      const path = join(work, name);
      // Sub-folders of an input (`data/train.csv`) are created one level at a time, so each can be given away.
      let folder = work;
      for (const part of name.split('/').slice(0, -1)) {
        folder = join(folder, part);
        await mkdir(folder, { recursive: true });
        await own(folder);
      }
      await writeFile(path, content);
      await own(path);
    }
    return work;
  } catch (error) {
    await removeWorkDirectory(work);
    throw error;
  }
}

/**
 * The requested output files' bytes, undefined for each that is missing. A symbolic link or a path that leads
 * outside the directory counts as missing, so a program cannot have the harness read the machine's files for it.
 */
export async function readOutputs(work: string, names: readonly string[]): Promise<Record<string, Buffer | undefined>> {
  const root = await realpath(work);
  const outputs: Record<string, Buffer | undefined> = {};
  for (const name of names) {
    outputs[name] = undefined;
    const path = join(work, name);
    try {
      const folder = await realpath(dirname(path));
      if (folder !== root && !folder.startsWith(root + sep)) continue;
      const file = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
      try {
        if ((await file.stat()).isFile()) outputs[name] = await file.readFile();
      } finally {
        await file.close();
      }
    } catch {
      // Missing, a link, or unreadable: undefined.
    }
  }
  return outputs;
}

/**
 * Removes a work directory. When the program took its own permissions away (possible when it runs as the
 * harness's user), they are given back first.
 */
export async function removeWorkDirectory(work: string): Promise<void> {
  try {
    await rm(work, { recursive: true, force: true });
  } catch {
    await restorePermissions(work);
    await rm(work, { recursive: true, force: true });
  }
}

async function restorePermissions(folder: string): Promise<void> {
  await chmod(folder, 0o700).catch(() => undefined);
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) if (entry.isDirectory()) await restorePermissions(join(folder, entry.name));
}
