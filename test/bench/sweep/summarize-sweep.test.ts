import { describe, expect, it } from 'vitest';
import { impactAucOf, noveltyByQuarterOf, pCreativityByQuarterOf, summarizeSweep } from '../../../bench/sweep/summarize-sweep.js';
import { formatSweepSummary } from '../../../bench/sweep/format-sweep-summary.js';
import { mannWhitneyU, varghaDelaneyA12 } from '../../../src/index.js';
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

  it('averages an embedding novelty metric per quarter over valid episodes only, as a second P-creativity measure', () => {
    const record = benchRunFixture({
      seed: 1,
      impacts: [0.1, null, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1],
      nearestNeighbour: [1, 0.9, 0.6, 0.4, 0.3, 0.1, 0.2, 0.4],
    });
    const quarters = noveltyByQuarterOf([record], 'nearest-neighbour');
    // Quarter 1 holds episodes 0 and 1; episode 1 is buggy, so only episode 0 (novelty 1) counts.
    expect(quarters).toEqual([1, 0.5, 0.2, 0.30000000000000004]);
    expect(noveltyByQuarterOf([record], 'no-such-metric')).toEqual([null, null, null, null]);
    expect(summarizeSweep([record])[0]!.embeddingNoveltyByQuarter).toEqual(quarters);
    expect(formatSweepSummary(summarizeSweep([record]))).toMatch(/NN novelty Q1 Q2 Q3 Q4[\s\S]*1\.00 0\.50 0\.20 0\.30/);
  });

  it('summarises each arm against the unshaped arm of the same task and policy', () => {
    const unshaped = [0.2, 0.3, 0.4, 0.5].map((best, seed) =>
      benchRunFixture({ seed, impacts: [0, best], wallMilliseconds: 100, evaluationMilliseconds: 40, measurementMilliseconds: 10 }),
    );
    const shaped = [0.6, 0.7, 0.8, 0.9].map((best, seed) =>
      benchRunFixture({
        seed,
        strength: 0.3,
        impacts: [0, best],
        wallMilliseconds: 150,
        evaluationMilliseconds: 50,
        medal: seed % 2 === 0 ? 'bronze' : null,
      }),
    );
    const rows = summarizeSweep([...unshaped, ...shaped]);
    expect(rows.map((row) => row.arm)).toEqual(['unshaped', 'bonus-0.3']);
    const [base, bonus] = rows as [(typeof rows)[0], (typeof rows)[0]];
    expect(base.finalImpact.mean).toBeCloseTo(0.35);
    expect(base.finalImpact.low).toBeGreaterThanOrEqual(0.2);
    expect(base.finalImpact.high).toBeLessThanOrEqual(0.5);
    expect(base.pValueVsUnshaped).toBeNull();
    expect(base.impactDifference).toBeNull();
    // Regret in the metric's units needs the card's reference: (1 − 0.35) × |2 − 10| for the unshaped arm.
    expect(base.finalRegret).toBeNull();
    const withReference = summarizeSweep([...unshaped, ...shaped], new Map([['boston', { baseline: 10, top1: 2 }]]));
    expect(withReference[0]!.finalRegret).toBeCloseTo(0.65 * 8);
    expect(withReference[1]!.finalRegret).toBeCloseTo(0.25 * 8);
    expect(formatSweepSummary(withReference)).toMatch(/regret[\s\S]*5\.200/);
    expect(formatSweepSummary(withReference)).toContain('medal: the share of runs whose best earns a medal');
    expect(base.overheadRatio).toBe(1);
    expect(bonus.impactDifference).toBeCloseTo(0.4);
    expect(bonus.pValueVsUnshaped).toBeCloseTo(mannWhitneyU([0.6, 0.7, 0.8, 0.9], [0.2, 0.3, 0.4, 0.5]).pValue);
    expect(bonus.medalRate).toBe(0.5);
    // Search time: shaped 150 − 50 = 100 ms; unshaped 100 − 40 − 10 (recording-only scoring) = 50 ms.
    expect(bonus.overheadRatio).toBeCloseTo(2);
    expect(bonus.evaluations).toBe(2);
    expect(formatSweepSummary(rows)).toMatch(/bonus-0\.3 +4 +0\.750 \[/);
    expect(base.paired).toBeNull();
    // Paired by seed, every shaped run beats its unshaped twin by 0.4 (tied differences: the normal approximation,
    // scipy.stats.wilcoxon(..., method='approx', correction=True) = 0.0946707...); A12 = 1.
    expect(bonus.paired).toMatchObject({ seeds: 4, a12: { mean: 1, low: 1, high: 1 } });
    expect(bonus.paired!.wilcoxonP).toBeCloseTo(0.09467071984550875, 12);
    expect(bonus.paired!.holmP).toBe(bonus.paired!.wilcoxonP); // a family of one
  });

  it('gives the median episode at which runs first reached bronze, over the runs that did, when the card has medals', () => {
    // Scores equal impacts in the fixture; bronze at 0.7, higher is better.
    const runs = [
      benchRunFixture({ seed: 1, impacts: [0.1, 0.75, 0.9] }),
      benchRunFixture({ seed: 2, impacts: [0.2, null, 0.3, 0.7] }),
      benchRunFixture({ seed: 3, impacts: [0.2, 0.3, 0.4, 0.5] }),
    ];
    const reference = { baseline: 0, top1: 1, maximize: true, medals: { bronze: 0.7 } };
    const [row] = summarizeSweep(runs, new Map([['boston', reference]]));
    expect(row!.firstMedal).toEqual({ medianEpisode: 3, runs: 2 });
    expect(formatSweepSummary([row!])).toMatch(/1st medal[\s\S]*3\.0 \(2\)/);
    // Lower is better: bronze at 0.15 is reached at the first episode of run 1 only.
    expect(summarizeSweep(runs, new Map([['boston', { ...reference, maximize: false, medals: { bronze: 0.15 } }]]))[0]!.firstMedal).toEqual(
      { medianEpisode: 1, runs: 1 },
    );
    expect(summarizeSweep(runs, new Map([['boston', { baseline: 0, top1: 1 }]]))[0]!.firstMedal).toBeNull();
  });

  it('gives the mean cells a run visited and its QD-score over valid episodes, and - for records without cells', () => {
    // Run 1: A best 0.6, B 0.2 (the buggy episode's cell C does not count): 2 cells, QD 0.8. Run 2: A 1.5 clipped to 1: 1 cell, QD 1.
    const rows = summarizeSweep([
      benchRunFixture({ seed: 1, impacts: [0.4, 0.6, null, 0.2], cells: ['A', 'A', 'C', 'B'] }),
      benchRunFixture({ seed: 2, impacts: [1.5, 0.3], cells: ['A', 'A'] }),
    ]);
    expect(rows[0]!.qualityDiversity!.coverage).toBeCloseTo(1.5, 12);
    expect(rows[0]!.qualityDiversity!.qdScore).toBeCloseTo(0.9, 12);
    expect(formatSweepSummary(rows)).toMatch(/cells +QD-score[\s\S]*boston .* 1\.5 +0\.90 /);
    const old = summarizeSweep([benchRunFixture({ seed: 1, impacts: [0.4] })]);
    expect(old[0]!.qualityDiversity).toBeNull();
  });

  it("pools the bonus's changed choices over runs and averages its final weight; other arms show none", () => {
    const plain = benchRunFixture({ seed: 1, impacts: [0.5] });
    const counted = [
      { ...benchRunFixture({ seed: 1, strength: 1, impacts: [0.5] }), bonusShifts: { strength: 2, contested: 10, changed: 4 } },
      { ...benchRunFixture({ seed: 2, strength: 1, impacts: [0.5] }), bonusShifts: { strength: 1, contested: 30, changed: 6 } },
    ];
    const rows = summarizeSweep([plain, ...counted]);
    expect(rows[0]!.bonusShift).toBeNull();
    expect(rows[1]!.bonusShift).toEqual({ changedShare: 10 / 40, strength: 1.5 });
    expect(formatSweepSummary(rows)).toMatch(/bonus changed @ weight[\s\S]*bonus-1 .* 0\.25 @ 1\.50/);
    // Two tables, outcome first, each led by task, policy and arm, so neither needs a screen 300 columns wide.
    const headers = formatSweepSummary(rows)
      .split('\n')
      .filter((line) => line.startsWith('task '));
    expect(headers).toHaveLength(2);
    expect(headers[0]).toMatch(/^task +policy +arm +runs +final impact .* medal$/);
    expect(headers[1]).toMatch(/^task +policy +arm +P-creativity Q1 Q2 Q3 Q4 .* overhead ×$/);
  });

  it('adjusts the paired p-values with Holm over every compared row of the sweep, and pairs only shared seeds', () => {
    const unshaped = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7].map((best, seed) => benchRunFixture({ seed, impacts: [0, best] }));
    const better = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8].map((best, seed) => benchRunFixture({ seed, strength: 1, impacts: [0, best] }));
    // Seeds 0-4 only, three worse and two better: no evidence.
    const mixed = [0.1, 0.2, 0.5, 0.3, 0.7].map((best, seed) => benchRunFixture({ seed, strength: 2, impacts: [0, best] }));
    const rows = summarizeSweep([...unshaped, ...better, ...mixed]);
    const [, strong, weak] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
    expect(strong.paired!.seeds).toBe(6);
    expect(strong.paired!.wilcoxonP).toBeCloseTo(0.03103251950014486, 12); // scipy, as above
    expect(weak.paired!.wilcoxonP).toBeCloseTo(0.4098467293684632, 12);
    expect(weak.paired!.seeds).toBe(5);
    // Holm over the family of two: the smaller p doubles, the larger is at least that and capped at 1.
    expect(strong.paired!.holmP).toBeCloseTo(Math.min(1, 2 * strong.paired!.wilcoxonP), 12);
    expect(weak.paired!.holmP).toBeCloseTo(Math.min(1, Math.max(weak.paired!.wilcoxonP, 2 * strong.paired!.wilcoxonP)), 12);
    expect(weak.paired!.a12.mean).toBeCloseTo(varghaDelaneyA12([0.1, 0.2, 0.5, 0.3, 0.7], [0.2, 0.3, 0.4, 0.5, 0.6]), 12);
    expect(formatSweepSummary(rows)).toMatch(/p Wilcoxon \(Holm\)[\s\S]*0\.031 \(0\.062\)/);
  });
});
