import { createReadStream } from 'node:fs';
import { z } from 'zod';
import { MedalSchema, type CorpusSolution, type ReadSolutionsResult, type SkippedInput } from './corpus-solution.js';
import { stripBom } from '../text/strip-bom.js';

/** One line of a JSONL file of human solutions. */
export const SolutionRecordSchema = z
  .looseObject({
    id: z.union([z.string().min(1), z.number().int()], { error: 'expected a non-empty string or an integer' }).transform(String),
    task: z.string().min(1),
    /** Prose or a whole notebook as text. */
    text: z.string().optional(),
    /** Code. */
    code: z.string().optional(),
    author: z.string().nullish(),
    timestamp: z.union([z.string(), z.number().finite()], { error: 'expected a date string or seconds since the epoch' }).nullish(),
    medal: z.preprocess((value) => (typeof value === 'string' ? value.toLowerCase() : value), MedalSchema).nullish(),
    score: z.number().finite().nullish(),
  })
  .refine((record) => (record.text ?? '').trim() !== '' || (record.code ?? '').trim() !== '', {
    message: 'needs a non-empty text or code',
  });

/** A record of a JSONL file of human solutions: see `SolutionRecordSchema`. */
export type SolutionRecord = z.infer<typeof SolutionRecordSchema>;

/** True when the JSON `value` looks like a solution record (an object with `id`, `task` and `text` or `code`). */
export function looksLikeSolutionRecord(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return 'id' in record && typeof record.task === 'string' && (typeof record.text === 'string' || typeof record.code === 'string');
}

/**
 * Reads a JSONL file of solution records (`id`, `task`, `text` or `code`, optional `author`, `timestamp`,
 * `medal`, `score`). A bad line is skipped and reported as `<file>:<line>`; so is a record of a task other than
 * `task` when one is given.
 */
export async function readSolutionRecords(path: string, { task }: { task?: string } = {}): Promise<ReadSolutionsResult> {
  const solutions: CorpusSolution[] = [];
  const skipped: SkippedInput[] = [];
  let index = -1;
  const read = (line: string): void => {
    index += 1;
    if (line.trim() === '') return;
    const file = `${path}:${index + 1}`;
    let json: unknown;
    try {
      json = JSON.parse(stripBom(line));
    } catch (error) {
      skipped.push({ file, reason: `not valid JSON: ${(error as Error).message}` });
      return;
    }
    const parsed = SolutionRecordSchema.safeParse(json);
    if (!parsed.success) {
      skipped.push({
        file,
        reason: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'record'}: ${issue.message}`).join('; '),
      });
      return;
    }
    const record = parsed.data;
    if (task !== undefined && record.task !== task) {
      skipped.push({ file, reason: `record of task ${JSON.stringify(record.task)}, not ${JSON.stringify(task)}` });
      return;
    }
    solutions.push({
      id: record.id,
      task: record.task,
      source: path,
      origin: 'record',
      author: record.author ?? null,
      timestamp: record.timestamp ?? null,
      medal: record.medal ?? null,
      score: record.score ?? null,
      plan: record.text ?? '',
      code: record.code ?? '',
    });
  };
  // Line by line from a stream (split at \n only, as JSON Lines are): a corpus file may be larger than the longest
  // string V8 can hold (512 MB).
  let carry = '';
  for await (const chunk of createReadStream(path, { encoding: 'utf8' })) {
    const parts = `${carry}${chunk as string}`.split('\n');
    carry = parts.pop()!;
    for (const line of parts) read(line);
  }
  read(carry);
  return { solutions, skipped };
}
