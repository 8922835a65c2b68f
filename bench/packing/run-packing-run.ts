import { z } from 'zod';
import { parseOptions } from 'boden';
import { benchRunShape } from '../runner/bench-run-options.js';
import type { BenchRunRecord } from '../runner/bench-run-record.js';
import { runAgentSearch } from '../runner/run-agent-search.js';
import { agentSeedOf, runRecordOf } from '../runner/run-bench-run.js';
import { medalFor } from '../cards/bench-task-card.js';
import { createSimulatedPackingAgent } from './simulated-packing-agent.js';
import { packingDescriptors } from './packing-descriptors.js';
import type { SimulatedPackingAgentOptions } from './simulated-packing-agent-options.js';
import type { PackingEvaluator } from './packing-evaluator.js';
import { packingProgramKey } from './packing-program.js';
import type { PackingTaskCard } from './packing-task-card.js';

const isFunction = (value: unknown) => typeof value === 'function';

/** Options of `runPackingRun`. */
export const PackingRunOptionsSchema = z
  .object({
    /** The circle-packing card (`loadPackingTaskCard`): baseline, top-1 and medals. */
    task: z.custom<PackingTaskCard>(
      (value) => value !== null && typeof value === 'object' && 'top1' in value && 'paradigmBest' in value,
      'expected a PackingTaskCard',
    ),
    ...benchRunShape,
    /** Runs and checks programs (`createPackingEvaluator`); share one across runs to share its memory. */
    evaluator: z.custom<PackingEvaluator>(
      (value) => value !== null && typeof value === 'object' && isFunction((value as PackingEvaluator).evaluate),
      'expected a PackingEvaluator',
    ),
    /** Further settings of the simulated packing agent (random, seed and budget are the run's). */
    agent: z
      .custom<Omit<SimulatedPackingAgentOptions, 'random' | 'seed' | 'budget'>>((value) => value !== null && typeof value === 'object')
      .default({}),
  })
  .strict();

/** Options of `runPackingRun` as callers write them. */
export type PackingRunOptions = z.input<typeof PackingRunOptionsSchema>;

/**
 * One search run on circle packing (n = 26): a policy with the simulated packing agent as its operators, unshaped or
 * shaped by the arm (`runAgentSearch`), each program run and checked by the evaluator and measured against the card
 * (impact between its trivial baseline and the best known sum of radii). The record is a `BenchRunRecord`, so
 * sweeps, summaries and reports read it like a tabular run.
 *
 * @example
 * const record = await runPackingRun({ task: await loadPackingTaskCard(), arm: { strength: 0, schedule: 'adaptive' },
 *   seed: 1, episodes: 40, evaluator: createPackingEvaluator() });
 */
export async function runPackingRun(options: PackingRunOptions): Promise<BenchRunRecord> {
  const parsed = parseOptions(PackingRunOptionsSchema, options, 'runPackingRun');
  const { task: card, policy, arm, seed, episodes, evaluator, alwaysWrap } = parsed;
  const agent = createSimulatedPackingAgent({ ...parsed.agent, seed: agentSeedOf(seed), budget: episodes });
  const outcome = await runAgentSearch({
    runId: `${card.task}-${policy}-${seed}`,
    policy,
    arm,
    seed,
    episodes,
    agent,
    evaluate: async (program) => evaluator.evaluate(program),
    configKey: packingProgramKey,
    reference: { baseline: card.baseline, top1: card.top1, maximize: true, source: 'task-card' },
    maximize: true,
    alwaysWrap,
    clock: parsed.clock ?? (() => performance.now()),
    // The concept vocabulary names no construction: the qd arm reads layouts with the packing agent's own words.
    descriptors: packingDescriptors(),
  });
  return runRecordOf(
    { task: card.task, policy, arm, seed, agent: 'simulated' },
    outcome,
    outcome.bestScore === null ? null : medalFor(card, outcome.bestScore),
  );
}
