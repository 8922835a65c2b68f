import { describe, expect, it } from 'vitest';
import { InvalidOptionsError } from '../../src/errors/invalid-options-error.js';
import type { ReportRun } from '../../src/report/report-run.js';
import { computeTrajectoryStatistics } from '../../src/report/trajectory-statistics.js';
import { spearman } from '../../src/statistics/spearman.js';

function run(id: string, levels: number[], impacts: (number | null)[]): ReportRun {
  return { id, format: 'aide-journal-v2', path: `${id}.json`, levels, impacts, impactSource: levels.length === 0 ? null : 'run-relative' };
}

const runA = run('a', [2, 2, 0, 0], [0, 0.5, 1, 0.8]);
const runB = run('b', [2, 4, 2, 0, 0, 0, 0, 0], [0, -1, 1, 0.9, 0.9, 0.95, 0.2, 1]);
// Every episode scored the same: impact undefined.
const runC = run('c', [2, 0], [null, null]);
const empty = run('empty', [], []);
const runs = [runA, runB, runC, empty];

describe('computeTrajectoryStatistics', () => {
  const statistics = computeTrajectoryStatistics(runs, { minRunsPerIndex: 2, resamples: 500 });

  it('counts runs and episodes and summarises each run', () => {
    expect(statistics).toMatchObject({ runsWithEpisodes: 3, runsWithImpact: 2, episodes: 14, meanLevel: 1, minRunsPerIndex: 2 });
    expect(statistics.runs).toEqual([
      {
        id: 'a',
        format: 'aide-journal-v2',
        path: 'a.json',
        episodes: 4,
        meanLevel: 1,
        bestImpact: 1,
        impactSource: 'run-relative',
        coverage: null,
        qdScore: null,
      },
      {
        id: 'b',
        format: 'aide-journal-v2',
        path: 'b.json',
        episodes: 8,
        meanLevel: 1,
        bestImpact: 1,
        impactSource: 'run-relative',
        coverage: null,
        qdScore: null,
      },
      {
        id: 'c',
        format: 'aide-journal-v2',
        path: 'c.json',
        episodes: 2,
        meanLevel: 1,
        bestImpact: null,
        impactSource: 'run-relative',
        coverage: null,
        qdScore: null,
      },
      {
        id: 'empty',
        format: 'aide-journal-v2',
        path: 'empty.json',
        episodes: 0,
        meanLevel: null,
        bestImpact: null,
        impactSource: null,
        coverage: null,
        qdScore: null,
      },
    ]);
  });

  it('cuts every run into quarters by position and pools the levels', () => {
    // a (4 episodes): one per quarter; b (8): two per quarter; c (2): quarters 1 and 3.
    expect(statistics.quarters.map(({ label, episodes, counts }) => ({ label, episodes, counts }))).toEqual([
      { label: 'Q1', episodes: 4, counts: [0, 0, 3, 0, 1] },
      { label: 'Q2', episodes: 3, counts: [1, 0, 2, 0, 0] },
      { label: 'Q3', episodes: 4, counts: [4, 0, 0, 0, 0] },
      { label: 'Q4', episodes: 3, counts: [3, 0, 0, 0, 0] },
    ]);
    expect(statistics.quarters[0]!.meanLevel).toBe(2.5);
    expect(statistics.quarters[1]!.meanLevel).toBeCloseTo(4 / 3, 12);
    expect(statistics.quarters[1]!.shares).toEqual([1 / 3, 0, 2 / 3, 0, 0]);
  });

  it('plots an index while enough runs reach it: mean level, median impact, mean best-so-far', () => {
    expect(statistics.creativityByIndex.map(({ index, runs: count, value }) => [index, count, value])).toEqual([
      [0, 3, 2],
      [1, 3, 2],
      [2, 2, 1],
      [3, 2, 0],
    ]);
    // Runs without a defined impact are left out of the impact series.
    expect(statistics.impactByIndex.map(({ index, runs: count, value }) => [index, count, value])).toEqual([
      [0, 2, 0],
      [1, 2, -0.25],
      [2, 2, 1],
      [3, 2, expect.closeTo(0.85, 12)],
    ]);
    expect(statistics.bestImpactByIndex.map(({ value }) => value)).toEqual([0, 0.25, 1, 1]);
    for (const point of [...statistics.creativityByIndex, ...statistics.impactByIndex, ...statistics.bestImpactByIndex]) {
      expect(point.low).toBeLessThanOrEqual(point.value + 1e-12);
      expect(point.high).toBeGreaterThanOrEqual(point.value - 1e-12);
    }
    // All three runs start at level 2: no spread, no interval.
    expect(statistics.creativityByIndex[0]).toMatchObject({ low: 2, high: 2 });
    // By default an index needs 5 runs, capped at the 3 runs with episodes.
    expect(computeTrajectoryStatistics(runs, { resamples: 10 }).creativityByIndex.map((point) => point.index)).toEqual([0, 1]);
  });

  it('correlates ΔImpact with ΔP-creativity over consecutive pairs with defined impact, resampling runs', () => {
    const expected = [
      // run a
      [0, 0.5],
      [-2, 0.5],
      [0, -0.2],
      // run b
      [2, -1],
      [-2, 2],
      [-2, -0.1],
      [0, 0],
      [0, 0.05],
      [0, -0.75],
      [0, 0.8],
    ];
    expect(statistics.deltas.map((delta) => [delta.creativity, delta.impact])).toEqual(
      expected.map(([creativity, impact]) => [creativity, expect.closeTo(impact!, 12)]),
    );
    expect(statistics.deltas.map((delta) => delta.runId)).toEqual([...'aaa', ...'bbbbbbb']);
    const rho = spearman(
      statistics.deltas.map((delta) => delta.impact),
      statistics.deltas.map((delta) => delta.creativity),
    );
    expect(statistics.correlation).toMatchObject({ rho, pairs: 10, runs: 2, resampled: 'runs' });
    expect(statistics.correlation.low).toBeLessThanOrEqual(statistics.correlation.high);
    expect(statistics.deltaSteps.map(({ creativity, pairs }) => [creativity, pairs])).toEqual([
      [-2, 3],
      [0, 6],
      [2, 1],
    ]);
    expect(statistics.deltaSteps[1]).toMatchObject({ medianImpact: expect.closeTo(0.025, 12), improvedShare: 0.5 });
  });

  it('is reproducible for a seed, and resamples pairs when only one run has them', () => {
    expect(computeTrajectoryStatistics(runs, { minRunsPerIndex: 2, resamples: 500 })).toEqual(statistics);
    const single = computeTrajectoryStatistics([runB], { resamples: 200 });
    expect(single.correlation).toMatchObject({ pairs: 7, runs: 1, resampled: 'pairs' });
    expect(single.creativityByIndex).toHaveLength(8);
  });

  it('handles no runs at all and rejects bad options', () => {
    const none = computeTrajectoryStatistics([]);
    expect(none).toMatchObject({ episodes: 0, meanLevel: null, creativityByIndex: [], deltas: [] });
    expect(Number.isNaN(none.correlation.rho)).toBe(true);
    expect(() => computeTrajectoryStatistics(runs, { confidence: 1 })).toThrow(InvalidOptionsError);
  });
});

