import { describe, expect, it } from 'vitest';
import { cellId, sweepArms, sweepCells } from '../../../bench/sweep/sweep-cells.js';
import { SweepOptionsSchema } from '../../../bench/sweep/sweep-options.js';
import { armName, parseArmName } from '../../../bench/runner/bench-policy.js';

describe('sweep cells', () => {
  it('parses arm names and prints them back', () => {
    for (const name of [
      'unshaped',
      'adaptive',
      'bonus-0.3',
      'bonus-1+adaptive',
      'gate',
      'pareto',
      'bonus-0.3+adaptive+gate',
      'pareto+adaptive+gate',
      'adaptive-extend',
      'bonus-1+adaptive-mixed+gate',
      'shift-0.3',
      'shift-0.25+adaptive',
      'qd',
      'qd+adaptive',
      'shift-0.3+pareto+qd+adaptive+gate',
      'ns',
      'qd+ns',
      'ns+adaptive',
    ]) {
      expect(armName(parseArmName(name))).toBe(name);
      expect(SweepOptionsSchema.safeParse({ tasks: ['boston'], out: 'x', arms: [name] }).success).toBe(true);
    }
    expect(parseArmName('gate')).toEqual({ strength: 0, schedule: 'none', gate: true });
    expect(parseArmName('qd')).toEqual({ strength: 0, schedule: 'none', qd: true });
    expect(parseArmName('ns')).toEqual({ strength: 0, schedule: 'none', ns: true });
    for (const bad of [
      'gate+adaptive',
      '+gate',
      'adaptive+adaptive',
      'adaptive+qd',
      'qd+pareto',
      'ns+qd',
      'bonus-',
      'shift-1',
      'shift-0',
      'shift-0.0',
      'bonus-1+shift-0.3',
    ]) {
      expect(() => parseArmName(bad)).toThrow(/not an arm name/);
      expect(SweepOptionsSchema.safeParse({ tasks: ['boston'], out: 'x', arms: [bad] }).success).toBe(false);
    }
    expect(parseArmName('bonus-0.3+adaptive')).toEqual({ strength: 0.3, schedule: 'adaptive' });
    expect(parseArmName('adaptive-extend')).toEqual({ strength: 0, schedule: 'adaptive-extend' });
    expect(parseArmName('shift-0.3+adaptive')).toEqual({ strength: 1, shift: 0.3, schedule: 'adaptive' });
    expect(() => parseArmName('adaptive-other')).toThrow(/not an arm name/);
    expect(() => parseArmName('bonus')).toThrow(/not an arm name/);
    expect(SweepOptionsSchema.safeParse({ tasks: ['boston'], out: 'x', arms: ['greedy'] }).success).toBe(false);
  });

  it('gives independent sampling only its unshaped arm: it selects nothing for an arm to shape', () => {
    const cells = sweepCells(
      SweepOptionsSchema.parse({
        tasks: ['boston'],
        policies: ['aide', 'independent'],
        arms: ['unshaped', 'adaptive', 'gate'],
        seeds: 2,
        out: 'x',
      }),
    );
    expect(cells.map((cell) => cell.id)).toEqual([
      'boston/aide/unshaped/seed-1',
      'boston/aide/adaptive/seed-1',
      'boston/aide/gate/seed-1',
      'boston/independent/unshaped/seed-1',
      'boston/aide/unshaped/seed-2',
      'boston/aide/adaptive/seed-2',
      'boston/aide/gate/seed-2',
      'boston/independent/unshaped/seed-2',
    ]);
  });

  it('crosses strengths with schedules, and an explicit arm list replaces the grid', () => {
    const grid = sweepArms({ strengths: [0, 0.3], schedules: ['none', 'adaptive'], arms: undefined });
    expect(grid.map(armName)).toEqual(['unshaped', 'adaptive', 'bonus-0.3', 'bonus-0.3+adaptive']);
    expect(sweepArms({ strengths: [0], schedules: ['none'], arms: ['unshaped', 'bonus-0.3', 'unshaped'] }).map(armName)).toEqual([
      'unshaped',
      'bonus-0.3',
    ]);
  });

  it('enumerates every task × policy × arm × seed, seed-major, with unique ids', () => {
    const options = SweepOptionsSchema.parse({
      tasks: ['boston', 'cps-wages'],
      policies: ['aide', 'mcts'],
      arms: ['unshaped', 'adaptive'],
      seeds: 3,
      out: 'x',
    });
    const cells = sweepCells(options);
    expect(cells).toHaveLength(2 * 2 * 2 * 3);
    expect(new Set(cells.map((cell) => cell.id)).size).toBe(cells.length);
    expect(cells.slice(0, 8).every((cell) => cell.seed === 1)).toBe(true);
    expect(cells[0]!.id).toBe('boston/aide/unshaped/seed-1');
    expect(cellId({ task: 'boston', policy: 'mcts', arm: { strength: 0.3, schedule: 'none' }, seed: 4 })).toBe(
      'boston/mcts/bonus-0.3/seed-4',
    );
  });
});
