import { z } from 'zod';
import type { BenchAgent } from '../agents/bench-agent.js';
import type { SimulatedAgentOptions } from '../agents/simulated-agent-options.js';
import type { BenchEvaluator } from '../env/bench-evaluator.js';
import type { BenchTaskCard } from '../cards/bench-task-card.js';
import { BenchArmSchema, benchPolicies } from './bench-policy.js';

const isFunction = (value: unknown) => typeof value === 'function';

/** The options every bench run takes, whatever its task (`runBenchRun`, `runPackingRun`). */
export const benchRunShape = {
  /** The search policy the agent's operators are plugged into. */
  policy: z.enum(benchPolicies).default('aide'),
  /** The shaping arm: novelty bonus strength (0 = none), exploration schedule, gate and Pareto choice. */
  arm: BenchArmSchema,
  /** Seeds the policy's random source and (through a derived seed) the agent's. */
  seed: z.number().int(),
  /** Episodes (evaluated nodes, buggy ones included) of the run; also the agent's budget. */
  episodes: z.number().int().min(1),
  /**
   * What drives the policy: its search-loop adapter directly, or the same adapter inside `createTreeSearchGraph`
   * (the LangGraph graph a user's agent runs); the two give the same run.
   */
  loop: z.enum(['adapter', 'langgraph']).default('adapter'),
  /** Wrap the policy even when the arm changes nothing (strength 0, no schedule): to check that wrapping is neutral. */
  alwaysWrap: z.boolean().default(false),
  /** Milliseconds clock for the run's wall time; default `performance.now`. */
  clock: z.custom<() => number>(isFunction, 'expected a clock function').optional(),
};

/** Options of `runBenchRun`. */
export const BenchRunOptionsSchema = z
  .object({
    /** The task's card (`loadBenchTaskCard`): the task, and the baseline and top-1 impact is measured between. */
    task: z.custom<BenchTaskCard>(
      (value) => value !== null && typeof value === 'object' && 'top1' in value && 'kind' in value,
      'expected a BenchTaskCard',
    ),
    ...benchRunShape,
    /** Evaluates pipelines (`createBenchEvaluator`). */
    evaluator: z.custom<BenchEvaluator>(
      (value) => value !== null && typeof value === 'object' && isFunction((value as BenchEvaluator).evaluate),
      'expected a BenchEvaluator',
    ),
    /** Further settings of the default simulated agent (task, random, seed and budget are the run's). */
    agent: z
      .custom<Omit<SimulatedAgentOptions, 'task' | 'random' | 'seed' | 'budget'>>((value) => value !== null && typeof value === 'object')
      .default({}),
    /** Makes the run's agent instead of the simulated one (e.g. an `LlmAgent`); given the agent seed and budget. */
    createAgent: z
      .custom<(context: { seed: number; budget: number }) => BenchAgent>(isFunction, 'expected a function returning a BenchAgent')
      .optional(),
    /** The name the record gives the agent (default `simulated`, or `custom` with `createAgent`). */
    agentName: z.string().min(1).optional(),
  })
  .strict();

/** Options of `runBenchRun` as callers write them. */
export type BenchRunOptions = z.input<typeof BenchRunOptionsSchema>;
