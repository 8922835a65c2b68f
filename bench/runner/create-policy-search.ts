import { ShapingSession, type Descriptors, type NoveltyScorer, type Selector } from 'boden';
import { createAideGreedySearch, createAideGreedySelector, type AideNode } from 'boden/adapters/aide-greedy';
import {
  createEvolutionarySearch,
  createEvolutionarySelector,
  type EvolutionaryContext,
  type EvolutionaryNode,
} from 'boden/adapters/evolutionary';
import { createMctsSearch, createUctSelector, type MctsNode, type UctContext } from 'boden/adapters/mcts';
import { createTreeSearchGraph } from 'boden/adapters/langgraph-tree-search';
import type { NodeEvaluator } from 'boden/adapters/search-loop';
import type { BenchAgentOperators } from '../agents/bench-agent.js';
import { benchArmSpec } from './bench-arm-spec.js';
import { hasBonus, isUnshapedArm, type BenchArm, type BenchPolicy } from './bench-policy.js';
import type { BenchRunRecord, ModeSwitch } from './bench-run-record.js';
import { createIndependentSearch } from './independent-search.js';

/** What drives a policy: its search-loop adapter, or the adapter inside `createTreeSearchGraph` (LangGraph). */
export type PolicyLoop = 'adapter' | 'langgraph';

/** The graph's name of each bench policy. */
const graphPolicyOf = { aide: 'greedy', mcts: 'mcts', evolutionary: 'evolutionary' } as const;

/** What `createPolicySearch` needs: the policy, the agent's operators, the evaluator, the arm and the run's scorer. */
export interface PolicySearchInput {
  readonly policy: BenchPolicy;
  /** Default `adapter`. */
  readonly loop?: PolicyLoop;
  readonly operators: BenchAgentOperators;
  readonly evaluate: NodeEvaluator;
  readonly arm: BenchArm;
  /** The run's novelty scorer; shaping reads it through `scorerNoveltySource`. */
  readonly scorer: NoveltyScorer;
  readonly seed: number;
  readonly lowerIsBetter: boolean;
  /** Wrap even an arm that changes nothing. */
  readonly alwaysWrap: boolean;
  /** Called for each mode switch of the adaptive schedule. */
  readonly onModeSwitch: (change: ModeSwitch) => void;
  /** The `qd` arm's descriptors; default `conceptDescriptors()` (a task whose texts name no concepts needs its own). */
  readonly descriptors?: Descriptors;
}

/** A policy's search, ready to run, and whether shaping wraps it. */
export interface PolicySearch {
  readonly shaped: boolean;
  /** True when shaping scores every node with the run's scorer (a session does; in a graph the archive alone does not). */
  readonly scoresNodes: boolean;
  /** The bonus's weight and shift counts so far, for arms with a bonus; undefined otherwise. */
  bonusShifts(): BenchRunRecord['bonusShifts'];
  /** Runs until `episodes` nodes are evaluated. */
  run(episodes: number): Promise<void>;
}

// The trees and populations are sized for runs of tens of episodes (AIRA-dojo's presets assume hundreds): MCTS
// expands 3 children per leaf, evolution breeds 4 per generation on 2 islands, and debugging stops after 3 tries.

const mctsShape = { numChildren: 3, maxDebugDepth: 3 };
const evolutionShape = { numIslands: 2, individualsPerGeneration: 4, generationsTillMigration: 3, maxDebugDepth: 3 };

/**
 * One search of `policy` around the agent's operators, unshaped or shaped by a `ShapingSession` whose spec is the arm
 * (`benchArmSpec`) over the run's scorer: the session wraps the adapter's own selector (`session.shape`), so its
 * middleware run in boden's one order and it tells each source once. AIDE and evolution read each candidate's own
 * novelty (damped by its children, so one novel node does not attract every step); MCTS backs novelty up along the
 * tree path like the metric and reads the mean backed-up novelty of a subtree.
 */
