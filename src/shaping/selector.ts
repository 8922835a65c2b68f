import { z } from 'zod';
import type { RandomSource } from '../random/random-source.js';

/**
 * What the host should do with a selection: `draft` a new root solution (no parent), `improve` or `debug` the
 * chosen node, `crossover` the chosen pair, or `descend` into the chosen child (one level of a tree policy such
 * as MCTS's UCT descent).
 */
export type SelectionAction = 'draft' | 'improve' | 'debug' | 'crossover' | 'descend';

/** One node the host's policy may choose, with the value the policy ranks it by. */
export interface SelectionCandidate<Node> {
  /** The node's id, unique within the run. */
  readonly id: string;
  /** The host's own node, passed through untouched. */
  readonly node: Node;
  /**
   * Usefulness, higher is better (the metric's direction already applied); null when the node has none (buggy,
   * unevaluated, unvisited). Shaping middleware rewrite this field and nothing else of a candidate.
   */
  readonly value: number | null;
  /** How many children the node has so far (ShinkaEvolve's `n_i`); 0 when omitted. */
  readonly children?: number;
  /** Visit count, for tree policies (MCTS's `explore_count`). */
  readonly visits?: number;
  /** Novelty in [0, 1] the host computed itself, e.g. MCTS's backed-up mean novelty of the subtree. */
  readonly novelty?: number;
}

/** The interval raw values are min-max normalised against. */
export interface ValueRange {
  readonly min: number;
  readonly max: number;
}

/** Exploration knobs a policy honours; `adaptiveExploration` raises them in explore mode. */
export interface ExplorationSettings {
  readonly mode: 'exploit' | 'explore';
  /** Multiplies every novelty bonus's strength. */
  readonly bonusScale: number;
  /** Multiplies a tree policy's exploration constant (UCT's `c`). */
  readonly explorationScale: number;
  /** Multiplies a sampling policy's temperature (softmax `T`). */
  readonly temperatureScale: number;
  /** Asks the policy to draft a new solution where it would otherwise improve one. */
  readonly preferDraft: boolean;
}

/** The settings of a policy nobody has shaped: exploit, every scale 1. */
export const defaultExploration: ExplorationSettings = Object.freeze({
  mode: 'exploit',
  bonusScale: 1,
  explorationScale: 1,
  temperatureScale: 1,
  preferDraft: false,
});

/** What a shaped selector checks a request against: candidates with ids and values, and a random source. */
export const SelectionRequestSchema = z.object({
  candidates: z.array(
    z.object({
      id: z.string().min(1),
      value: z.number().nullable(),
      children: z.number().int().min(0).optional(),
      visits: z.number().min(0).optional(),
    }),
  ),
  random: z.custom<RandomSource>((value) => typeof value === 'function', 'expected a random source (a function returning [0, 1))'),
});

/** One call of a selection function: the candidates and what the policy needs to rank them. */
export interface SelectionRequest<Node, Context = undefined> {
  /** The nodes to choose from, in the host's order (ties go to the earliest, as Python's `max` does). */
  readonly candidates: readonly SelectionCandidate<Node>[];
  /** The host's seeded random source; shaping middleware never draw from it, so strength 0 changes nothing. */
  readonly random: RandomSource;
  /** Policy-specific inputs, e.g. the generation's temperature of an evolutionary sampler. */
  readonly context?: Context;
  /** Range that raw `value`s are normalised against (AIRA: the run's global min and max); else the candidates'. */
  readonly valueRange?: ValueRange;
  /** True once a middleware has put `value`s on the normalised scale: the policy must use them as they are. */
  readonly normalised?: boolean;
  /** Exploration knobs; `defaultExploration` when absent. */
  readonly exploration?: ExplorationSettings;
}

/** What a selection function returns. */
export interface Selection<Node> {
  readonly action: SelectionAction;
  /** The chosen candidates: none to draft, one to improve, debug or descend, two to cross over. */
  readonly chosen: readonly SelectionCandidate<Node>[];
  /** Text for the host's operator prompt (a novelty directive), when shaping asks for more exploration. */
  readonly directive?: string;
}

/**
 * A host's search policy as a selection function over its tree or population (AIDE's `search_policy`, MCTS's
 * UCT step, an evolutionary parent sampler). `wrapSelector` returns one with the same signature.
 */
export type Selector<Node, Context = undefined> = (
  request: SelectionRequest<Node, Context>,
) => Selection<Node> | PromiseLike<Selection<Node>>;
