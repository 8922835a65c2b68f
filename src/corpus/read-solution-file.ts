import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { CorpusSolution } from './corpus-solution.js';
import { parseNotebook } from './notebook-text.js';

/** Extensions of the source files a corpus reads, lower-case, with what each holds. */
export const solutionFileKinds: Readonly<Record<string, 'code' | 'prose' | 'notebook'>> = {
  '.py': 'code',
  '.r': 'code',
  '.md': 'prose',
  '.txt': 'prose',
  '.ipynb': 'notebook',
};

/** True when `path` has an extension `readSolutionFile` reads. */
export function isSolutionFile(path: string): boolean {
  return extname(path).toLowerCase() in solutionFileKinds;
}

/**
 * Reads one human solution: a `.py` or `.R` file is code, a `.md` or `.txt` file is prose, an `.ipynb` notebook
 * gives its markdown cells as prose and its code cells as code. Throws an `Error` saying why the file is unusable.
 */
export async function readSolutionFile(path: string, { id, task }: { id: string; task: string }): Promise<CorpusSolution> {
  const kind = solutionFileKinds[extname(path).toLowerCase()];
  if (kind === undefined) throw new Error(`unsupported file type ${JSON.stringify(extname(path) || '(none)')}`);
  const text = await readFile(path, 'utf8');
  if (text.includes('\u0000')) throw new Error('binary file');
  const { plan, code } = kind === 'notebook' ? parseNotebook(text) : kind === 'code' ? { plan: '', code: text } : { plan: text, code: '' };
  if (plan.trim() === '' && code.trim() === '') throw new Error('no text');
  return { id, task, source: path, origin: 'file', author: null, timestamp: null, medal: null, score: null, plan, code };
}
