import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importTrajectory } from '../../adapters/trajectory/index.js';
import { InvalidArgumentError } from '../../src/errors/invalid-argument-error.js';
import { RubricJudge } from '../../src/judges/rubric-judge.js';
import { countReportCharts } from '../../src/report/report-document.js';
import { renderReportHtml } from '../../src/report/report-html.js';
import { scoreRunForReport, toReportRun, type ReportRun } from '../../src/report/report-run.js';
import { buildTrajectoryReport } from '../../src/report/trajectory-report.js';
import { scoreRun } from '../../src/scoring/score-run.js';
import { projectRoot } from '../support/shared-data.js';

const example = join(projectRoot, 'examples', 'aide-tabular-run.journal.json');
let judged: ReportRun;

beforeAll(async () => {
  const [run] = await importTrajectory(example);
  judged = await scoreRunForReport(run!, { judge: new RubricJudge() });
});

describe('scoreRunForReport on the shipped AIDE example', () => {
  it('gives every episode a rubric level and its run-relative impact', () => {
    expect(judged).toMatchObject({ id: 'aide-tabular-run', format: 'aide-journal-v2', impactSource: 'run-relative' });
    expect(judged.levels).toHaveLength(6);
    for (const level of judged.levels) expect([0, 1, 2, 3, 4]).toContain(level);
    // The first episode is the baseline, the re-run at the end is routine.
    expect(judged.impacts[0]).toBeCloseTo(0, 12);
    expect(judged.impacts[1]).toBeCloseTo(-2.108, 3);
    expect(judged.levels.at(-1)).toBe(0);
  });

  it('toReportRun refuses verdicts that miss an episode', async () => {
    const [run] = await importTrajectory(example);
    const report = await scoreRun(run!);
    expect(() => toReportRun(report, new Map())).toThrow(InvalidArgumentError);
  });
});

describe('buildTrajectoryReport', () => {
  it('builds the RQ2 sections, the quality-diversity section, six charts and a runs table', async () => {
    const { document, statistics } = buildTrajectoryReport([judged], { resamples: 300 });
    expect(document.sections.map((section) => section.heading)).toEqual([
      'What this shows',
      'P-creativity over the run',
      'Impact over the run',
      'Does novelty pay? ΔImpact against ΔP-creativity',
      'Exploration giving way to refinement',
      'Quality diversity: the kinds of solution a run visited',
      'Runs',
    ]);
    expect(countReportCharts(document)).toBe(6);
    expect(document.generatedAt).toBeUndefined();
    const runsTable = document.sections.at(-1)!.table!;
    expect(runsTable.columns).toEqual(['run', 'format', 'episodes', 'mean P-creativity', 'best impact', 'cells', 'QD-score']);
    const meanLevel = judged.levels.reduce((sum, level) => sum + level, 0) / 6;
    const coverage = new Set(judged.cells!.map((cell) => cell.key)).size;
    expect(runsTable.rows).toEqual([['aide-tabular-run', 'aide-journal-v2', 6, meanLevel, 1, coverage, expect.any(Number)]]);
    expect(statistics.archive).toMatchObject({
      axes: ['paradigm', 'feature-engineering', 'validation'],
      cells: coverage,
      meanCoverage: coverage,
    });
    // Quarters of a 6-episode run hold 2, 1, 2 and 1 episodes.
    expect(statistics.quarters.map((quarter) => quarter.episodes)).toEqual([2, 1, 2, 1]);
    expect(statistics.correlation).toMatchObject({ pairs: 5, runs: 1, resampled: 'pairs' });
    const correlationText = document.sections[3]!.paragraphs![0]!;
    expect(correlationText).toContain('5 pairs from 1 run(s)');
    // Single run: every index is plotted.
    expect(statistics.creativityByIndex.map((point) => point.value)).toEqual(judged.levels);
  });

  it('is deterministic, and its HTML has one svg per chart', async () => {
    const first = buildTrajectoryReport([judged], { resamples: 300, title: 'Example <run>' });
    expect(buildTrajectoryReport([judged], { resamples: 300, title: 'Example <run>' })).toEqual(first);
    const html = await renderReportHtml(first.document);
    expect(html.match(/<svg\b/g)).toHaveLength(6);
    expect(html).toContain('<h1>Example &#60;run&#62;</h1>');
    expect(html).toContain('>P-creativity by episode index</text>');
    expect(html).toContain('>Rubric levels by quarter of the run</text>');
  });

  it('still builds a report for runs without episodes', async () => {
    const empty: ReportRun = { id: 'empty', format: 'aira-dojo-journal-jsonl', path: 'x', levels: [], impacts: [], impactSource: null };
    const { document } = buildTrajectoryReport([empty], { resamples: 10 });
    const html = await renderReportHtml(document);
    expect(html.match(/<svg\b/g)).toHaveLength(countReportCharts(document));
    expect(html).toContain('1 run(s) have no episode');
  });
});

describe('readingOfRho', () => {
  it('reads the sign of rho, never a fixed sentence (a negative rho once read "tended to raise impact too")', async () => {
    const { readingOfRho } = await import('../../src/report/trajectory-report.js');
    expect(readingOfRho(-0.289)).toMatch(/negative: steps that raised P-creativity tended to lower impact/);
    expect(readingOfRho(0.4)).toMatch(/positive: steps that raised P-creativity tended to raise impact too/);
    expect(readingOfRho(Number.NaN)).toMatch(/no monotone association/);
    expect(readingOfRho(0)).toMatch(/no monotone association/);
  });

  it('the report of the shipped example says what its own rho says', () => {
    const { document } = buildTrajectoryReport([judged], { resamples: 300 });
    const section = document.sections.find((candidate) => candidate.heading.startsWith('Does novelty pay?'))!;
    const rho = Number(/pooled over runs: (-?[\d.]+)/.exec(section.paragraphs![0]!)?.[1]);
    expect(Number.isFinite(rho)).toBe(true);
    expect(section.paragraphs![1]).toContain(rho > 0 ? 'Rho is positive' : rho < 0 ? 'Rho is negative' : 'no monotone association');
  });
});