describe('computeTrajectoryStatistics: quality diversity', () => {
  const cell = (paradigm: string, features: string) => ({ key: `${paradigm} | ${features}`, values: [paradigm, features] });
  const described = (id: string, cells: ReturnType<typeof cell>[], impacts: (number | null)[]): ReportRun => ({
    ...run(
      id,
      cells.map(() => 1),
      impacts,
    ),
    axes: ['paradigm', 'feature-engineering'],
    cells,
  });
  const first = described(
    'x',
    [cell('linear', 'none'), cell('linear', 'none'), cell('tree', 'bins'), cell('linear', 'bins')],
    [0.2, 0.6, 1.5, null],
  );
  const second = described('y', [cell('tree', 'none'), cell('tree', 'bins')], [0.5, -0.5]);
  const statistics = computeTrajectoryStatistics([first, second, runA], { minRunsPerIndex: 1, resamples: 200 });

  it('gives each described run its coverage and QD-score, by hand', () => {
    // x: cells linear|none (best 0.6), tree|bins (1.5 → 1), linear|bins (no impact): coverage 3, QD 1.6.
    // y: tree|none 0.5, tree|bins −0.5 → 0: coverage 2, QD 0.5. runA was not described.
    expect(statistics.runs.map(({ id, coverage, qdScore }) => ({ id, coverage, qdScore }))).toEqual([
      { id: 'x', coverage: 3, qdScore: 1.6 },
      { id: 'y', coverage: 2, qdScore: 0.5 },
      { id: 'a', coverage: null, qdScore: null },
    ]);
  });

  it('counts distinct cells, the discovery curve per index and episodes per pair of the first two axes', () => {
    expect(statistics.archive).toMatchObject({ axes: ['paradigm', 'feature-engineering'], cells: 4, meanCoverage: 2.5 });
    // Cells filled by index: x 1, 1, 2, 3; y 1, 2.
    expect(statistics.archive!.discoveryByIndex.map(({ index, runs: count, value }) => [index, count, value])).toEqual([
      [0, 2, 1],
      [1, 2, 1.5],
      [2, 1, 2],
      [3, 1, 3],
    ]);
    expect([...statistics.archive!.heat].sort((a, b) => `${a.x}${a.y}`.localeCompare(`${b.x}${b.y}`))).toEqual([
      { x: 'linear', y: 'bins', episodes: 1, runs: 1 },
      { x: 'linear', y: 'none', episodes: 2, runs: 1 },
      { x: 'tree', y: 'bins', episodes: 2, runs: 2 },
      { x: 'tree', y: 'none', episodes: 1, runs: 1 },
    ]);
    expect(computeTrajectoryStatistics([runA], { resamples: 100 }).archive).toBeNull();
  });
});
