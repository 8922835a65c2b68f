import { describe, expect, it } from 'vitest';
import { impactAucOf, pCreativityByQuarterOf, summarizeSweep } from '../../../bench/sweep/summarize-sweep.js';
import { formatSweepSummary } from '../../../bench/sweep/format-sweep-summary.js';
import { mannWhitneyU } from '../../../src/index.js';
import { benchRunFixture } from './bench-run-fixture.js';

describe('summarizeSweep', () => {
  it('computes the area under the best-so-far curve with the baseline before the first valid episode', () => {
    expect(impactAucOf(benchRunFixture({ seed: 1, impacts: [null, 0.4, 0.2, 0.8] }))).toBeCloseTo((0 + 0.4 + 0.4 + 0.8) / 4);
  });

  it('averages P-creativity per quarter of the run over valid episodes', () => {
    const record = benchRunFixture({ seed: 1, impacts: [0.1, 0.1, 0.1, null, 0.1, 0.1, 0.1, 0.1], verdicts: [4, 2, 3, 0, 1, 1, 0, 2] });
    expect(pCreativityByQuarterOf([record])).toEqual([3, 3, 1, 1]);
    expect(pCreativityByQuarterOf([benchRunFixture({ seed: 1, impacts: [null, null, null, null] })])).toEqual([null, null, null, null]);
  });

  it('summarises each arm against the unshaped arm of the same task and policy', () => {
    const unshaped = [0.2, 0.3, 0.4, 0.5].map((best, seed) => benchRunFixture({ seed, impacts: [0, best], wallMilliseconds: 100, evaluationMilliseconds: 40, measurementMilliseconds: 10 }));
    const shaped = [0.6, 0.7, 0.8, 0.9].map((best, seed) =>
      benchRunFixture({ seed, strength: 0.3, impacts: [0, best], wallMilliseconds: 150, evaluationMilliseconds: 50, medal: seed % 2 === 0 ? 'bronze' : null }),
    );
    const rows = summarizeSweep([...unshaped, ...shaped]);
    expect(rows.map((row) => row.arm)).toEqual(['unshaped', 'bonus-0.3']);
    const [base, bonus] = rows as [(typeof rows)[0], (typeof rows)[0]];
    expect(base.finalImpact.mean).toBeCloseTo(0.35);
    expect(base.finalImpact.low).toBeGreaterThanOrEqual(0.2);
    expect(base.finalImpact.high).toBeLessThanOrEqual(0.5);
    expect(base.pValueVsUnshaped).toBeNull();
    expect(base.impactDifference).toBeNull();
    expect(base.overheadRatio).toBe(1);
    expect(bonus.impactDifference).toBeCloseTo(0.4);
    expect(bonus.pValueVsUnshaped).toBeCloseTo(mannWhitneyU([0.6, 0.7, 0.8, 0.9], [0.2, 0.3, 0.4, 0.5]).pValue);
    expect(bonus.medalRate).toBe(0.5);
    // Search time: shaped 150 − 50 = 100 ms; unshaped 100 − 40 − 10 (recording-only scoring) = 50 ms.
    expect(bonus.overheadRatio).toBeCloseTo(2);
    expect(bonus.evaluations).toBe(2);
    expect(formatSweepSummary(rows)).toMatch(/bonus-0\.3 +4 +0\.750 \[/);
  });
});
