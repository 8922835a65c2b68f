import { z } from 'zod';

/** Options of `computeTrajectoryStatistics`; the defaults live here. */
export const trajectoryStatisticsOptionsSchema = z.strictObject({
  /** Seed of every bootstrap, so the same runs always give the same intervals. */
  seed: z.number().int().default(0),
  /** Bootstrap resamples per interval. */
  resamples: z.number().int().min(1).default(2000),
  /** Coverage of every interval. */
  confidence: z.number().gt(0).lt(1).default(0.95),
  /**
   * An episode index is plotted when at least this many runs reach it (capped at the number of runs with
   * episodes, so a single run still shows every index): the tail of the longest run alone says little.
   */
  minRunsPerIndex: z.number().int().min(1).default(5),
});

/** Options of `computeTrajectoryStatistics` as callers write them. */
export type TrajectoryStatisticsOptions = z.input<typeof trajectoryStatisticsOptionsSchema>;

/** Options of `buildTrajectoryReport`: the statistics' options plus the report's title and provenance. */
export const trajectoryReportOptionsSchema = trajectoryStatisticsOptionsSchema.extend({
  title: z.string().min(1).default('P-creativity and impact over the run'),
  /** Shown under the title as given, e.g. an ISO timestamp; default none, so the same runs give the same file. */
  generatedAt: z.string().min(1).optional(),
  /** The id of the judge that gave the rubric levels, named in the report. */
  judgeId: z.string().min(1).default('rubric-v1'),
});

/** Options of `buildTrajectoryReport` as callers write them. */
export type TrajectoryReportOptions = z.input<typeof trajectoryReportOptionsSchema>;
