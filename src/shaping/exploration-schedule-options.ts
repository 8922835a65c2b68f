import { z } from 'zod';

/** The schedule's fields, shared by `createExplorationSchedule` and `adaptiveExploration`. */
export const explorationScheduleShape = {
  /** Span of the exponential moving average of P-creativity, in episodes: smoothing factor 2 / (window + 1). */
  window: z.number().int().min(1).default(5),
  /** Explore when the average P-creativity is below this (novelty in [0, 1]) ... */
  threshold: z.number().min(0).max(1).default(0.2),
  /** ... and the best value has not improved for this many episodes. */
  patience: z.number().int().min(1).default(3),
  /** A value counts as a new best only when it beats the best by more than this (in the value's units). */
  minImprovement: z.number().finite().min(0).default(0),
  /** Back to exploit when the average reaches this (default `threshold`; higher adds hysteresis) or a new best appears. */
  recovery: z.number().min(0).max(1).optional(),
};

/** Options of `createExplorationSchedule`. */
export const ExplorationScheduleOptionsSchema = z
  .object(explorationScheduleShape)
  .strict()
  .refine((options) => options.recovery === undefined || options.recovery >= options.threshold, {
    message: 'recovery must be at least threshold',
    path: ['recovery'],
  });

/** Options of `createExplorationSchedule` as callers write them. */
export type ExplorationScheduleOptions = z.input<typeof ExplorationScheduleOptionsSchema>;
