import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { EmptyTrajectoryError } from '../errors/empty-trajectory-error.js';
import { InvalidFieldError } from '../errors/invalid-field-error.js';
import { InvalidJsonError } from '../errors/invalid-json-error.js';
import { stripBom } from '../text/strip-bom.js';

/** A reference P-creativity label (0-4) for one episode, as in `shared/data/labels/dev.jsonl`. */
export const ReferenceLabelSchema = z.object({
  run: z.string(),
  /** The trajectory, relative to the labels' data folder (the parent of the labels' folder). */
  file: z.string(),
  episode: z.number().int().nonnegative(),
  /** Id of the valid node that ends the episode: the join key. */
  node_id: z.string(),
  step: z.number().int().optional(),
  label: z.number().int().min(0).max(4),
  /** Each annotator's score; null where one did not score. */
  annotators: z.array(z.number().int().min(0).max(4).nullable()).optional(),
  rationale: z.string().optional(),
  /** The research idea the run belongs to, when the labeller knows it: runs sharing it are held out together. */
  group: z.string().min(1).optional(),
});

/** A reference label: see `ReferenceLabelSchema`. */
export type ReferenceLabel = z.infer<typeof ReferenceLabelSchema>;

/** Reads a labels JSON-lines file; errors name the file, line and field. */
export async function readReferenceLabels(file: string): Promise<ReferenceLabel[]> {
  const labels: ReferenceLabel[] = [];
  let lineNumber = 0;
  const input = createReadStream(file, { encoding: 'utf8' });
  // Opening happens on the first read: say which file could not be read, not "unexpected error: ENOENT".
  await new Promise<void>((resolve, reject) => {
    input.once('readable', resolve);
    input.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new InvalidFieldError({
          file,
          location: null,
          reason: `cannot read the labels file: ${error.code ?? error.message}`,
          cause: error,
        }),
      ),
    );
  });
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    lineNumber += 1;
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(stripBom(line));
    } catch (error) {
      throw new InvalidJsonError({ file, location: `line ${lineNumber}`, reason: `invalid JSON: ${(error as Error).message}` });
    }
    const parsed = ReferenceLabelSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new InvalidFieldError({
        file,
        location: `line ${lineNumber}.${issue.path.map(String).join('.')}`,
        reason: issue.message,
      });
    }
    labels.push(parsed.data);
  }
  if (labels.length === 0) throw new EmptyTrajectoryError({ file, location: null, reason: 'the labels file is empty' });
  return labels;
}
