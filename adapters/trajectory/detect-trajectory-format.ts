import { constants } from 'node:fs';
import { access, open, stat } from 'node:fs/promises';
import { FileReadError } from '../../src/errors/file-read-error.js';
import type { TrajectoryFormat } from '../../src/episode/trajectory-format.js';
import { EmptyTrajectoryError } from '../../src/errors/empty-trajectory-error.js';
import { NotATrajectoryError } from '../../src/errors/not-a-trajectory-error.js';
import { isOpenEvolveCheckpoint } from './openevolve-importer.js';
import { looksLikeOpenEvolveTrace } from './openevolve-trace-importer.js';
import { stripBom } from '../../src/text/strip-bom.js';

// Enough of a journal to see its first node's keys; nodes come first in every journal we read.
const peekBytes = 256 * 1024;

/**
 * Tells a trajectory's format from its shape: a checkpoint directory, a SQLite database (ShinkaEvolve's
 * `programs.sqlite`), a JSON journal (AI-Scientist-v2 when its nodes carry stage fields, AIDE otherwise), or JSON lines (boden's own when the first line is a run
 * header, AIRA-dojo when nodes have step-number parents, OpenEvolve's evolution trace when lines name a parent and a
 * child).
 */
export async function detectTrajectoryFormat(path: string): Promise<TrajectoryFormat> {
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw FileReadError.from(error, path);
    throw new NotATrajectoryError({ file: path, location: null, reason: 'no such file or directory', cause: error });
  }
  if (info.isDirectory()) {
    // A folder that cannot be listed would look like one that is no checkpoint.
    await access(path, constants.R_OK | constants.X_OK).catch((error: unknown) => {
      throw FileReadError.from(error, path);
    });
    if (await isOpenEvolveCheckpoint(path)) return 'openevolve-checkpoint';
    throw new NotATrajectoryError({
      file: path,
      location: null,
      reason: 'a directory that is not an OpenEvolve checkpoint (no programs/ folder)',
    });
  }
  const head = await readHead(path);
  if (head.startsWith('SQLite format 3\u0000')) return 'shinka-programs-sqlite';
  const text = head.trimStart();
  if (text === '') throw new EmptyTrajectoryError({ file: path, location: null, reason: 'the file is empty' });
  if (text.startsWith('{"type":"run"') || /^\{\s*"type"\s*:\s*"run"/.test(text)) return 'boden-episodes-jsonl';
  // Before the journals: a trace line's code and prompt may hold any key, `"nodes":` among them.
  if (looksLikeOpenEvolveTrace(text.split('\n', 1)[0]!)) return 'openevolve-evolution-trace';
  if (/"node2parent"|"nodes"\s*:/.test(text)) {
    return /"(is_seed_node|overall_plan|ablation_name|metric_names)"/.test(text) ? 'ai-scientist-v2-stage-journal' : 'aide-journal-v2';
  }
  if (/^\{[^\n]*"(operators_used|parents)"/.test(text)) return 'aira-dojo-journal-jsonl';
  throw new NotATrajectoryError({
    file: path,
    location: null,
    reason: 'not a trajectory format boden knows (name one with --format)',
  });
}

async function readHead(path: string): Promise<string> {
  const handle = await open(path, 'r').catch((error: unknown) => {
    throw FileReadError.from(error, path);
  });
  try {
    const buffer = Buffer.alloc(peekBytes);
    const { bytesRead } = await handle.read(buffer, 0, peekBytes, 0);
    // A UTF-8 BOM (editors on Windows add one) is not part of the JSON.
    return stripBom(buffer.subarray(0, bytesRead).toString('utf8'));
  } finally {
    await handle.close();
  }
}
