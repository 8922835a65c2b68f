/** The search policies the benchmark wraps: AIDE's greedy tree search, AIRA-dojo's MCTS and its evolutionary solver. */
export const benchPolicies = ['aide', 'mcts', 'evolutionary'] as const;

/** One of `benchPolicies`. */
export type BenchPolicy = (typeof benchPolicies)[number];

/** The exploration schedules an arm can use: none, or `adaptiveExploration`. */
export const benchSchedules = ['none', 'adaptive'] as const;

/** One of `benchSchedules`. */
export type BenchSchedule = (typeof benchSchedules)[number];

/** A shaping arm: novelty bonus strength (0 = no bonus) and exploration schedule; strength 0 + none is unshaped. */
export interface BenchArm {
  readonly strength: number;
  readonly schedule: BenchSchedule;
}

/** True for the unshaped arm (no bonus, no schedule). */
export function isUnshapedArm(arm: BenchArm): boolean {
  return arm.strength === 0 && arm.schedule === 'none';
}

/** A short stable name of an arm, e.g. `unshaped`, `bonus-0.3`, `adaptive`, `bonus-0.3+adaptive`. */
export function armName(arm: BenchArm): string {
  if (isUnshapedArm(arm)) return 'unshaped';
  const parts: string[] = [];
  if (arm.strength > 0) parts.push(`bonus-${arm.strength}`);
  if (arm.schedule === 'adaptive') parts.push('adaptive');
  return parts.join('+');
}
