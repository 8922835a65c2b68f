import { z } from 'zod';
import type { RandomSource } from '../../src/index.js';
import type { BenchTask } from '../tasks/bench-task.js';

const isFunction = (value: unknown) => typeof value === 'function';

/**
 * The prior over model families an LLM drafts from: it reaches for gradient boosting, random forests and linear
 * models far more often than for kNN, SVMs, single trees or naive Bayes (families a task cannot use are dropped).
 */
export const defaultFamilyPrior = { boosting: 0.35, 'random-forest': 0.25, linear: 0.2, knn: 0.06, svm: 0.06, cart: 0.05, 'naive-bayes': 0.03 };

/**
 * Options of `createSimulatedAgent`. Every behavioural assumption of the simulated LLM agent is one of these
 * parameters, with the value the defaults assume.
 */
export const SimulatedAgentOptionsSchema = z
  .object({
    /** The task the agent works on (its kind decides which families fit; renderers need it). */
    task: z.custom<BenchTask>((value) => value !== null && typeof value === 'object' && 'kind' in value && 'task' in value, 'expected a BenchTask'),
    /** The seeded random source every choice draws from; default `createSeededRandom(seed)`. */
    random: z.custom<RandomSource>(isFunction, 'expected a RandomSource').optional(),
    /** Seed of the default random source. */
    seed: z.number().int().default(0),
    /** The run's budget in episodes: the drift of the strategic share is linear in episode index / budget. */
    budget: z.number().int().min(1).default(20),
    /** Relative weights of the families drafts (and family switches) draw from; missing families weigh 0. */
    familyPrior: z
      .partialRecord(z.enum(['linear', 'knn', 'naive-bayes', 'cart', 'boosting', 'random-forest', 'svm']), z.number().min(0))
      .default(defaultFamilyPrior),
    /** Probability that a draft is a 2-3 member ensemble instead of a single model. */
    draftEnsembleProbability: z.number().min(0).max(1).default(0.05),
    /** Probability that an improvement is strategic (a new component or a family switch) at the first episode ... */
    strategicStart: z.number().min(0).max(1).default(0.75),
    /** ... and at the last one; in between it moves linearly. The rest are parametric refinements. */
    strategicEnd: z.number().min(0).max(1).default(0.25),
    /** Share of strategic changes that switch the model family; the others add a component. */
    familySwitchShare: z.number().min(0).max(1).default(0.2),
    /** Probability that a draft or improvement carries a synthetic bug (a script that crashes before scoring). */
    bugRate: z.number().min(0).max(1).default(0.15),
    /** Probability that a debug step fixes its parent; a failed fix is buggy again. */
    debugSuccess: z.number().min(0).max(1).default(0.7),
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
