import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { InvalidFieldError } from 'boden';

/**
 * The records of a JSON-lines file an append-only writer keeps (a recording, a memo), each checked by `schema`, with
 * its 1-based line: a last line that is not JSON is a write a crash cut short and is left out; any other bad line is
 * an `InvalidFieldError` naming the file, the line and the field. A missing file has no records.
 */
export async function readJsonLinesFile<Schema extends z.ZodType>(
  file: string,
  schema: Schema,
): Promise<{ readonly line: number; readonly value: z.output<Schema> }[]> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  const lines = text.split('\n');
  const records: { line: number; value: z.output<Schema> }[] = [];
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      if (index === lines.length - 1) continue;
      throw new InvalidFieldError({ file, location: `line ${index + 1}`, reason: 'not JSON' });
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new InvalidFieldError({ file, location: `line ${index + 1}: $.${issue.path.map(String).join('.')}`, reason: issue.message });
    }
    records.push({ line: index + 1, value: parsed.data });
  }
  return records;
}
