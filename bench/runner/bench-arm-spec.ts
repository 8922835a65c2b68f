import type { ShapingSessionSpecInput } from 'boden';
import { hasBonus, type BenchArm } from './bench-policy.js';

/** What the directives of each adaptive schedule ask for (`adaptiveExploration`'s `directiveAsk`). */
const directiveAskOf = { adaptive: 'new-idea', 'adaptive-extend': 'new-component', 'adaptive-mixed': 'alternate' } as const;

/** The scorer metric the adaptive schedule reads in every bench arm with a schedule. */
const scheduleMetric = 'code-nearest-neighbour';
/** The scorer metric the gate reads: 0 for a program an earlier episode ran (comments and layout aside), else 1. */
const gateMetric = 'unique-code';
/** The gate rejects below this: `unique-code` is 0 or 1, so only exact repeats. */
const gateThreshold = 0.5;
// Strength of the novelty-search arm's bonus: with values min-max normalised to [0, 1], sparseness decides (the maze
// control's strength).
const noveltySearchStrength = 5;
// The seeds of the archive's cell draws and the Pareto tournaments: the middleware's own defaults, which every
// committed sweep ran with.
const qdSeed = 0xce11;

/** How `benchArmSpec` names the run and where an MCTS bonus reads novelty. */
export interface BenchArmSpecInput {
  /** The run's id (the scorer's run id); characters a spec id does not allow become `-`. */
  readonly id: string;
  /** The bonus reads the novelty MCTS backs up its tree (`'candidate'`, no decay), not each node's own. */
  readonly backedUp: boolean;
}

/**
 * A bench arm as a `ShapingSession` spec: the same data a Python host posts to `boden serve`, so a served run with
 * this spec is shaped as the benchmark's arm is. An arm with none of gate, Pareto choice, archive, novelty search and
 * schedule gets a bonus (of strength 0 for the unshaped arm wrapped anyway), and every bonus counts how often it
 * changed the choice. The schedule and the gate read what the program does, not the plan's prose a model rewrites at
 * every step (#33): replaying the shared real-model run, plan-and-code novelty stayed at 0.16-0.59 through a
 * 23-episode stall of one-setting tweaks and the schedule never switched; over the code alone the stall reads 0-0.25.
 * The gate rejects an exact re-proposal of an earlier program, not a near one: the embedding ignores numbers, so at
 * nearest-neighbour 0.01 it rejected one-setting refinements (#35).
 */
export function benchArmSpec(arm: BenchArm, { id, backedUp }: BenchArmSpecInput): ShapingSessionSpecInput {
  const alone = arm.gate !== true && arm.pareto !== true && arm.qd !== true && arm.ns !== true && arm.schedule === 'none';
  return {
    id: id.replace(/[^A-Za-z0-9._-]/g, '-').replace(/^[^A-Za-z0-9]/, 'r'),
    ...(arm.gate === true ? { gate: { metric: gateMetric, threshold: gateThreshold } } : {}),
    ...(arm.pareto === true ? { pareto: {} } : {}),
    ...(arm.qd === true ? { qd: { seed: qdSeed } } : {}),
    ...(arm.ns === true ? { noveltySearch: { strength: noveltySearchStrength } } : {}),
    ...(arm.schedule !== 'none' ? { adaptive: { metric: scheduleMetric, directiveAsk: directiveAskOf[arm.schedule] } } : {}),
    ...(hasBonus(arm) || alone
      ? {
          bonus: {
            strength: arm.strength,
            decay: backedUp ? 'none' : 'children',
            source: backedUp ? 'candidate' : 'metric',
            // Every bonus counts how often it changed the policy's choice; only an arm with a shift tunes its weight by it.
            countShifts: hasBonus(arm),
            ...(arm.shift === undefined ? {} : { autoScale: { shift: arm.shift } }),
          },
        }
      : {}),
  };
}
