import { parseOptions } from 'boden';
import type { BenchAgent } from '../agents/bench-agent.js';
import { createSimulatedAgent } from '../agents/simulated-agent.js';
import { canonicalConfigKey } from '../env/canonical-config.js';
import { EvaluationHangError } from '../env/evaluation-hang-error.js';
import { medalFor } from '../cards/bench-task-card.js';
import { BenchRunOptionsSchema, type BenchRunOptions } from './bench-run-options.js';
import type { BenchArm } from './bench-policy.js';
import type { BenchRunRecord } from './bench-run-record.js';
import { runAgentSearch, type AgentSearchOutcome } from './run-agent-search.js';

/** The agent's seed for a run seed: a different stream than the policy's, the same for the same run seed. */
export function agentSeedOf(seed: number): number {
  return (Math.imul(seed ^ 0x5bd1e995, 0x9e3779b1) + 0x632be5ab) >>> 0;
}

/**
 * One search run of the benchmark on a tabular task: a policy (AIDE greedy, MCTS or evolution) with an agent as its
 * operators (the simulated agent by default), unshaped (strength 0, no schedule) or wrapped with the arm's
 * middleware (`runAgentSearch`), its pipelines scored by the evaluator and measured against the task card.
 *
 * @example
 * const record = await runBenchRun({ task: await loadBenchTaskCard('boston'), policy: 'mcts',
 *   arm: { strength: 0.3, schedule: 'none' }, seed: 1, episodes: 20, evaluator });
 */
export async function runBenchRun(options: BenchRunOptions): Promise<BenchRunRecord> {
  const parsed = parseOptions(BenchRunOptionsSchema, options, 'runBenchRun');
  const { task: card, policy, arm, seed, episodes, evaluator, alwaysWrap, loop } = parsed;
  const agentSeed = agentSeedOf(seed);
  const agent: BenchAgent =
    parsed.createAgent?.({ seed: agentSeed, budget: episodes }) ??
    createSimulatedAgent({ ...parsed.agent, task: card, seed: agentSeed, budget: episodes });
  const outcome = await runAgentSearch({
    runId: `${card.task}-${policy}-${seed}`,
    policy,
    arm,
    seed,
    episodes,
    agent,
    loop,
    async evaluate(config) {
      const { result, configKey } = await evaluator.evaluate(card, config);
      if (result.status === 'buggy' && result.cause === 'timeout') throw new EvaluationHangError({ configKey, detail: result.error });
      return result.status === 'ok' ? { score: result.score, error: null } : { score: null, error: result.error };
    },
    configKey: canonicalConfigKey,
    reference: { baseline: card.baseline, top1: card.top1, maximize: card.maximize, source: 'task-card' },
    maximize: card.maximize,
    alwaysWrap,
    clock: parsed.clock ?? (() => performance.now()),
  });
  const agentName = parsed.agentName ?? (parsed.createAgent === undefined ? 'simulated' : 'custom');
  return runRecordOf(
    { task: card.task, policy, arm, seed, agent: agentName },
    outcome,
    outcome.bestScore === null ? null : medalFor(card, outcome.bestScore),
  );
}

/** A run's record from what identifies it, the search's outcome and the medal its best score earned (fields in the record's order). */
export function runRecordOf(
  run: Pick<BenchRunRecord, 'task' | 'policy' | 'seed' | 'agent'> & { readonly arm: BenchArm },
  outcome: AgentSearchOutcome,
  medal: BenchRunRecord['medal'],
): BenchRunRecord {
  const {
    shaped,
    episodes,
    bestImpact,
    bestScore,
    bestImpactCurve,
    evaluations,
    wallMilliseconds,
    evaluationMilliseconds,
    measurementMilliseconds,
    bonusShifts,
  } = outcome;
  const arm = run.arm;
  return {
    task: run.task,
    policy: run.policy,
    arm: {
      strength: arm.strength,
      ...(arm.shift === undefined ? {} : { shift: arm.shift }),
      schedule: arm.schedule,
      ...(arm.gate === true ? { gate: true } : {}),
      ...(arm.pareto === true ? { pareto: true } : {}),
      ...(arm.qd === true ? { qd: true } : {}),
      ...(arm.ns === true ? { ns: true } : {}),
    },
    shaped,
    seed: run.seed,
    agent: run.agent,
    episodes,
    bestImpact,
    bestScore,
    medal,
    bestImpactCurve,
    evaluations,
    wallMilliseconds,
    evaluationMilliseconds,
    measurementMilliseconds,
    ...(bonusShifts === undefined ? {} : { bonusShifts }),
  };
}