export function createPolicySearch(input: PolicySearchInput): PolicySearch {
  const { policy, operators, evaluate, arm, scorer, seed, lowerIsBetter, alwaysWrap, onModeSwitch } = input;
  const shaped = alwaysWrap || !isUnshapedArm(arm);
  const backedUp = policy === 'mcts' && shaped && hasBonus(arm);
  const spec = benchArmSpec(arm, { id: scorer.runId, backedUp });
  let session: ShapingSession | undefined;
  // A graph resumed from its checkpoint rebuilds its middleware, so each call makes a fresh session over the same scorer.
  const newSession = (): ShapingSession => {
    session = new ShapingSession(spec, { scorer, ...(input.descriptors === undefined ? {} : { descriptors: input.descriptors }) });
    session.events.on('mode-changed', ({ from, to, reason, averageNovelty }) => onModeSwitch({ from, to, reason, averageNovelty }));
    return session;
  };
  const bonusShifts = () => (hasBonus(arm) ? session?.bonusShifts : undefined);
  const shape = <Node, Context>(selector: Selector<Node, Context>): Selector<Node, Context> =>
    shaped ? newSession().shape(selector) : selector;

  if (policy === 'independent') {
    // Nothing is selected, so no arm has anything to shape: an arm other than unshaped is refused by the sweep.
    const search = createIndependentSearch({ operators, evaluate });
    return { shaped: false, scoresNodes: false, bonusShifts: () => undefined, run: (episodes) => search.run(episodes) };
  }
  if (input.loop === 'langgraph') {
    // The same adapters inside the LangGraph graph users run: the graph wraps its selector with the session's
    // middleware (none for an unshaped arm, which then selects as the bare selector does) and drives the same seeded
    // loop; the graph's wrapper tells the sources its middleware read.
    const shaping = () => {
      if (!shaped) return [];
      const made = newSession();
      return backedUp ? { middleware: made.middleware, noveltyBackup: made.source } : made.middleware;
    };
    // The archive and novelty search read cells and their own sparseness: under them alone nothing scores the node.
    const usesScorer =
      arm.gate === true || arm.pareto === true || arm.schedule !== 'none' || hasBonus(arm) || (arm.qd !== true && arm.ns !== true);
    const run = async (episodes: number) => {
      const graph = createTreeSearchGraph({
        operators,
        evaluate,
        policy: graphPolicyOf[policy],
        budget: episodes,
        seed,
        lowerIsBetter,
        shaping,
        ...(policy === 'aide' ? {} : policy === 'mcts' ? { mcts: mctsShape } : { evolutionary: evolutionShape }),
      });
      graph.events.on('mode-changed', ({ from, to, reason, averageNovelty }) => onModeSwitch({ from, to, reason, averageNovelty }));
      await graph.invoke({});
    };
    return { shaped, scoresNodes: shaped && usesScorer, bonusShifts, run };
  }
  if (policy === 'aide') {
    const search = createAideGreedySearch({
      operators,
      evaluate,
      selector: shape<AideNode, undefined>(createAideGreedySelector()),
      seed,
      lowerIsBetter,
    });
    return { shaped, scoresNodes: shaped, bonusShifts, run: async (episodes) => void (await search.run(episodes)) };
  }
  if (policy === 'mcts') {
    const selector = shape<MctsNode, UctContext>(createUctSelector());
    const search = createMctsSearch({
      operators,
      evaluate,
      selector,
      seed,
      lowerIsBetter,
      ...mctsShape,
      ...(backedUp && session !== undefined ? { noveltyBackup: session.source } : {}),
    });
    return { shaped, scoresNodes: shaped, bonusShifts, run: async (episodes) => void (await search.run(episodes)) };
  }
  const search = createEvolutionarySearch({
    operators,
    evaluate,
    selector: shape<EvolutionaryNode, EvolutionaryContext>(createEvolutionarySelector()),
    seed,
    lowerIsBetter,
    ...evolutionShape,
  });
  return { shaped, scoresNodes: shaped, bonusShifts, run: async (episodes) => void (await search.run(episodes)) };
}
