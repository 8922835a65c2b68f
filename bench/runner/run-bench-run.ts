import { createNoveltyScorer, impact, parseOptions, RubricJudge, type ImpactReference, type JudgedEpisode } from '../../src/index.js';
import type { NodeEvaluation, OperatorProposal, ProposedNode } from '../../adapters/search-loop/index.js';
import type { AgentNode, AgentProposal, BenchAgent, BenchAgentOperators } from '../agents/bench-agent.js';
import { createSimulatedAgent } from '../agents/simulated-agent.js';
import { canonicalConfigKey } from '../env/canonical-config.js';
import { EvaluationHangError } from '../env/evaluation-hang-error.js';
import { medalFor } from '../tasks/bench-task-card.js';
import { BenchRunOptionsSchema, type BenchRunOptions } from './bench-run-options.js';
import type { BenchEpisodeRecord, BenchRunRecord } from './bench-run-record.js';
import { createPolicySearch } from './create-policy-search.js';

/** The agent's seed for a run seed: a different stream than the policy's, the same for the same run seed. */
export function agentSeedOf(seed: number): number {
  return (Math.imul(seed ^ 0x5bd1e995, 0x9e3779b1) + 0x632be5ab) >>> 0;
}

/**
 * One search run of the benchmark: a policy (AIDE greedy, MCTS or evolution) with an agent as its operators
 * (the simulated agent by default) on one task, unshaped (strength 0, no schedule) or wrapped with
 * `adaptiveExploration` and/or `noveltyBonus` over a fresh novelty scorer. Every episode is scored for novelty
 * before evaluation (the same scorer, whether or not shaping reads it) and judged afterwards by the cheap judge.
 *
 * @example
 * const record = await runBenchRun({ task: await loadBenchTaskCard('boston'), policy: 'mcts',
 *   arm: { strength: 0.3, schedule: 'none' }, seed: 1, episodes: 20, evaluator });
 */
