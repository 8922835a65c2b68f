import { armName, isUnshapedArm, parseArmName, type BenchArm, type BenchPolicy } from '../runner/bench-policy.js';
import type { ParsedSweepOptions } from './sweep-options.js';

/** One run of a sweep: a task, a policy, an arm and a seed. */
export interface SweepCell {
  /** `task/policy/arm/seed-N`: the key a resumed sweep skips completed runs by. */
  readonly id: string;
  readonly task: string;
  readonly policy: BenchPolicy;
  readonly arm: BenchArm;
  readonly seed: number;
}

/** The key of a run record or cell. */
export function cellId(cell: { task: string; policy: string; arm: BenchArm; seed: number }): string {
  return `${cell.task}/${cell.policy}/${armName(cell.arm)}/seed-${cell.seed}`;
}

/** The sweep's arms: the explicit list, or every strength crossed with every schedule; duplicates removed, in order. */
export function sweepArms(options: Pick<ParsedSweepOptions, 'arms' | 'strengths' | 'schedules'>): BenchArm[] {
  const arms =
    options.arms?.map(parseArmName) ??
    options.strengths.flatMap((strength) => options.schedules.map((schedule) => ({ strength, schedule })));
  const seen = new Set<string>();
  return arms.filter((arm) => !seen.has(armName(arm)) && seen.add(armName(arm)) !== undefined);
}

/**
 * Every cell of the sweep, seed-major so an interrupted sweep has every arm at the same number of seeds. Independent
 * sampling selects nothing, so only its unshaped arm is a cell (a shaped one would be the same run).
 */
export function sweepCells(options: ParsedSweepOptions): SweepCell[] {
  const cells: SweepCell[] = [];
  const arms = sweepArms(options);
  for (let seed = options.firstSeed; seed < options.firstSeed + options.seeds; seed += 1) {
    for (const task of options.tasks) {
      for (const policy of options.policies) {
        for (const arm of arms) {
          if (policy === 'independent' && !isUnshapedArm(arm)) continue;
          cells.push({ id: cellId({ task, policy, arm, seed }), task, policy, arm, seed });
        }
      }
    }
  }
  return cells;
}
