import { describe, expect, it } from 'vitest';
import { checkPacking, fitRadii, shrinkOverlaps, type Circle } from '../../../bench/packing/circle-packing.js';
import { optimisePacking } from '../../../bench/packing/optimise-packing.js';
import { draftProgram, sampleLayout } from '../../../bench/packing/packing-moves.js';
import { packingParadigms, packingSpace, type PackingProgram } from '../../../bench/packing/packing-program.js';
import { runPackingProgram } from '../../../bench/packing/run-packing-program.js';
import { createSeededRandom } from '../../../src/random/random-source.js';

/** 25 circles of radius 0.1 on a 5 × 5 grid and one of radius 0 at a grid point: valid, sum 2.5. */
function fiveByFive(): Circle[] {
  const circles: Circle[] = [];
  for (let row = 0; row < 5; row++) for (let col = 0; col < 5; col++) circles.push({ x: 0.1 + 0.2 * col, y: 0.1 + 0.2 * row, r: 0.1 });
  circles.push({ x: 0.2, y: 0.2, r: 0 });
  return circles;
}

describe('checkPacking', () => {
  it('scores a valid packing by its sum of radii, touching circles and walls included', () => {
    const verdict = checkPacking(fiveByFive());
    expect(verdict.valid).toBe(true);
    if (verdict.valid) expect(verdict.sumOfRadii).toBeCloseTo(2.5, 12);
  });

  it('names the first violation: count, overlap, leaving the square, negative or non-finite radii', () => {
    const base = fiveByFive();
    expect(checkPacking(base.slice(1))).toEqual({ valid: false, error: 'AssertionError: expected 26 circles, got 25' });
    const overlapping = base.map((circle, index) => (index === 25 ? { x: 0.3, y: 0.3, r: 0.05 } : circle));
    expect(checkPacking(overlapping)).toMatchObject({
      valid: false,
      error: expect.stringMatching(/circles \d+ and 25 overlap by 0\.\d{4}/),
    });
    const outside = base.map((circle, index) => (index === 0 ? { ...circle, x: 0.05 } : circle));
    expect(checkPacking(outside)).toEqual({ valid: false, error: 'AssertionError: circle 0 leaves the unit square by 0.0500' });
    expect(checkPacking(base.map((circle, index) => (index === 25 ? { ...circle, r: -0.01 } : circle)))).toMatchObject({
      valid: false,
      error: expect.stringContaining('negative radius'),
    });
    expect(checkPacking(base.map((circle, index) => (index === 3 ? { ...circle, x: Number.NaN } : circle)))).toMatchObject({
      valid: false,
      error: expect.stringContaining('circle 3 has a non-finite'),
    });
  });

  it('fitRadii and shrinkOverlaps always give a valid packing, from any centres and radii', () => {
    const random = createSeededRandom(11);
    for (let trial = 0; trial < 50; trial++) {
      const centres = Array.from({ length: 26 }, () => ({ x: random(), y: random() }));
      expect(checkPacking(fitRadii(centres)).valid).toBe(true);
      expect(checkPacking(shrinkOverlaps(centres.map((centre) => ({ ...centre, r: random() * 0.4 })))).valid).toBe(true);
    }
  });
});

describe('circle-packing programs', () => {
  it('every paradigm runs to 26 circles, and the same program gives the same circles', () => {
    const random = createSeededRandom(3);
    for (const paradigm of packingParadigms) {
      const program = draftProgram(sampleLayout(paradigm, random));
      const first = runPackingProgram(program);
      expect(first).toHaveLength(26);
      expect(checkPacking(first).valid).toBe(true);
      expect(runPackingProgram(structuredClone(program))).toEqual(first);
    }
  });

  it('radii scaled past touching are an invalid packing, as a real evaluator would find', () => {
    const program: PackingProgram = {
      ...draftProgram({ paradigm: 'grid', rows: 5, cols: 6, stagger: false }),
      radii: 'uniform',
      radiusFactor: 1.05,
    };
    expect(checkPacking(runPackingProgram(program))).toMatchObject({
      valid: false,
      error: expect.stringMatching(/overlap|leaves the unit square/),
    });
    expect(checkPacking(runPackingProgram({ ...program, radiusFactor: 1 }))).toMatchObject({
      valid: true,
      sumOfRadii: expect.closeTo(26 / 12, 9),
    });
  });

  it('is deceptive: no grid or hexagonal construction reaches 2.25, numerical optimisation from random centres passes 2.55', () => {
    const constructions: PackingProgram[] = [];
    for (const rows of packingSpace.grid.rows)
      for (const cols of packingSpace.grid.cols)
        for (const stagger of packingSpace.grid.stagger) constructions.push(draftProgram({ paradigm: 'grid', rows, cols, stagger }));
    for (const rows of packingSpace.hexagonal.rows)
      for (const span of packingSpace.hexagonal.span) constructions.push(draftProgram({ paradigm: 'hexagonal', rows, span }));
    for (const program of [...constructions, ...constructions.map((program) => ({ ...program, radii: 'uniform' as const }))]) {
      const verdict = checkPacking(runPackingProgram(program));
      expect(verdict.valid && verdict.sumOfRadii).toBeLessThan(2.25);
    }
    const random = createSeededRandom(5);
    const start = Array.from({ length: 26 }, () => ({ x: 0.1 + 0.8 * random(), y: 0.1 + 0.8 * random(), r: 0.05 }));
    const verdict = checkPacking(optimisePacking(start, { iterations: 2000, stages: 5, learningRate: 0.01 }));
    expect(verdict.valid).toBe(true);
    if (verdict.valid) expect(verdict.sumOfRadii).toBeGreaterThan(2.55);
  });
});
