import {
  adaptiveExploration,
  createNoveltyScorer,
  impact,
  noveltyBonus,
  parseOptions,
  scorerNoveltySource,
  wrapSelector,
  type ImpactReference,
  type Selector,
  type SelectorMiddleware,
} from '../../src/index.js';
import { createAideGreedySearch, createAideGreedySelector, type AideNode } from '../../adapters/aide-greedy/index.js';
import type { NodeEvaluation, ProposedNode } from '../../adapters/search-loop/index.js';
import { createSimulatedAgent } from '../agents/simulated-agent.js';
import { canonicalConfigKey } from '../env/canonical-config.js';
import type { EvaluationResult } from '../env/evaluation-result.js';
import { medalFor } from '../tasks/bench-task-card.js';
import { BenchRunOptionsSchema, type BenchRunOptions } from './bench-run-options.js';
import type { BenchEpisodeRecord, BenchRunRecord, ModeSwitch } from './bench-run-record.js';

/** The agent's seed for a run seed: a different stream than the policy's, the same for the same run seed. */
export function agentSeedOf(seed: number): number {
  return (Math.imul(seed ^ 0x5bd1e995, 0x9e3779b1) + 0x632be5ab) >>> 0;
}

/**
 * One search run of the benchmark: AIDE's greedy search with the simulated agent as its operators, on one task,
 * unshaped (strength 0, no schedule) or wrapped with `adaptiveExploration` and/or `noveltyBonus` over a fresh
 * novelty scorer. Every episode is scored for novelty (the same scorer, whether or not shaping reads it).
 *
 * @example
 * const record = await runBenchRun({ task: await loadBenchTaskCard('boston'), arm: { strength: 0.5, schedule: 'adaptive' },
 *   seed: 1, episodes: 20, evaluator });
 */
export async function runBenchRun(options: BenchRunOptions): Promise<BenchRunRecord> {
  const parsed = parseOptions(BenchRunOptionsSchema, options, 'runBenchRun');
  const { task: card, arm, seed, episodes, evaluator, alwaysWrap } = parsed;
  const clock = parsed.clock ?? (() => performance.now());
  const started = clock();
  const agent = createSimulatedAgent({ ...parsed.agent, task: card, seed: agentSeedOf(seed), budget: episodes });
  const scorer = createNoveltyScorer({ runId: `${card.task}-aide-${seed}` });
  const novelty = new Map<string, Record<string, number>>();
  scorer.events.on('episode-scored', (event) => novelty.set(event.id, { ...event.scores }));

  const shaped = alwaysWrap || arm.strength > 0 || arm.schedule === 'adaptive';
  let selector: Selector<AideNode> = createAideGreedySelector();
  const modeSwitches: ModeSwitch[] = [];
  if (shaped) {
    const source = scorerNoveltySource({ scorer });
    const middleware: SelectorMiddleware[] = [];
    if (arm.schedule === 'adaptive') middleware.push(adaptiveExploration({ source }));
    if (arm.strength > 0 || middleware.length === 0) middleware.push(noveltyBonus({ source, strength: arm.strength }));
    const wrapped = wrapSelector({ selector, middleware });
    wrapped.events.on('mode-changed', ({ from, to, reason, averageNovelty }) => modeSwitches.push({ from, to, reason, averageNovelty }));
    selector = wrapped;
  }

  const results = new Map<string, { configKey: string; result: EvaluationResult | { status: 'buggy'; error: string } }>();
  const evaluate = async (node: ProposedNode): Promise<NodeEvaluation> => {
    const proposal = agent.proposalOf(node.code);
    if (proposal === undefined) throw new Error(`runBenchRun: node ${node.id} was not proposed by the simulated agent`);
    // Unshaped, nothing scores the node before evaluation: score it here, against the same history.
    if (!shaped) await scorer.score(node);
    const configKey = canonicalConfigKey(proposal.config);
    const result = proposal.bug !== null ? { status: 'buggy' as const, error: proposal.bug } : (await evaluator.evaluate(card, proposal.config)).result;
    results.set(node.id, { configKey, result });
    if (!shaped) await scorer.observe(node, { valid: result.status === 'ok' });
    return result.status === 'ok' ? { metric: result.score, buggy: false } : { metric: null, buggy: true };
  };

  const search = createAideGreedySearch({ operators: agent.operators, evaluate, selector, seed, lowerIsBetter: !card.maximize });
  const reference: ImpactReference = { baseline: card.baseline, top1: card.top1, maximize: card.maximize, source: 'task-card' };
  const records: BenchEpisodeRecord[] = [];
  const curve: (number | null)[] = [];
  let best: { impact: number; score: number } | null = null;
  for (let index = 0; index < episodes; index += 1) {
    const step = await search.step();
    const switches = modeSwitches.splice(0);
    const node = step.node;
    if (node === undefined) continue;
    const { configKey, result } = results.get(node.id)!;
    const proposal = agent.proposalOf(node.code)!;
    const score = result.status === 'ok' ? result.score : null;
    const episodeImpact = score === null ? null : impact(score, reference);
    if (score !== null && episodeImpact !== null && (best === null || episodeImpact > best.impact)) best = { impact: episodeImpact, score };
    curve.push(best?.impact ?? null);
    records.push({
      index: records.length,
      nodeId: node.id,
      parentId: node.parentId,
      operator: node.operator,
      kind: proposal.kind,
      configKey,
      status: result.status,
      score,
      error: result.status === 'buggy' ? result.error : null,
      impact: episodeImpact,
      novelty: novelty.get(node.id) ?? {},
      directive: step.selection.directive ?? null,
      followedDirective: proposal.followedDirective,
      modeSwitches: switches,
    });
  }
  return {
    task: card.task,
    policy: 'aide',
    arm: { strength: arm.strength, schedule: arm.schedule },
    shaped,
    seed,
    episodes: records,
    bestImpact: best?.impact ?? null,
    bestScore: best?.score ?? null,
    medal: best === null ? null : medalFor(card, best.score),
    bestImpactCurve: curve,
    wallMilliseconds: Math.max(0, clock() - started),
  };
}
