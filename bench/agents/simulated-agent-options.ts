import { z } from 'zod';
import type { RandomSource } from 'boden';
import type { BenchTask } from '../tasks/bench-task.js';

const isFunction = (value: unknown) => typeof value === 'function';

/**
 * The prior over model families an LLM drafts from: it reaches for gradient boosting, random forests and linear
 * models far more often than for kNN, SVMs, single trees or naive Bayes (families a task cannot use are dropped).
 */
export const defaultFamilyPrior = {
  boosting: 0.35,
  'random-forest': 0.25,
  linear: 0.2,
  knn: 0.06,
  svm: 0.06,
  cart: 0.05,
  'naive-bayes': 0.03,
};

/**
 * The simulated agents' behavioural profiles: the settings a profile fixes unless an option overrides them.
 * - `v1`: the agent of the sweeps committed before 2026-12-03 (crash and debug rates set by hand, a strategic share
 *   that falls with the clock).
 * - `v2` (default): bug rate and debug success fitted to the shared real runs (0.19 and 0.3 give 34 % buggy
 *   nodes, the real runs' 34-35 %; `bench/results/fitted-bug-rate`), a family-switch share of 0.06 (real
 *   improvements switch family 2.6 % of the time, 9 of 340, where v1's 0.2 gave 8 %), and a strategic share that
 *   falls with every new best the run finds (`lockIn`), not with the episode index.
 */
export const simulatedAgentProfiles = {
  v1: { collapse: 'clock', bugRate: 0.15, debugSuccess: 0.7, switchShare: 0.2 },
  v2: { collapse: 'successes', bugRate: 0.19, debugSuccess: 0.3, switchShare: 0.06 },
} as const;

/** The profile names, for option checks. */
export const simulatedAgentProfileNames = ['v1', 'v2'] as const satisfies readonly (keyof typeof simulatedAgentProfiles)[];

/** A simulated agent's behavioural profile (see `simulatedAgentProfiles`). */
export type SimulatedAgentProfile = (typeof simulatedAgentProfileNames)[number];

/** The share of the strategic span kept after each new best under profile v2 (see `createStrategicSchedule`). */
export const defaultLockIn = 0.8;

/**
 * Options of `createSimulatedAgent`. Every behavioural assumption of the simulated LLM agent is one of these
 * parameters, with the value the defaults assume.
 */
export const SimulatedAgentOptionsSchema = z
  .object({
    /** The task the agent works on (its kind decides which families fit; renderers need it). */
    task: z.custom<BenchTask>(
      (value) => value !== null && typeof value === 'object' && 'kind' in value && 'task' in value,
      'expected a BenchTask',
    ),
    /** The seeded random source every choice draws from; default `createSeededRandom(seed)`. */
    random: z.custom<RandomSource>(isFunction, 'expected a RandomSource').optional(),
    /** Seed of the default random source. */
    seed: z.number().int().default(0),
    /** The behavioural profile whose settings apply where the options below are omitted (`simulatedAgentProfiles`). */
    profile: z.enum(simulatedAgentProfileNames).default('v2'),
    /** The run's budget in episodes: under the `clock` collapse the strategic share is linear in episode index / budget. */
    budget: z.number().int().min(1).default(20),
    /** Relative weights of the families drafts (and family switches) draw from; missing families weigh 0. */
    familyPrior: z
      .partialRecord(z.enum(['linear', 'knn', 'naive-bayes', 'cart', 'boosting', 'random-forest', 'svm']), z.number().min(0))
      .default(defaultFamilyPrior),
    /** Probability that a draft is a 2-3 member ensemble instead of a single model. */
    draftEnsembleProbability: z.number().min(0).max(1).default(0.05),
    /** Probability that an improvement is strategic (a new component or a family switch) at the start ... */
    strategicStart: z.number().min(0).max(1).default(0.75),
    /** ... and once the run has collapsed. The rest are parametric refinements. */
    strategicEnd: z.number().min(0).max(1).default(0.25),
    /** What the strategic share falls with: the episode index (`clock`) or the new bests found (`successes`); the profile's. */
    collapse: z.enum(['clock', 'successes']).optional(),
    /** Under the `successes` collapse, the share of the strategic span kept after each new best. */
    lockIn: z.number().min(0).max(1).default(defaultLockIn),
    /** Share of strategic changes that switch the model family; the others add a component. The profile's when omitted. */
    familySwitchShare: z.number().min(0).max(1).optional(),
    /** Probability that a draft or improvement carries a synthetic bug (a script that crashes before scoring); the profile's. */
    bugRate: z.number().min(0).max(1).optional(),
    /** Probability that a debug step fixes its parent; a failed fix is buggy again. The profile's when omitted. */
    debugSuccess: z.number().min(0).max(1).optional(),
    /** Probability that an operator given a novelty directive follows it (drafts avoid the families it names). */
    directiveCompliance: z.number().min(0).max(1).default(0.9),
  })
  .strict()
  .refine((options) => Object.values(options.familyPrior).some((weight) => weight > 0), {
    message: 'at least one family needs a positive weight',
    path: ['familyPrior'],
  });

/** Options of `createSimulatedAgent` as callers write them. */
export type SimulatedAgentOptions = z.input<typeof SimulatedAgentOptionsSchema>;
