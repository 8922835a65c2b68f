import type { z } from 'zod';
import { InvalidFieldError } from '../../src/errors/invalid-field-error.js';

/** Validates one raw node against a format's schema; a failure names the file and the JSON path of the field. */
export function parseNode<Schema extends z.ZodType>(schema: Schema, value: unknown, file: string, location: string): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
  throw new InvalidFieldError({ file, location: `${location}${path}`, reason: issue.message, cause: result.error });
}

/** The run id a file or directory name gives: its base name without the format's suffixes. */
export function runIdFromPath(path: string): string {
  const base =
    path
      .replace(/[\\/]+$/, '')
      .split(/[\\/]/)
      .pop() ?? path;
  return base.replace(/(\.journal)?\.(jsonl|json)$/i, '') || base;
}
