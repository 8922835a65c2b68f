import { createReadStream } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { basename, extname, join, relative, sep } from 'node:path';
import type { TrajectoryReader } from '../episode/trajectory-reader.js';
import { BodenError } from '../errors/boden-error.js';
import type { CorpusSolution, ReadSolutionsResult, SkippedInput } from './corpus-solution.js';
import { isSolutionFile, readSolutionFile } from './read-solution-file.js';
import { looksLikeSolutionRecord, readSolutionRecords } from './read-solution-records.js';
import { readTrajectorySolutions } from './read-trajectory-solutions.js';
import { stripBom } from '../text/strip-bom.js';

/**
 * Reads human and agent solutions from files and directories, recursively and in name order: `.py`, `.R`,
 * `.ipynb`, `.md` and `.txt` files are one solution each (id: the path under the input); a `.jsonl` file whose
 * first line is a solution record is a file of records; any other `.json`/`.jsonl` file or OpenEvolve checkpoint
 * is a trajectory whose episodes are solutions, read by `trajectories` (e.g. `trajectoryReader` of
 * `boden/adapters/trajectory`; without one, trajectories are skipped and reported). Hidden files are ignored. A file
 * that cannot be read, an unsupported file and a bad record are skipped and reported, never thrown; a directory
 * reached a second time through a symbolic link (a loop) is read once and reported.
 */
export async function readSolutions(
  inputs: readonly string[],
  { task, trajectories }: { task: string; trajectories?: TrajectoryReader | undefined },
): Promise<ReadSolutionsResult> {
  const solutions: CorpusSolution[] = [];
  const skipped: SkippedInput[] = [];
  const visited = new Map<string, string>();
  for (const input of inputs) await readInput(input, input, { task, trajectories, solutions, skipped, visited });
  return { solutions, skipped };
}

interface Collector {
  readonly task: string;
  readonly trajectories: TrajectoryReader | undefined;
  /** Real path → the path it was first read as: a directory reached again (a symlink loop, a link to a sibling) is skipped. */
  readonly visited: Map<string, string>;
  readonly solutions: CorpusSolution[];
  readonly skipped: SkippedInput[];
}

async function readInput(path: string, root: string, collector: Collector): Promise<void> {
  const info = await stat(path).catch((error: unknown) => describe(error));
  if (typeof info === 'string') {
    collector.skipped.push({ file: path, reason: info });
    return;
  }
  if (info.isDirectory()) {
    const real = await realpath(path);
    const first = collector.visited.get(real);
    if (first !== undefined) {
      collector.skipped.push({ file: path, reason: `the directory ${first} again (a symbolic link to it); read once` });
      return;
    }
    collector.visited.set(real, path);
    if (collector.trajectories !== undefined && (await collector.trajectories.isTrajectoryDirectory(path))) {
      await readTrajectory(path, collector);
      return;
    }
    const entries = (await readdir(path)).filter((name) => !name.startsWith('.')).sort();
    for (const name of entries) await readInput(join(path, name), root, collector);
    return;
  }
  try {
    if (isSolutionFile(path)) {
      const id = path === root ? basename(path) : relative(root, path).split(sep).join('/');
      collector.solutions.push(await readSolutionFile(path, { id, task: collector.task }));
    } else if (/\.jsonl$/i.test(path) && (await firstLineIsRecord(path))) {
      const records = await readSolutionRecords(path, { task: collector.task });
      // Not push(...list): spreading a million records overflows the stack.
      for (const solution of records.solutions) collector.solutions.push(solution);
      for (const item of records.skipped) collector.skipped.push(item);
    } else if (/\.jsonl?$/i.test(path)) {
      await readTrajectory(path, collector);
    } else {
      collector.skipped.push({ file: path, reason: `unsupported file type ${JSON.stringify(extname(path) || '(none)')}` });
    }
  } catch (error) {
    collector.skipped.push({ file: path, reason: describe(error) });
  }
}

async function readTrajectory(path: string, collector: Collector): Promise<void> {
  if (collector.trajectories === undefined) {
    collector.skipped.push({
      file: path,
      reason: 'a trajectory, and no trajectory reader was given (the trajectories option: trajectoryReader of boden/adapters/trajectory)',
    });
    return;
  }
  try {
    const solutions = await readTrajectorySolutions(path, { task: collector.task, reader: collector.trajectories });
    if (solutions.length === 0) collector.skipped.push({ file: path, reason: 'the trajectory has no episodes' });
    for (const solution of solutions) collector.solutions.push(solution);
  } catch (error) {
    collector.skipped.push({ file: path, reason: describe(error) });
  }
}

/** True when the first non-empty line of `path` parses as a solution record. */
async function firstLineIsRecord(path: string): Promise<boolean> {
  const stream = createReadStream(path, 'utf8');
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      if (line.trim() === '') continue;
      try {
        return looksLikeSolutionRecord(JSON.parse(stripBom(line)));
      } catch {
        return false;
      }
    }
    return false;
  } finally {
    lines.close();
    stream.destroy();
  }
}

function describe(error: unknown): string {
  if (BodenError.isInstance(error)) return error.message;
  if (error instanceof Error) return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or directory' : error.message;
  return String(error);
}
