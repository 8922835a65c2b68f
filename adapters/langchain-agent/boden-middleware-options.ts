import { z } from 'zod';
import { ShapingSessionSpecSchema } from '../../src/session/shaping-session-spec.js';

/** What the experiment tool's call is, as boden scores it: the idea in words and the code that runs it. */
export interface ExperimentCandidate {
  readonly plan: string;
  readonly code: string;
}

/** What the experiment tool's result says: did it run and score, and how good it is (higher is better). */
export interface ExperimentOutcome {
  readonly valid: boolean;
  readonly value?: number | null;
}

const fn = <Fn>(what: string) => z.custom<Fn>((value) => typeof value === 'function', `expected ${what}`);

/** Options of `bodenMiddleware`: which tool runs experiments, how to read it, and the run's shaping. */
export const BodenMiddlewareOptionsSchema = z.strictObject({
  /** The run's id (events, verdicts and the state's `boden.runId`). */
  runId: z.string().min(1).default('langchain-agent'),
  /** The tool whose calls are experiments; other tools pass through untouched. */
  tool: z.string().min(1).default('run_experiment'),
  /** Reads plan and code from the tool call's arguments; default the string arguments `plan` and `code` (a call without both passes through unscored). */
  candidate: fn<(args: Record<string, unknown>) => ExperimentCandidate | undefined>(
    'a function from tool arguments to { plan, code }',
  ).optional(),
  /** Reads the outcome from the tool's answer text; default a number (or JSON with a numeric `metric` or `value`) is valid, anything else invalid. */
  outcome: fn<(content: string) => ExperimentOutcome>('a function from the tool answer to { valid, value }').optional(),
  /** False when a lower metric is better (RMSE): boden then ranks by its negative. */
  maximize: z.boolean().default(true),
  /** The novelty metric shaping reads (a scorer metric id). */
  metric: ShapingSessionSpecSchema.shape.metric,
  /** `adaptiveExploration`: when the run stalls, the directive and the concepts tried go into the system prompt. */
  adaptive: ShapingSessionSpecSchema.shape.adaptive,
  /** `noveltyGate`: a near-duplicate experiment is not run; the model is told which earlier one it repeats. */
  gate: ShapingSessionSpecSchema.shape.gate,
  /** `rubric`: each experiment also gets the cheap judge's 0-4 verdict, kept in the state's `boden.experiments`. */
  judge: ShapingSessionSpecSchema.shape.judge,
  /** Most concepts named in the system prompt's "tried so far" line. */
  maxConcepts: z.number().int().min(1).default(8),
});

/** Options of `bodenMiddleware` as callers write them. */
export type BodenMiddlewareOptions = z.input<typeof BodenMiddlewareOptionsSchema>;
