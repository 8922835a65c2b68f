import { describe, expect, it } from 'vitest';
import { benchArmSpec } from '../../../bench/runner/bench-arm-spec.js';
import type { BenchArm } from '../../../bench/runner/bench-policy.js';
import { ShapingSession } from '../../../src/session/shaping-session.js';

const middlewareOf = (arm: BenchArm, backedUp = false) =>
  new ShapingSession(benchArmSpec(arm, { id: 'boston-aide-1', backedUp })).middleware.map((layer) => layer.name);

describe('benchArmSpec: a bench arm is a ShapingSession spec', () => {
  it("builds each arm's middleware in boden's one order", () => {
    expect(middlewareOf({ strength: 0.3, schedule: 'adaptive-mixed', gate: true, pareto: true, qd: true, ns: true })).toEqual([
      'novelty-gate',
      'pareto-objective',
      'quality-diversity-archive',
      'novelty-bonus',
      'adaptive-exploration',
      'novelty-bonus',
    ]);
    expect(middlewareOf({ strength: 0, schedule: 'none', qd: true })).toEqual(['quality-diversity-archive']);
    expect(middlewareOf({ strength: 0, schedule: 'adaptive' })).toEqual(['adaptive-exploration']);
    // The unshaped arm wrapped anyway gets a bonus of strength 0, which changes no value.
    expect(middlewareOf({ strength: 0, schedule: 'none' })).toEqual(['novelty-bonus']);
  });

  it('reads the metrics the benchmark measured with, and counts the shifts of a real bonus only', () => {
    const spec = benchArmSpec({ strength: 0.3, schedule: 'adaptive', gate: true }, { id: 'boston-aide-1', backedUp: false });
    expect(spec).toMatchObject({
      gate: { metric: 'unique-code', threshold: 0.5 },
      adaptive: { metric: 'code-nearest-neighbour', directiveAsk: 'new-idea' },
      bonus: { strength: 0.3, decay: 'children', source: 'metric', countShifts: true },
    });
    expect(benchArmSpec({ strength: 0, schedule: 'none' }, { id: 'x', backedUp: false }).bonus).toMatchObject({ countShifts: false });
    expect(benchArmSpec({ strength: 1, shift: 0.3, schedule: 'none' }, { id: 'x', backedUp: true }).bonus).toEqual({
      strength: 1,
      decay: 'none',
      source: 'candidate',
      countShifts: true,
      autoScale: { shift: 0.3 },
    });
  });

  it('turns a run id into a spec id the service accepts', () => {
    const session = new ShapingSession(benchArmSpec({ strength: 0.5, schedule: 'none' }, { id: '_circle packing/26', backedUp: false }));
    expect(session.spec.id).toBe('rcircle-packing-26');
  });
});
