import { z } from 'zod';

/** The trajectory formats boden reads. */
export const TrajectoryFormatSchema = z.enum([
  'aide-journal-v2',
  'ai-scientist-v2-stage-journal',
  'aira-dojo-journal-jsonl',
  'openevolve-checkpoint',
  'openevolve-evolution-trace',
  'shinka-programs-sqlite',
  'boden-episodes-jsonl',
]);

/** One of the trajectory formats boden reads. */
export type TrajectoryFormat = z.infer<typeof TrajectoryFormatSchema>;

/** Every format name, for help texts and `--format` validation. */
export const trajectoryFormats: readonly TrajectoryFormat[] = TrajectoryFormatSchema.options;
