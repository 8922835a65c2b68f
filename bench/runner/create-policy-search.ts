import {
  kNearestSparsitySource,
  scorerNoveltySource,
  shapingMiddleware,
  wrapSelector,
  type Descriptors,
  type NoveltyBonusMiddleware,
  type NoveltyScorer,
  type Selector,
  type SelectorMiddleware,
} from 'boden';
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
import { hasBonus, isUnshapedArm, type BenchArm, type BenchPolicy } from './bench-policy.js';
import type { BenchRunRecord, ModeSwitch } from './bench-run-record.js';
import { createIndependentSearch } from './independent-search.js';

/** What the directives of each adaptive schedule ask for (`adaptiveExploration`'s `directiveAsk`). */
const directiveAskOf = { adaptive: 'new-idea', 'adaptive-extend': 'new-component', 'adaptive-mixed': 'alternate' } as const;

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
  /** True when the middleware scores every node with the run's scorer (the archive alone does not: it reads cells). */
  readonly scoresNodes: boolean;
  /** The bonus's weight and shift counts so far, for arms with a bonus; undefined otherwise. */
  bonusShifts(): BenchRunRecord['bonusShifts'];
  /** Runs until `episodes` nodes are evaluated. */
  run(episodes: number): Promise<void>;
}

/** The scorer metric the adaptive schedule reads in every bench arm with a schedule. */
const scheduleMetric = 'code-nearest-neighbour';
/** The scorer metric the gate reads: 0 for a program an earlier episode ran (comments and layout aside), else 1. */
const gateMetric = 'unique-code';
/** The gate rejects below this: `unique-code` is 0 or 1, so only exact repeats. */
const gateThreshold = 0.5;

// The trees and populations are sized for runs of tens of episodes (AIRA-dojo's presets assume hundreds): MCTS
// expands 3 children per leaf, evolution breeds 4 per generation on 2 islands, and debugging stops after 3 tries.
// Strength of the novelty-search arm's bonus: with values min-max normalised to [0, 1], sparseness decides (the maze
// control's strength).
const noveltySearchStrength = 5;

const mctsShape = { numChildren: 3, maxDebugDepth: 3 };
const evolutionShape = { numIslands: 2, individualsPerGeneration: 4, generationsTillMigration: 3, maxDebugDepth: 3 };

/**
 * One search of `policy` around the agent's operators, unshaped or wrapped with the arm's middleware:
 * `adaptiveExploration` for the adaptive schedule (reading `scheduleMetric`), then `noveltyBonus` at the arm's strength
 * (reading nearest-neighbour); the gate reads `gateMetric`. AIDE and evolution
 * read each candidate's own novelty (damped by its children, so one novel node does not attract every step); MCTS
 * backs novelty up along the tree path like the metric and reads the mean backed-up novelty of a subtree.
 */