export async function runBenchRun(options: BenchRunOptions): Promise<BenchRunRecord> {
  const parsed = parseOptions(BenchRunOptionsSchema, options, 'runBenchRun');
  const { task: card, policy, arm, seed, episodes, evaluator, alwaysWrap } = parsed;
  const clock = parsed.clock ?? (() => performance.now());
  const started = clock();
  const agentSeed = agentSeedOf(seed);
  const agent: BenchAgent = parsed.createAgent?.({ seed: agentSeed, budget: episodes }) ??
    createSimulatedAgent({ ...parsed.agent, task: card, seed: agentSeed, budget: episodes });
  const agentName = parsed.agentName ?? (parsed.createAgent === undefined ? 'simulated' : 'custom');
  const scorer = createNoveltyScorer({ runId: `${card.task}-${policy}-${seed}` });
  const novelty = new Map<string, Record<string, number>>();
  scorer.events.on('episode-scored', (event) => novelty.set(event.id, { ...event.scores }));
  const reference: ImpactReference = { baseline: card.baseline, top1: card.top1, maximize: card.maximize, source: 'task-card' };

  const records: BenchEpisodeRecord[] = [];
  const proposalsById = new Map<string, AgentProposal>();
  let evaluations = 0;
  let evaluationMilliseconds = 0;
  let measurementMilliseconds = 0;
  let shaped = false;

  // The search's parents of each proposal, by the proposal's code, until the node is evaluated.
  const operators = agent.operators;
  const pendingParents = new Map<string, string[]>();
  const remember = async (proposal: Promise<OperatorProposal>, parentNodes: readonly AgentNode[]) => {
    const made = await proposal;
    pendingParents.set(made.code, parentNodes.map((parent) => parent.id).filter((id): id is string => id !== undefined));
    return made;
  };
  const withParents: BenchAgentOperators = {
    draft: (input) => remember(operators.draft(input), []),
    improve: (input) => remember(operators.improve(input), [input.parent]),
    debug: (input) => remember(operators.debug(input), [input.parent]),
    crossover: (input) => remember(operators.crossover(input), input.parents),
  };

  const evaluate = async (node: ProposedNode): Promise<NodeEvaluation> => {
    const proposal = agent.proposalOf(node.code);
    if (proposal === undefined) throw new Error(`runBenchRun: node ${node.id} was not proposed by the run's agent`);
    const parentIds = pendingParents.get(node.code) ?? [];
    // Unshaped, nothing scores the node before evaluation: score it here, against the same history.
    if (!shaped) {
      const before = clock();
      await scorer.score(node);
      measurementMilliseconds += clock() - before;
    }
    let status: 'ok' | 'buggy' = 'buggy';
    let score: number | null = null;
    let error: string | null = proposal.bug;
    if (proposal.bug === null) {
      const before = clock();
      const { result, configKey } = await evaluator.evaluate(card, proposal.config);
      evaluationMilliseconds += clock() - before;
      evaluations += 1;
      if (result.status === 'buggy' && result.cause === 'timeout') throw new EvaluationHangError({ configKey, detail: result.error });
      if (result.status === 'ok') [status, score, error] = ['ok', result.score, null];
      else error = result.error;
    }
    if (!shaped) {
      const before = clock();
      await scorer.observe(node, { valid: status === 'ok' });
      measurementMilliseconds += clock() - before;
    }
    agent.observe?.(node.code, { score, error });
    proposalsById.set(node.id, proposal);
    records.push({
      index: records.length,
      nodeId: node.id,
      parentIds,
      operator: node.operator as BenchEpisodeRecord['operator'],
      kind: proposal.kind,
      configKey: canonicalConfigKey(proposal.config),
      status,
      score,
      error,
      impact: score === null ? null : impact(score, reference),
      novelty: {},
      verdict: null,
      directive: proposal.directive,
      followedDirective: proposal.followedDirective,
      modeSwitches: [],
    });
    return status === 'ok' ? { metric: score!, buggy: false } : { metric: null, buggy: true };
  };

  const search = createPolicySearch({
    policy,
    operators: withParents,
    evaluate,
    arm,
    scorer,
    seed,
    lowerIsBetter: !card.maximize,
    alwaysWrap,
    // A switch happens while the latest episode is observed: it belongs to that episode.
    onModeSwitch: (change) => records.at(-1)?.modeSwitches.push(change),
  });
  shaped = search.shaped;
  await search.run(episodes);
  const wallMilliseconds = Math.max(0, clock() - started);

  // P-creativity: each valid episode judged against the run's earlier valid episodes, as the paper's judge reads a run.
  const judge = new RubricJudge();
  const earlier: JudgedEpisode[] = [];
  for (const record of records) {
    record.novelty = novelty.get(record.nodeId) ?? {};
    if (record.status !== 'ok') continue;
    const proposal = proposalsById.get(record.nodeId)!;
    const episode: JudgedEpisode = { id: record.nodeId, plan: proposal.plan, code: proposal.code, summary: null, score: record.score! };
    const verdict = judge.verdict({ runId: scorer.runId, episode, earlier: [...earlier], novelty: record.novelty });
    record.verdict = { score: verdict.score, label: verdict.label, confidence: verdict.confidence, judge: verdict.judge };
    earlier.push(episode);
  }

  const curve: (number | null)[] = [];
  let best: { impact: number; score: number } | null = null;
  for (const record of records) {
    if (record.impact !== null && record.score !== null && (best === null || record.impact > best.impact)) best = { impact: record.impact, score: record.score };
    curve.push(best?.impact ?? null);
  }
  return {
    task: card.task,
    policy,
    arm: { strength: arm.strength, schedule: arm.schedule, ...(arm.gate === true ? { gate: true } : {}), ...(arm.pareto === true ? { pareto: true } : {}) },
    shaped,
    seed,
    agent: agentName,
    episodes: records,
    bestImpact: best?.impact ?? null,
    bestScore: best?.score ?? null,
    medal: best === null ? null : medalFor(card, best.score),
    bestImpactCurve: curve,
    evaluations,
    wallMilliseconds,
    evaluationMilliseconds,
    measurementMilliseconds,
  };
}
