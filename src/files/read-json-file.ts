import { readFile } from 'node:fs/promises';
import { InvalidFieldError } from '../errors/invalid-field-error.js';
import { InvalidJsonError } from '../errors/invalid-json-error.js';
import { stripBom } from '../text/strip-bom.js';

/**
 * The parsed JSON of a small file (a task card, a definition), a leading UTF-8 BOM ignored. A file that cannot be
 * read and one that is not JSON are told apart, both naming the file: "cannot read the task card: ENOENT" is an
 * `InvalidFieldError`, "invalid JSON: …" an `InvalidJsonError` at `$`.
 */
export async function readJsonFile(file: string, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new InvalidFieldError({
      file,
      location: null,
      reason: `cannot read ${what}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      cause: error,
    });
  }
  try {
    return JSON.parse(stripBom(text));
  } catch (error) {
    throw new InvalidJsonError({ file, location: '$', reason: `invalid JSON: ${(error as Error).message}`, cause: error });
  }
}
