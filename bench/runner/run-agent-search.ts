import {
  conceptDescriptors,
  createNoveltyScorer,
  impact,
  RubricJudge,
  type Descriptors,
  type ImpactReference,
  type JudgedEpisode,
} from 'boden';
import type { NodeEvaluation, OperatorProposal, ProposedNode } from 'boden/adapters/search-loop';
import type { AgentNode, AgentProposal, BenchAgent, BenchAgentOperators } from '../agents/bench-agent.js';
import type { BenchArm, BenchPolicy } from './bench-policy.js';
import type { BenchEpisodeRecord, BenchRunRecord } from './bench-run-record.js';
import { createPolicySearch, type PolicyLoop } from './create-policy-search.js';

/** What a task's evaluator says of one configuration: a score, or the error that stopped it. */
export interface ConfigOutcome {
  readonly score: number | null;
  readonly error: string | null;
}

/** What `runAgentSearch` needs: the run's shape, the agent, and how the task evaluates and names a configuration. */
export interface AgentSearchInput<Config> {
  /** The novelty scorer's run id. */
  readonly runId: string;
  readonly policy: BenchPolicy;
  readonly arm: BenchArm;
  readonly seed: number;
  readonly episodes: number;
  readonly agent: BenchAgent<Config>;
  /** What drives the policy (`createPolicySearch`): the adapter, or the adapter inside the LangGraph graph. */
  readonly loop?: PolicyLoop;
  /** Scores a configuration without a synthetic bug; throw to fail the whole run (e.g. an evaluation that hung). */
  evaluate(config: Config): Promise<ConfigOutcome>;
  /** A stable key of a configuration (equal for equal configurations). */
  configKey(config: Config): string;
  /** Impact is measured between the reference's baseline and top-1. */
  readonly reference: ImpactReference;
  readonly maximize: boolean;
  readonly alwaysWrap: boolean;
  /** Milliseconds clock for wall and evaluation time. */
  readonly clock: () => number;
  /** The `qd` arm's descriptors (default: boden's concepts). */
  readonly descriptors?: Descriptors;
}

/** The task-independent part of a `BenchRunRecord`: episodes, best impact, curve and times. */
export type AgentSearchOutcome = Omit<BenchRunRecord, 'task' | 'policy' | 'arm' | 'seed' | 'agent' | 'medal'>;

/**
 * One search run over any bench task: the policy (AIDE greedy, MCTS or evolution) with the agent as its operators,
 * unshaped or wrapped with the arm's middleware over a fresh novelty scorer. Every episode is scored for novelty
 * before evaluation (the same scorer, whether or not shaping reads it) and judged afterwards by the cheap judge, so
 * shaped and unshaped runs are measured alike. The tabular runs (`runBenchRun`) and circle packing
 * (`runPackingRun`) differ only in the agent, the evaluator and the reference.
 */
export async function runAgentSearch<Config>(input: AgentSearchInput<Config>): Promise<AgentSearchOutcome> {
  const { runId, policy, arm, seed, episodes, agent, reference, maximize, alwaysWrap, clock } = input;
  const started = clock();
  const scorer = createNoveltyScorer({ runId });
  const novelty = new Map<string, Record<string, number>>();
  scorer.events.on('episode-scored', (event) => novelty.set(event.id, { ...event.scores }));

  const records: BenchEpisodeRecord[] = [];
  const proposalsById = new Map<string, AgentProposal<Config>>();
  let evaluations = 0;
  let evaluationMilliseconds = 0;
  let measurementMilliseconds = 0;
  let shaped = false;
  // Whether the middleware scores each node (else it is scored here, so every arm records the same novelty).
  let scoredByMiddleware = false;

  // The search's parents of each proposal, by the proposal's code, until the node is evaluated.
  const operators = agent.operators;
  const pendingParents = new Map<string, string[]>();
  const remember = async (proposal: Promise<OperatorProposal>, parentNodes: readonly AgentNode[]) => {
    const made = await proposal;
    pendingParents.set(
      made.code,
      parentNodes.map((parent) => parent.id).filter((id): id is string => id !== undefined),
    );
    return made;
  };
  const withParents: BenchAgentOperators = {
    draft: (request) => remember(operators.draft(request), []),
    improve: (request) => remember(operators.improve(request), [request.parent]),
    debug: (request) => remember(operators.debug(request), [request.parent]),
    crossover: (request) => remember(operators.crossover(request), request.parents),
  };

  // Every arm records each episode's cell, so coverage and QD-score compare across arms, not only for `qd`.
  const descriptors = input.descriptors ?? conceptDescriptors();
  const evaluate = async (node: ProposedNode): Promise<NodeEvaluation> => {
    const proposal = agent.proposalOf(node.code);
    if (proposal === undefined) throw new Error(`runAgentSearch: node ${node.id} was not proposed by the run's agent`);
    const parentIds = pendingParents.get(node.code) ?? [];
    // Unshaped (or the archive alone), nothing scores the node before evaluation: score it here, against the same history.
    if (!scoredByMiddleware) {
      const before = clock();
      await scorer.score(node);
      measurementMilliseconds += clock() - before;
    }
    let outcome: ConfigOutcome = { score: null, error: proposal.bug };
    if (proposal.bug === null) {
      const before = clock();
      outcome = await input.evaluate(proposal.config);
      evaluationMilliseconds += clock() - before;
      evaluations += 1;
    }
    const status = outcome.score === null ? 'buggy' : 'ok';
    if (!scoredByMiddleware) {
      const before = clock();
      await scorer.observe(node, { valid: status === 'ok' });
      measurementMilliseconds += clock() - before;
    }
    agent.observe?.(node.code, outcome);
    proposalsById.set(node.id, proposal);
    records.push({
      index: records.length,
      nodeId: node.id,
      parentIds,
      operator: node.operator as BenchEpisodeRecord['operator'],
      kind: proposal.kind,
      configKey: input.configKey(proposal.config),
      status,
      score: outcome.score,
      error: status === 'ok' ? null : outcome.error,
      impact: outcome.score === null ? null : impact(outcome.score, reference),
      novelty: {},
      verdict: null,
      directive: proposal.directive,
      followedDirective: proposal.followedDirective,
      modeSwitches: [],
      cell: descriptors.describe(node).key,
    });
    return outcome.score === null ? { metric: null, buggy: true } : { metric: outcome.score, buggy: false };
  };

  const search = createPolicySearch({
    policy,
    loop: input.loop ?? 'adapter',
    operators: withParents,
    evaluate,
    arm,
    scorer,
    seed,
    lowerIsBetter: !maximize,
    alwaysWrap,
    // A switch happens while the latest episode is observed: it belongs to that episode.
    onModeSwitch: (change) => records.at(-1)?.modeSwitches.push(change),
    ...(input.descriptors === undefined ? {} : { descriptors: input.descriptors }),
  });
  shaped = search.shaped;
  scoredByMiddleware = search.scoresNodes;
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
    if (record.impact !== null && record.score !== null && (best === null || record.impact > best.impact))
      best = { impact: record.impact, score: record.score };
    curve.push(best?.impact ?? null);
  }
  return {
    shaped,
    episodes: records,
    bestImpact: best?.impact ?? null,
    bestScore: best?.score ?? null,
    bestImpactCurve: curve,
    evaluations,
    wallMilliseconds,
    evaluationMilliseconds,
    measurementMilliseconds,
    ...(search.bonusShifts() === undefined ? {} : { bonusShifts: search.bonusShifts() }),
  };
}
