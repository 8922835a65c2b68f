import { z } from 'zod';

/** The search policies the benchmark wraps: AIDE's greedy tree search, AIRA-dojo's MCTS and its evolutionary solver. */
export const searchPolicies = ['aide', 'mcts', 'evolutionary'] as const;

/**
 * The policies a bench run can use: the three searches, and `independent`, the baseline a search must beat: the same
 * budget of independent drafts, with no tree, no selection and no memory of earlier drafts in the prompt (arXiv
 * 2602.16805 found such sampling matching ShinkaEvolve, AIDE and OpenEvolve). No arm shapes it: it selects nothing.
 */
export const benchPolicies = [...searchPolicies, 'independent'] as const;

/** One of `benchPolicies`. */
export type BenchPolicy = (typeof benchPolicies)[number];

/**
 * The exploration schedules an arm can use: none, or `adaptiveExploration` whose directives ask for a new idea
 * (`adaptive`), for an untried component on top of the parent (`adaptive-extend`), or for the two in turn
 * (`adaptive-mixed`).
 */
export const benchSchedules = ['none', 'adaptive', 'adaptive-extend', 'adaptive-mixed'] as const;

/** One of `benchSchedules`. */
export type BenchSchedule = (typeof benchSchedules)[number];

/**
 * A shaping arm: novelty bonus strength (0 = no bonus) or the share of choices an auto-scaled bonus changes,
 * exploration schedule, and optionally the near-duplicate gate (`noveltyGate`) and the Pareto parent choice
 * (`paretoObjective`); nothing of these is the unshaped arm.
 */
export interface BenchArm {
  readonly strength: number;
  /** A bonus auto-scaled to the selector (`noveltyBonus`'s `autoScale.shift`), starting from weight 1. */
  readonly shift?: number;
  readonly schedule: BenchSchedule;
  /** Wraps the policy with `noveltyGate`: near-duplicates are rejected before evaluation. */
  readonly gate?: boolean;
  /** Wraps the policy with `paretoObjective`: parents from the (usefulness, novelty) front. */
  readonly pareto?: boolean;
  /** Wraps the policy with `qualityDiversityArchive`: parents are elites of cells drawn Go-Explore style. */
  readonly qd?: boolean;
  /**
   * Plain novelty search: a `noveltyBonus` of strength 5 over `kNearestSparsitySource` read at every selection
   * (`timing: 'current'`), so parents are ranked by their k-nearest sparseness, the baseline for `qd`.
   */
  readonly ns?: boolean;
}

/** A `BenchArm` as options and run records hold it. */
export const BenchArmSchema = z.strictObject({
  strength: z.number().finite().min(0),
  shift: z.number().gt(0).lt(1).optional(),
  schedule: z.enum(benchSchedules),
  gate: z.boolean().optional(),
  pareto: z.boolean().optional(),
  qd: z.boolean().optional(),
  ns: z.boolean().optional(),
});

/** True for the unshaped arm (no bonus, no schedule, no gate, no Pareto choice, no archive, no novelty search). */
export function isUnshapedArm(arm: BenchArm): boolean {
  return !hasBonus(arm) && arm.schedule === 'none' && arm.gate !== true && arm.pareto !== true && arm.qd !== true && arm.ns !== true;
}

/** True when the arm adds a novelty bonus, of fixed strength or auto-scaled. */
export function hasBonus(arm: BenchArm): boolean {
  return arm.strength > 0 || arm.shift !== undefined;
}

/**
 * A short stable name of an arm, e.g. `unshaped`, `bonus-0.3`, `shift-0.3` (auto-scaled bonus), `adaptive`,
 * `bonus-0.3+adaptive`, `gate`, `pareto+adaptive`.
 */
export function armName(arm: BenchArm): string {
  if (isUnshapedArm(arm)) return 'unshaped';
  const parts: string[] = [];
  if (arm.shift !== undefined) parts.push(`shift-${arm.shift}`);
  else if (arm.strength > 0) parts.push(`bonus-${arm.strength}`);
  if (arm.pareto === true) parts.push('pareto');
  if (arm.qd === true) parts.push('qd');
  if (arm.ns === true) parts.push('ns');
  if (arm.schedule !== 'none') parts.push(arm.schedule);
  if (arm.gate === true) parts.push('gate');
  return parts.join('+');
}

/**
 * Parses an arm name: `unshaped`, or parts joined by `+` in this order, each at most once: `bonus-<strength>` or
 * `shift-<share>` (a bonus auto-scaled to change that share of choices, in (0, 1)), `pareto`, `qd` (the
 * quality-diversity archive), `ns` (plain novelty search), a schedule (`adaptive`, `adaptive-extend`, `adaptive-mixed`), `gate` (e.g.
 * `bonus-0.3+adaptive`, `shift-0.3`, `gate`, `pareto+adaptive-extend+gate`, `qd+adaptive`).
 */
export function parseArmName(name: string): BenchArm {
  if (name === 'unshaped') return { strength: 0, schedule: 'none' };
  const match =
    /^(?:bonus-(\d+(?:\.\d+)?)|shift-(0\.\d*[1-9]\d*))?(?:(?:^|\+)(pareto))?(?:(?:^|\+)(qd))?(?:(?:^|\+)(ns))?(?:(?:^|\+)(adaptive(?:-extend|-mixed)?))?(?:(?:^|\+)(gate))?$/.exec(
      name,
    );
  if (match === null || name === '' || name.startsWith('+')) throw new RangeError(`not an arm name: ${name}`);
  const [, strength, shift, pareto, qd, ns, adaptive, gate] = match;
  return {
    strength: shift !== undefined ? 1 : strength === undefined ? 0 : Number(strength),
    ...(shift === undefined ? {} : { shift: Number(shift) }),
    schedule: adaptive === undefined ? 'none' : (adaptive as BenchSchedule),
    ...(gate === undefined ? {} : { gate: true }),
    ...(pareto === undefined ? {} : { pareto: true }),
    ...(qd === undefined ? {} : { qd: true }),
    ...(ns === undefined ? {} : { ns: true }),
  };
}
