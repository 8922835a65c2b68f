import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { simulatedAgentProfileNames } from '../agents/simulated-agent-options.js';
import { defaultWorkBudgetSeconds } from '../env/bench-evaluator.js';
import { benchPolicies, benchSchedules, parseArmName } from '../runner/bench-policy.js';

/** An arm as written on the command line: `unshaped`, `bonus-0.3`, `adaptive`, `gate`, `bonus-0.3+adaptive+gate`, … (`parseArmName`). */
export const ArmNameSchema = z
  .string()
  .refine(
    isArmName,
    'expected unshaped, or bonus-<strength> or shift-<share>, pareto, qd, ns, a schedule (adaptive, adaptive-extend, adaptive-mixed) and gate joined by + in that order (e.g. bonus-0.3+adaptive, gate, qd)',
  );

function isArmName(name: string): boolean {
  try {
    parseArmName(name);
    return true;
  } catch {
    return false;
  }
}

/** Options of `runSweep`: the grid of cells, the run length, where results go and how much runs at once. */
export const SweepOptionsSchema = z
  .object({
    /** Shipped task card names (`bench/tasks/cards`), and `circle-packing-26` (`bench/packing`). */
    tasks: z.array(z.string().min(1)).default([]),
    /** A user's own calibrated task card files (see `bench/tasks/calibrate-task-cards.ts --task-file`). */
    taskFiles: z.array(z.string().min(1)).default([]),
    policies: z.array(z.enum(benchPolicies)).min(1).default(['aide']),
    /** Novelty bonus strengths; every strength is crossed with every schedule (0 + none = unshaped). */
    strengths: z.array(z.number().finite().min(0)).min(1).default([0]),
    schedules: z.array(z.enum(benchSchedules)).min(1).default(['none']),
    /** Explicit arms instead of the strengths × schedules grid, e.g. `['unshaped', 'bonus-0.3', 'adaptive']`. */
    arms: z.array(ArmNameSchema).min(1).optional(),
    /** Seeds firstSeed..firstSeed + seeds - 1 of every cell. */
    seeds: z.number().int().min(1).default(5),
    /** The first seed: develop on one range of seeds, run the final sweep on another. */
    firstSeed: z.number().int().min(0).default(1),
    /**
     * The simulated agents' behavioural profile (`simulatedAgentProfiles`): `v2`, fitted to the shared real runs, by
     * default; `v1` reproduces the sweeps committed before it. The sweep's manifest records it.
     */
    agentProfile: z.enum(simulatedAgentProfileNames).default('v2'),
    /**
     * Probability that the simulated agent follows a novelty directive (its own default, 0.9, when omitted): sweep it
     * (one results directory per value) to see how much of an effect comes from selection alone (0).
     */
    directiveCompliance: z.number().min(0).max(1).optional(),
    /**
     * The simulated agent's probability of a crashing script and of a debug step fixing one (its profile's when
     * omitted: v2 0.19 and 0.3, v1 0.15 and 0.7): a robustness check of a result.
     */
    bugRate: z.number().min(0).max(1).optional(),
    debugSuccess: z.number().min(0).max(1).optional(),
    /** Episodes per run. */
    episodes: z.number().int().min(1).default(30),
    /**
     * Only these cells of the grid (their `task/policy/arm/seed-N` keys), e.g. one shard of a sweep plan; every
     * cell when omitted.
     */
    cells: z.array(z.string().min(1)).optional(),
    /** Results directory: `runs.jsonl`, `sweep.json`, `summary.txt`, `summary.json`, `report.html`. */
    out: z.string().min(1),
    /** On-disk evaluation memo shared by sweeps (repeated pipelines cost nothing). */
    memo: z.string().min(1).default('tmp/bench-memo'),
    /** Evaluation worker threads. */
    workers: z
      .number()
      .int()
      .min(1)
      .default(() => availableParallelism()),
    /** Runs in flight at once: more than workers keeps the pool busy while runs score and select. */
    concurrency: z.number().int().min(1).optional(),
    /**
     * Who proposes pipelines: the offline simulated agent, or an LLM behind any OpenAI-compatible server (key from
     * `OPENAI_API_KEY`), prompted AIDE style with the task card, the run's memory and the novelty directive. `llm`
     * plugs the LLM into the search-loop adapters directly; `langchain` runs the same LLM agent through
     * `createTreeSearchGraph`, the LangGraph graph a user's own agent runs. `timeoutMs` and `firstByteTimeoutMs` are
     * the agent's (`createLlmAgent`); `circuitBreaker` unanswered requests in a row, across all the sweep's runs, stop
     * every run from calling the server (0 never). None of the three changes a run's result, so none names a cell.
     */
    agent: z
      .union([
        z.literal('simulated'),
        z.strictObject({
          kind: z.enum(['llm', 'langchain']),
          model: z.string().min(1),
          baseURL: z.url().optional(),
          temperature: z.number().min(0).max(2).optional(),
          timeoutMs: z.number().int().positive().optional(),
          firstByteTimeoutMs: z.number().int().positive().optional(),
          circuitBreaker: z.number().int().min(0).default(3),
        }),
        /**
         * A program-writing agent (`createCodeAgent`): a model behind `baseURL`, or without one the scripted model
         * (offline, the simulated agents writing real Python); programs run in the sandbox (`python`, `cpuSeconds`,
         * `memoryMegabytes`); `record` / `replay` a directory of the model's exchanges and the programs' outcomes.
         */
        z
          .strictObject({
            kind: z.literal('code'),
            model: z.string().min(1).optional(),
            baseURL: z.url().optional(),
            temperature: z.number().min(0).max(2).optional(),
            timeoutMs: z.number().int().positive().optional(),
            firstByteTimeoutMs: z.number().int().positive().optional(),
            circuitBreaker: z.number().int().min(0).default(3),
            record: z.string().min(1).optional(),
            replay: z.string().min(1).optional(),
            python: z.string().min(1).optional(),
            cpuSeconds: z.number().int().positive().default(60),
            memoryMegabytes: z.number().int().min(64).default(4096),
          })
          .refine((agent) => agent.record === undefined || agent.replay === undefined, {
            message: 'record and replay exclude each other',
            path: ['replay'],
          })
          .refine((agent) => agent.baseURL === undefined || agent.model !== undefined, {
            message: 'a baseURL needs the served model name',
            path: ['model'],
          }),
      ])
      .default('simulated'),
    /**
     * Most estimated seconds of cross-validation per pipeline (reference machine, `estimateFoldSeconds`); a pipeline
     * over it is a buggy node, the same on any machine and load.
     */
    workBudgetSeconds: z.number().positive().default(defaultWorkBudgetSeconds),
    /**
     * Wall-clock hang guard per evaluation. It never decides an outcome: a run whose evaluation hits it fails (and
     * runs again on resume), since its result would depend on the machine's load.
     */
    hangTimeoutMs: z.number().int().min(100).default(600_000),
  })
  .strict()
  .refine((options) => options.tasks.length + options.taskFiles.length > 0, {
    message: 'give at least one task (tasks or taskFiles)',
    path: ['tasks'],
  });

/** Options of `runSweep` as callers write them. */
export type SweepOptions = z.input<typeof SweepOptionsSchema>;
/** Options of `runSweep` after defaults. */
export type ParsedSweepOptions = z.output<typeof SweepOptionsSchema>;
