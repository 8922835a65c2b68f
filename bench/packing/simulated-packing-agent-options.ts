import { z } from 'zod';
import type { RandomSource } from 'boden';
import { defaultLockIn, simulatedAgentProfileNames } from '../agents/simulated-agent-options.js';

const isFunction = (value: unknown) => typeof value === 'function';
const paradigm = z.enum(['rings', 'grid', 'hexagonal', 'greedy', 'optimiser']);

/**
 * The prior over paradigms a program-writing LLM drafts from: constructions first, numerical optimisation rarely.
 * OpenEvolve's published run refined constructor programs for about a hundred iterations before a reconfiguration
 * let it switch to optimisation, i.e. at most about 1 % a step; with these weights (and `defaultComponentPrior`) an
 * unshaped run tries optimisation, as a paradigm or as a polish, about 1-1.5 % of its episodes. The weights were set
 * from that report before any shaped run, and the results depend on them: sweep them to see how.
 */
export const defaultParadigmPrior = { rings: 0.3, grid: 0.25, hexagonal: 0.25, greedy: 0.18, optimiser: 0.02 };

/**
 * Which component an agent adds on top of a program: mostly a random-perturbation hill climb or fitted radii,
 * rarely a numerical polish (the same off-prior idea as the optimiser paradigm, reached as a two-step combination).
 */
export const defaultComponentPrior = { perturb: 0.62, fitted: 0.35, polish: 0.03 };

/** Options of `createSimulatedPackingAgent`; every behavioural assumption is one of these, with its default. */
export const SimulatedPackingAgentOptionsSchema = z
  .object({
    /** The seeded random source every choice draws from; default `createSeededRandom(seed)`. */
    random: z.custom<RandomSource>(isFunction, 'expected a RandomSource').optional(),
    seed: z.number().int().default(0),
    /** The behavioural profile whose settings apply where the options below are omitted (`simulatedAgentProfiles`). */
    profile: z.enum(simulatedAgentProfileNames).default('v2'),
    /** The run's budget in episodes: under the `clock` collapse the strategic share is linear in episode index / budget. */
    budget: z.number().int().min(1).default(20),
    /** Relative weights of the paradigms drafts and switches draw from; missing paradigms weigh 0. */
    paradigmPrior: z.partialRecord(paradigm, z.number().min(0)).default(defaultParadigmPrior),
    /** Relative weights of the components an improvement adds. */
    componentPrior: z
      .strictObject({ perturb: z.number().min(0), fitted: z.number().min(0), polish: z.number().min(0) })
      .default(defaultComponentPrior),
    /** Probability that an improvement is strategic (a component or a paradigm switch) at the start ... */
    strategicStart: z.number().min(0).max(1).default(0.75),
    /** ... and once the run has collapsed. The rest are refinements of the settings. */
    strategicEnd: z.number().min(0).max(1).default(0.25),
    /** What the strategic share falls with: the episode index (`clock`) or the new bests found (`successes`); the profile's. */
    collapse: z.enum(['clock', 'successes']).optional(),
    /** Under the `successes` collapse, the share of the strategic span kept after each new best. */
    lockIn: z.number().min(0).max(1).default(defaultLockIn),
    /** Share of strategic changes that switch paradigm; the others add a component. The profile's when omitted. */
    paradigmSwitchShare: z.number().min(0).max(1).optional(),
    /** Probability that a program carries a synthetic bug (it crashes before printing a packing); the profile's. */
    bugRate: z.number().min(0).max(1).optional(),
    /** Probability that a debug step fixes its parent; the profile's when omitted. */
    debugSuccess: z.number().min(0).max(1).optional(),
    /** Probability that an operator given a novelty directive follows it (switches away from what it names and its parent). */
    directiveCompliance: z.number().min(0).max(1).default(0.9),
    /**
     * A directive the agent follows also steers it away from every paradigm its run has tried, as an LLM that is told
     * to try something new and sees its earlier solutions in the prompt (AIDE's memory) would; off, it avoids only
     * what the directive names (boden's vocabulary has no words for constructions) and its parent's paradigm.
     */
    directiveAvoidsTried: z.boolean().default(true),
  })
  .strict()
  .refine((options) => Object.values(options.paradigmPrior).some((weight) => weight > 0), {
    message: 'at least one paradigm needs a positive weight',
    path: ['paradigmPrior'],
  });

/** Options of `createSimulatedPackingAgent` as callers write them. */
export type SimulatedPackingAgentOptions = z.input<typeof SimulatedPackingAgentOptionsSchema>;
