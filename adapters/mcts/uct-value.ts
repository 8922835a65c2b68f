import { normaliseValue, type ValueRange } from '../../src/index.js';

/** The inputs of one UCT value. */
export interface UctInput {
  /** Mean backed-up value, direction applied (AIRA's `q_value`); ignored when unvisited. */
  readonly value: number | null;
  readonly visits: number;
  readonly parentVisits: number;
  /** UCT's `c` (AIRA-dojo MLE-bench preset: 0.25). */
  readonly explorationConstant: number;
  /** The tree's global min and max of backed-up values (direction applied), for the min-max normalisation. */
  readonly range?: ValueRange;
  /** True when `value` is already on the normalised scale (a shaping middleware normalised it). */
  readonly normalised?: boolean;
  /** The value of an unvisited child: AIRA's -1e8 (never chosen beside a visited sibling); Infinity = classic UCT. */
  readonly unvisitedValue?: number;
}

/**
 * AIRA-dojo's UCT (`uct_value`, `solvers/mcts/mcts.py`): `norm_q + c · sqrt(ln N_parent / N_child)` with
 * `norm_q = (Q − Qmin) / (Qmax − Qmin)` over the whole tree (0.5 when Qmax = Qmin), and `unvisitedValue` for a
 * child with no visits.
 */
export function uctValue(input: UctInput): number {
  if (input.visits === 0) return input.unvisitedValue ?? -1e8;
  const normalisedValue = input.normalised === true ? (input.value ?? 0) : normaliseValue(input.value, input.range);
  return normalisedValue + input.explorationConstant * Math.sqrt(Math.log(input.parentVisits) / input.visits);
}
