import { createHash } from 'node:crypto';
import { z } from 'zod';
import { conceptDescriptors, parseOptions } from 'boden';
import { benchRunShape } from '../runner/bench-run-options.js';
import type { BenchRunRecord } from '../runner/bench-run-record.js';
import { runAgentSearch } from '../runner/run-agent-search.js';
import { agentSeedOf, runRecordOf } from '../runner/run-bench-run.js';
import { medalFor } from '../cards/bench-task-card.js';
import type { BenchArm, BenchPolicy } from '../runner/bench-policy.js';
import type { CodeAgent } from './code-agent.js';
import type { CodeSolution, CodeTask, ProgramRunner } from './code-task.js';
import { packingCodeDescriptors } from './code-traits.js';
import type { ProgramOutcomeMemo } from './program-outcome-memo.js';

const isFunction = (value: unknown) => typeof value === 'function';

/** Options of `runCodeRun`. */
export const CodeRunOptionsSchema = z.strictObject({
  /** The task (`createPackingCodeTask`, `createTabularCodeTask`). */
  task: z.custom<CodeTask>(
    (value) => value !== null && typeof value === 'object' && isFunction((value as CodeTask).evaluate),
    'expected a CodeTask',
  ),
  ...benchRunShape,
  /** Runs programs (the sandbox's `run`). */
  runner: z.custom<ProgramRunner>(isFunction, 'expected a ProgramRunner'),
  /** The sandbox's limits, part of every outcome's memo key. */
  limits: z.record(z.string(), z.unknown()),
  /** Program outcomes already known (a replay's recording, a sweep's memo); shared across runs. */
  memo: z.custom<ProgramOutcomeMemo>(
    (value) => value !== null && typeof value === 'object' && isFunction((value as ProgramOutcomeMemo).outcome),
    'expected a ProgramOutcomeMemo',
  ),
  /**
   * Makes the run's agent, given the run's key (sent as `user`, names no arm), the agent's seed, and whether its
   * prompts show the run's memory (not for independent sampling).
   */
  createAgent: z.custom<(context: { run: string; seed: number; memory: boolean }) => CodeAgent>(
    isFunction,
    'expected a function returning a CodeAgent',
  ),
  /** The name the record gives the agent, e.g. `code/<model>`. */
  agentName: z.string().min(1),
});

/** Options of `runCodeRun` as callers write them. */
export type CodeRunOptions = z.input<typeof CodeRunOptionsSchema>;

/**
 * The run's key as the model's server sees it (`user`): the task, the seed and a digest of the policy and arm, so
 * concurrent runs are told apart and a recording files each run under its own name, while the arm stays unnamed.
 */
export function codeRunKey(task: string, policy: BenchPolicy, arm: BenchArm, seed: number): string {
  const digest = createHash('sha256').update(JSON.stringify({ policy, arm })).digest('hex').slice(0, 10);
  return `${task}.seed-${seed}.${digest}`;
}

/**
 * One search run of a program-writing agent: the policy (AIDE greedy, MCTS or evolution) with the code agent as its
 * operators, unshaped or shaped by the arm (`runAgentSearch`, the same path as every bench run), each program run in
 * the sandbox and scored by the task (its outcome remembered in `memo`), and measured against the task's card.
 */
export async function runCodeRun(options: CodeRunOptions): Promise<BenchRunRecord> {
  const parsed = parseOptions(CodeRunOptionsSchema, options, 'runCodeRun');
  const { task, policy, arm, seed, episodes, runner, limits, memo, alwaysWrap, loop } = parsed;
  const run = codeRunKey(task.id, policy, arm, seed);
  const agent = parsed.createAgent({ run, seed: agentSeedOf(seed), memory: policy !== 'independent' });
  const outcome = await runAgentSearch<CodeSolution>({
    runId: `${task.id}-${policy}-${seed}`,
    policy,
    arm,
    seed,
    episodes,
    agent,
    loop,
    evaluate: (solution) => memo.outcome(task.id, limits, solution.code, () => task.evaluate(solution.code, runner)),
    configKey: (solution) => createHash('sha256').update(solution.code).digest('hex').slice(0, 16),
    reference: task.reference,
    maximize: task.metric.maximize,
    alwaysWrap,
    clock: parsed.clock ?? (() => performance.now()),
    descriptors: task.kind === 'packing' ? packingCodeDescriptors() : conceptDescriptors(),
  });
  const medal = outcome.bestScore === null ? null : medalFor(task.card as Parameters<typeof medalFor>[0], outcome.bestScore);
  return runRecordOf({ task: task.id, policy, arm, seed, agent: parsed.agentName }, outcome, medal);
}
