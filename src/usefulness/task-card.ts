import { z } from 'zod';
import { InvalidFieldError } from '../errors/invalid-field-error.js';
import { readJsonFile } from '../files/read-json-file.js';

/**
 * A task card: the task's metric, its direction, and the two reference scores impact is measured between
 * (`baseline`, e.g. a trivial predictor, and `top1`, the best known score).
 */
export const TaskCardSchema = z
  .object({
    task: z.string().min(1),
    metric: z.string().min(1),
    maximize: z.boolean(),
    baseline: z.number(),
    top1: z.number(),
  })
  .refine((card) => (card.maximize ? card.top1 > card.baseline : card.top1 < card.baseline), {
    message: "top1 must be better than baseline in the metric's direction",
    path: ['top1'],
  });

/** A task card: see `TaskCardSchema`. */
export type TaskCard = z.infer<typeof TaskCardSchema>;

/** Reads and validates a task card JSON file; errors name the file and the field. */
export async function readTaskCard(file: string): Promise<TaskCard> {
  const parsed = TaskCardSchema.safeParse(await readJsonFile(file, 'the task card'));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const path = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
  throw new InvalidFieldError({ file, location: `$${path}`, reason: issue.message, cause: parsed.error });
}
