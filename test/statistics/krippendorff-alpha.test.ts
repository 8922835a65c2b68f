import { describe, it, expect } from 'vitest';
import { krippendorffAlpha, type ReliabilityValue } from '../../src/statistics/index.js';

/** Turns coders × units rows (as papers print them) into the units × coders matrix alpha takes. */
function byUnit(coders: readonly (readonly ReliabilityValue[])[]): ReliabilityValue[][] {
  const unitCount = Math.max(...coders.map((row) => row.length));
  return Array.from({ length: unitCount }, (_, unit) => coders.map((row) => row[unit]));
}

const _ = null;

// Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: four coders, twelve
// units, missing values.
const publishedExample = byUnit([
  [1, 2, 3, 3, 2, 1, 4, 1, 2, _, _, _],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, _, 3],
  [_, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, _],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, _],
]);

describe('krippendorffAlpha', () => {
  it('reproduces the published alphas of the four-coder example', () => {
    // Published: nominal 0.743, ordinal 0.815, interval 0.849.
    expect(krippendorffAlpha(publishedExample, { level: 'nominal' })).toBeCloseTo(0.743, 3);
    expect(krippendorffAlpha(publishedExample, { level: 'ordinal' })).toBeCloseTo(0.815, 3);
    expect(krippendorffAlpha(publishedExample, { level: 'interval' })).toBeCloseTo(0.849, 3);
  });

  it('reproduces the published two-coder binary example', () => {
    // Krippendorff (2011), section A: o_00 = 10, o_01 = o_10 = 4, o_11 = 2, n = 20, so
    // alpha = 1 − 19 · 8 / (2 · 14 · 6) = 0.095.
    const data = byUnit([
      [0, 1, 0, 0, 0, 0, 0, 0, 1, 0],
      [1, 1, 1, 0, 0, 1, 0, 0, 0, 0],
    ]);
    expect(krippendorffAlpha(data, { level: 'nominal' })).toBeCloseTo(1 - 152 / 168, 12);
    expect(krippendorffAlpha(data, { level: 'nominal' })).toBeCloseTo(0.095, 3);
  });

  it('defaults to the ordinal level', () => {
    expect(krippendorffAlpha(publishedExample)).toBe(krippendorffAlpha(publishedExample, { level: 'ordinal' }));
  });

  it('treats null, undefined and NaN alike as missing', () => {
    const withOtherMissing = publishedExample.map((unit) =>
      unit.map((value, coder) => (value === null ? (coder % 2 === 0 ? undefined : Number.NaN) : value)),
    );
    for (const level of ['nominal', 'ordinal', 'interval'] as const) {
      expect(krippendorffAlpha(withOtherMissing, { level })).toBe(krippendorffAlpha(publishedExample, { level }));
    }
  });

  it('ignores units with fewer than two values', () => {
    const padded = [...publishedExample, [9, _, _, _], [_, _, _, _]];
    for (const level of ['nominal', 'ordinal', 'interval'] as const) {
      expect(krippendorffAlpha(padded, { level })).toBeCloseTo(krippendorffAlpha(publishedExample, { level }), 12);
    }
  });

  it('is invariant to affine rescaling (interval) and to monotone relabelling (ordinal)', () => {
    const recode = (change: (value: number) => number): ReliabilityValue[][] =>
      publishedExample.map((unit) => unit.map((value) => (typeof value === 'number' ? change(value) : null)));
    const rescaled = recode((value) => 10 - 3 * value);
    const relabelled = recode((value) => value ** 3);
    expect(krippendorffAlpha(rescaled, { level: 'interval' })).toBeCloseTo(krippendorffAlpha(publishedExample, { level: 'interval' }), 12);
    expect(krippendorffAlpha(relabelled, { level: 'ordinal' })).toBeCloseTo(krippendorffAlpha(publishedExample, { level: 'ordinal' }), 12);
  });

  it('is 1 under perfect agreement with variation', () => {
    expect(
      krippendorffAlpha(
        [
          [1, 1, 1],
          [2, 2, _],
          [3, 3, 3],
        ],
        { level: 'interval' },
      ),
    ).toBe(1);
  });

  it('is NaN when there is nothing to pair or no variation', () => {
    expect(krippendorffAlpha([])).toBeNaN();
    expect(
      krippendorffAlpha([
        [1, _],
        [_, 2],
      ]),
    ).toBeNaN();
    expect(
      krippendorffAlpha(
        [
          [4, 4],
          [4, 4, 4],
        ],
        { level: 'nominal' },
      ),
    ).toBeNaN();
  });

  it('throws a RangeError on an unknown level', () => {
    const level = 'ratio' as unknown as 'nominal';
    expect(() => krippendorffAlpha(publishedExample, { level })).toThrow(RangeError);
  });
});