export function createPolicySearch(input: PolicySearchInput): PolicySearch {
  const { policy, operators, evaluate, arm, scorer, seed, lowerIsBetter, alwaysWrap, onModeSwitch } = input;
  const shaped = alwaysWrap || !isUnshapedArm(arm);
  // The archive and novelty search read cells and their own sparseness; everything else reads the run's scorer
  // (an arm with none of them gets a bonus over it).
  const usesScorer =
    arm.gate === true || arm.pareto === true || arm.schedule !== 'none' || hasBonus(arm) || (arm.qd !== true && arm.ns !== true);
  const scoresNodes = shaped && usesScorer;
  const source = scorerNoveltySource({ scorer });
  // The schedule and the gate read what the program does, not the plan's prose a model rewrites at every step (#33):
  // replaying the shared real-model run, plan-and-code novelty stayed at 0.16-0.59 through a 23-episode stall of
  // one-setting tweaks and the schedule never switched; over the code alone the stall reads 0-0.25 (explore from
  // episode 9), and on the simulated agents' templated plans the two switch at the same episodes. The gate rejects an
  // exact re-proposal of an earlier program (same normalised code: a configuration tried before), not a near one: the
  // embedding ignores numbers, so at nearest-neighbour 0.01 it rejected one-setting refinements (#35).
  const scheduleSource = scorerNoveltySource({ scorer, metric: scheduleMetric });
  const gateSource = scorerNoveltySource({ scorer, metric: gateMetric });
  let bonus: NoveltyBonusMiddleware | undefined;
  const bonusShifts = () => (bonus === undefined || !hasBonus(arm) ? undefined : { strength: bonus.strength, ...bonus.shifts });
  // Boden's one order (`shapingMiddleware`): the gate, the Pareto choice, the archive, novelty search, the schedule,
  // the bonus. An arm with none of them gets a bonus over the run's scorer.
  const alone = arm.gate !== true && arm.pareto !== true && arm.qd !== true && arm.ns !== true && arm.schedule === 'none';
  const middleware = (bonusSource: 'candidate' | typeof source): readonly SelectorMiddleware[] => {
    const decay = bonusSource === 'candidate' ? 'none' : 'children';
    const stack = shapingMiddleware({
      ...(arm.gate === true ? { gate: { source: gateSource, threshold: gateThreshold } } : {}),
      ...(arm.pareto === true ? { pareto: { source } } : {}),
      ...(arm.qd === true ? { qd: input.descriptors === undefined ? {} : { descriptors: input.descriptors } } : {}),
      ...(arm.ns === true
        ? { noveltySearch: { source: kNearestSparsitySource(), timing: 'current' as const, strength: noveltySearchStrength } }
        : {}),
      ...(arm.schedule !== 'none' ? { adaptive: { source: scheduleSource, directiveAsk: directiveAskOf[arm.schedule] } } : {}),
      // Every bonus counts how often it changed the policy's choice; only an arm with a shift tunes its weight by it.
      ...(hasBonus(arm) || alone
        ? {
            bonus: {
              source: bonusSource,
              strength: arm.strength,
              decay,
              countShifts: hasBonus(arm),
              ...(arm.shift === undefined ? {} : { autoScale: { shift: arm.shift } }),
            },
          }
        : {}),
    });
    bonus = stack.bonus ?? bonus;
    return stack.middleware;
  };
  const wrap = <Node, Context>(selector: Selector<Node, Context>, bonusSource: 'candidate' | typeof source): Selector<Node, Context> => {
    if (!shaped) return selector;
    const wrapped = wrapSelector({ selector, middleware: middleware(bonusSource) });
    wrapped.events.on('mode-changed', ({ from, to, reason, averageNovelty }) => onModeSwitch({ from, to, reason, averageNovelty }));
    return wrapped;
  };

  if (policy === 'independent') {
    // Nothing is selected, so no arm has anything to shape: an arm other than unshaped is refused by the sweep.
    const search = createIndependentSearch({ operators, evaluate });
    return { shaped: false, scoresNodes: false, bonusShifts: () => undefined, run: (episodes) => search.run(episodes) };
  }
  if (input.loop === 'langgraph') {
    // The same adapters inside the LangGraph graph users run: the graph wraps its selector with this arm's middleware
    // (none for an unshaped arm, which then selects as the bare selector does) and drives the same seeded loop.
    const backup = policy === 'mcts' && shaped && hasBonus(arm);
    const shaping = () => (!shaped ? [] : backup ? { middleware: middleware('candidate'), noveltyBackup: source } : middleware(source));
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
    return { shaped, scoresNodes, bonusShifts, run };
  }
  if (policy === 'aide') {
    const search = createAideGreedySearch({
      operators,
      evaluate,
      selector: wrap<AideNode, undefined>(createAideGreedySelector(), source),
      seed,
      lowerIsBetter,
    });
    return { shaped, scoresNodes, bonusShifts, run: async (episodes) => void (await search.run(episodes)) };
  }
  if (policy === 'mcts') {
    const backup = shaped && hasBonus(arm);
    const search = createMctsSearch({
      operators,
      evaluate,
      selector: wrap<MctsNode, UctContext>(createUctSelector(), backup ? 'candidate' : source),
      seed,
      lowerIsBetter,
      ...mctsShape,
      ...(backup ? { noveltyBackup: source } : {}),
    });
    return { shaped, scoresNodes, bonusShifts, run: async (episodes) => void (await search.run(episodes)) };
  }
  const search = createEvolutionarySearch({
    operators,
    evaluate,
    selector: wrap<EvolutionaryNode, EvolutionaryContext>(createEvolutionarySelector(), source),
    seed,
    lowerIsBetter,
    ...evolutionShape,
  });
  return { shaped, scoresNodes, bonusShifts, run: async (episodes) => void (await search.run(episodes)) };
}
