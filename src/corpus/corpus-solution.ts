import { z } from 'zod';

/** Where a solution came from: a source file or notebook, a JSONL record, or an episode of a trajectory. */
export const SolutionOriginSchema = z.enum(['file', 'record', 'trajectory']);

/** Medal of a human solution on the task's leaderboard. */
export const MedalSchema = z.enum(['gold', 'silver', 'bronze']);

/** One solution of a task, human or agent, as read from its source and before it is summarised. */
export const CorpusSolutionSchema = z.strictObject({
  /** Unique within the corpus: the file's path under its input, the record's `id`, or `<run id>/<episode id>`. */
  id: z.string().min(1),
  /** The task (competition) it solves. */
  task: z.string().min(1),
  /** The file it was read from. */
  source: z.string(),
  origin: SolutionOriginSchema,
  author: z.string().nullable(),
  /** When it was published or ran: an ISO date as given, or seconds since the epoch. */
  timestamp: z.union([z.string(), z.number()]).nullable(),
  medal: MedalSchema.nullable(),
  /** Its leaderboard or validation score, when known. */
  score: z.number().finite().nullable(),
  /** Prose: markdown cells, a write-up, an agent's plan. */
  plan: z.string(),
  /** Code: the source file, the code cells, an episode's final code. */
  code: z.string(),
});

/** A solution: see `CorpusSolutionSchema`. */
export type CorpusSolution = z.infer<typeof CorpusSolutionSchema>;
/** Where a solution came from: see `SolutionOriginSchema`. */
export type SolutionOrigin = z.infer<typeof SolutionOriginSchema>;
/** A medal: see `MedalSchema`. */
export type Medal = z.infer<typeof MedalSchema>;

/** An input (a file, a record's line, a trajectory) that was skipped, and why. */
export interface SkippedInput {
  /** The file, with `:<line>` for one record of a JSONL file. */
  readonly file: string;
  readonly reason: string;
}

/** What a reader found: the solutions it could read and the inputs it skipped. */
export interface ReadSolutionsResult {
  readonly solutions: CorpusSolution[];
  readonly skipped: SkippedInput[];
}
