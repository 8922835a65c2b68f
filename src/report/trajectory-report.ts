import { rubricLabels } from '../judges/judge-verdict.js';
import { parseOptions } from '../options/parse-options.js';
import { distributionChartSpec } from './distribution-chart-spec.js';
import { formatReportNumber as number } from './format-report-number.js';
import { heatMapChartSpec } from './heat-map-chart-spec.js';
import { lineChartSpec } from './line-chart-spec.js';
import type { ReportDocument, ReportSection } from './report-document.js';
import type { ReportRun } from './report-run.js';
import { stackedShareChartSpec } from './stacked-share-chart-spec.js';
import { trajectoryReportOptionsSchema, type TrajectoryReportOptions } from './trajectory-report-options.js';
import { computeTrajectoryStatistics, type TrajectoryStatistics } from './trajectory-statistics.js';

/** A trajectory report: the document to render and the numbers it was built from. */
export interface TrajectoryReport {
  readonly document: ReportDocument;
  readonly statistics: TrajectoryStatistics;
}

/** Rubric-level colours, Routine to Transformational: grey for routine work, warmer for bolder episodes. */
const levelColours = ['#B8B8B8', '#56B4E9', '#009E73', '#E69F00', '#D55E00'];

/** ΔImpact beyond this is drawn at the chart's edge: run-relative impact can fall hundreds of spans below baseline. */
const deltaImpactLimit = 2;

/**
 * The paper's RQ2 view of any agent's runs, as a report: P-creativity (the cheap judge's rubric level) and impact
 * per episode index, the rank correlation of ΔImpact with ΔP-creativity between consecutive episodes, the share
 * of each rubric level per quarter of the run (exploration giving way to refinement), and a table of runs.
 * Deterministic: the same runs and options give the same document. Throws `InvalidOptionsError`.
 */
export function buildTrajectoryReport(runs: readonly ReportRun[], options: TrajectoryReportOptions = {}): TrajectoryReport {
  const { title, generatedAt, judgeId, ...statisticsOptions } = parseOptions(
    trajectoryReportOptionsSchema,
    options,
    'buildTrajectoryReport',
  );
  const statistics = computeTrajectoryStatistics(runs, statisticsOptions);
  const confidence = `${Math.round(statisticsOptions.confidence * 100)}%`;
  const document: ReportDocument = {
    title,
    subtitle: `${runs.length} run(s), ${statistics.episodes} episode(s), P-creativity judged by ${judgeId}`,
    ...(generatedAt === undefined ? {} : { generatedAt }),
    sections: [
      overviewSection(statistics, judgeId),
      creativitySection(statistics, confidence),
      impactSection(statistics, confidence),
      correlationSection(statistics, confidence),
      quarterSection(statistics),
      ...(statistics.archive === null ? [] : [archiveSection(statistics, confidence)]),
      runsSection(statistics),
    ],
  };
  return { document, statistics };
}

function overviewSection(statistics: TrajectoryStatistics, judgeId: string): ReportSection {
  const empty = statistics.runs.length - statistics.runsWithEpisodes;
  const cardRuns = statistics.runs.filter((run) => run.impactSource === 'task-card').length;
  const undefinedImpact = statistics.runsWithEpisodes - statistics.runsWithImpact;
  return {
    heading: 'What this shows',
    paragraphs: [
      `${statistics.runs.length} run(s) with ${statistics.episodes} episode(s) in all` +
        (empty > 0 ? `; ${empty} run(s) have no episode (no node with a valid score) and appear only in the runs table.` : '.'),
      `P-creativity is the rubric level the cheap judge (${judgeId}) gives each episode against the earlier episodes of ` +
        `its own run: ${rubricLabels.map((label, level) => `${level} ${label}`).join(', ')}. Mean level over all episodes: ` +
        `${number(statistics.meanLevel)}.`,
      "Impact is (S − S_baseline) / (S_top1 − S_baseline) in the metric's direction: 0 at the baseline, 1 at top-1. " +
        (cardRuns > 0
          ? `${cardRuns} run(s) use the task card's baseline and top-1, the others the run's own first and best episode.`
          : "No task card was given, so it is run-relative: the baseline is the run's first episode, top-1 its best.") +
        (undefinedImpact > 0
          ? ` In ${undefinedImpact} run(s) every episode scored the same, so impact is undefined there and they are left out of the impact charts and the correlation.`
          : ''),
    ],
  };
}

function creativitySection(statistics: TrajectoryStatistics, confidence: string): ReportSection {
  const points = statistics.creativityByIndex;
  const first = points[0];
  const last = points.at(-1);
  return {
    heading: 'P-creativity over the run',
    paragraphs: [
      `Mean rubric level of the episodes at each episode index, over the runs that reach it (indices reached by at ` +
        `least ${statistics.minRunsPerIndex} run(s)), with a ${confidence} percentile-bootstrap band over runs.` +
        (first && last
          ? ` Episode ${first.index}: ${number(first.value)} (${first.runs} runs); episode ${last.index}: ${number(last.value)} (${last.runs} runs).`
          : ''),
    ],
    charts: [
      {
        title: 'P-creativity by episode index',
        spec: lineChartSpec({
          title: 'P-creativity by episode index',
          rows: points.map((point) => ({
            episode: point.index,
            value: point.value,
            low: point.low,
            high: point.high,
            series: 'mean rubric level',
            runs: point.runs,
          })),
          x: 'episode',
          y: 'value',
          series: 'series',
          band: { lower: 'low', upper: 'high' },
          xTitle: 'episode index',
          yTitle: 'mean rubric level (0-4)',
          xIntegers: true,
          yDomain: [0, 4],
        }),
      },
    ],
  };
}

function impactSection(statistics: TrajectoryStatistics, confidence: string): ReportSection {
  const rows = [
    ...statistics.impactByIndex.map((point) => ({
      episode: point.index,
      value: point.value,
      low: point.low,
      high: point.high,
      series: 'median impact',
    })),
    ...statistics.bestImpactByIndex.map((point) => ({
      episode: point.index,
      value: point.value,
      low: point.low,
      high: point.high,
      series: 'mean best-so-far impact',
    })),
  ];
  const bounds = rows.flatMap((row) => [row.value, row.low, row.high]).filter(Number.isFinite);
  // The median's interval can reach a run's extreme episode; beyond ±2 spans the band is drawn at the edge.
  let lower = Math.max(-deltaImpactLimit, Math.min(0, ...bounds));
  let upper = Math.min(deltaImpactLimit, Math.max(1, ...bounds));
  if (!(upper > lower)) [lower, upper] = [-1, 1];
  return {
    heading: 'Impact over the run',
    paragraphs: [
      `Median impact of the episodes at each episode index (the median, because one poor episode can lie hundreds ` +
        `of spans below the baseline) and the mean best-so-far impact, over the runs with a defined impact that reach ` +
        `the index, each with a ${confidence} percentile-bootstrap band over runs. Values outside ` +
        `[${number(lower)}, ${number(upper)}] are drawn at the edge.`,
    ],
    charts: [
      {
        title: 'Impact by episode index',
        spec: lineChartSpec({
          title: 'Impact by episode index',
          rows,
          x: 'episode',
          y: 'value',
          series: 'series',
          band: { lower: 'low', upper: 'high' },
          xTitle: 'episode index',
          yTitle: 'impact (0 baseline, 1 top-1)',
          xIntegers: true,
          yDomain: [lower, upper],
          seriesOrder: ['median impact', 'mean best-so-far impact'],
        }),
      },
    ],
  };
}

/** What the sign of rho says, in words (a fixed "positive rho" sentence misread a negative rho, issue #37). */
export function readingOfRho(rho: number): string {
  if (!Number.isFinite(rho) || rho === 0) return 'Rho 0 or undefined: no monotone association in these pairs.';
  return rho > 0
    ? 'Rho is positive: steps that raised P-creativity tended to raise impact too.'
    : 'Rho is negative: steps that raised P-creativity tended to lower impact.';
}

function correlationSection(statistics: TrajectoryStatistics, confidence: string): ReportSection {
  const { correlation, deltas } = statistics;
  const signed = (value: number) => (value > 0 ? `+${value}` : String(value));
  const verdict = !Number.isFinite(correlation.low)
    ? 'Too few pairs for an interval.'
    : correlation.low > 0 || correlation.high < 0
      ? `The ${confidence} interval excludes 0.`
      : `The ${confidence} interval includes 0: no clear association.`;
  const outside = deltas.filter((delta) => Math.abs(delta.impact) > deltaImpactLimit).length;
  return {
    heading: 'Does novelty pay? ΔImpact against ΔP-creativity',
    paragraphs: [
      `Spearman's rho of ΔImpact with ΔP-creativity between consecutive episodes, pooled over runs: ` +
        `${number(correlation.rho)} (${confidence} CI ${number(correlation.low)} to ${number(correlation.high)}; ` +
        `${correlation.pairs} pairs from ${correlation.runs} run(s); the bootstrap resamples ${correlation.resampled === 'runs' ? 'whole runs' : 'pairs'}). ${verdict}`,
      `${readingOfRho(correlation.rho)} Boxes show ΔImpact per ΔP-creativity; ` +
        `${outside} of ${deltas.length} value(s) lie beyond ±${deltaImpactLimit} and are drawn at the edge.`,
    ],
    table: {
      columns: ['ΔP-creativity', 'pairs', 'median ΔImpact', 'mean ΔImpact', 'share with ΔImpact > 0'],
      rows: statistics.deltaSteps.map((step) => [
        signed(step.creativity),
        step.pairs,
        step.medianImpact,
        step.meanImpact,
        percent(step.improvedShare),
      ]),
    },
    charts: [
      {
        title: 'ΔImpact by ΔP-creativity',
        spec: distributionChartSpec({
          title: 'ΔImpact by ΔP-creativity',
          rows: deltas.map((delta) => ({ step: signed(delta.creativity), impact: delta.impact, run: delta.runId })),
          category: 'step',
          value: 'impact',
          valueTitle: 'ΔImpact (next − previous episode)',
          categoryTitle: 'ΔP-creativity (rubric levels)',
          categoryOrder: statistics.deltaSteps.map((step) => signed(step.creativity)),
          ...(outside > 0 ? { valueDomain: [-deltaImpactLimit, deltaImpactLimit] as [number, number] } : {}),
        }),
      },
    ],
  };
}

function quarterSection(statistics: TrajectoryStatistics): ReportSection {
  const { quarters } = statistics;
  const first = quarters[0]!;
  const last = quarters[3]!;
  const routineShift = `${percent(first.shares[0]!)} of Q1's episodes are Routine, ${percent(last.shares[0]!)} of Q4's`;
  const exploratory = (shares: readonly number[]) => shares.slice(2).reduce((sum, share) => sum + share, 0);
  return {
    heading: 'Exploration giving way to refinement',
    paragraphs: [
      'Each run is cut into quarters by position (episode i of n is in quarter ⌊4i/n⌋ + 1), and the episodes of a ' +
        'quarter are pooled over runs, so longer runs weigh more.',
      `${routineShift}; Exploratory or bolder (level 2 and up): ${percent(exploratory(first.shares))} in Q1, ` +
        `${percent(exploratory(last.shares))} in Q4. Mean level ${number(first.meanLevel)} in Q1, ${number(last.meanLevel)} in Q4.`,
    ],
    table: {
      columns: ['quarter', 'episodes', 'mean level', ...rubricLabels],
      rows: quarters.map((quarter) => [quarter.label, quarter.episodes, quarter.meanLevel, ...quarter.shares.map(percent)]),
    },
    charts: [
      {
        title: 'Rubric levels by quarter of the run',
        spec: stackedShareChartSpec({
          title: 'Rubric levels by quarter of the run',
          rows: quarters.flatMap((quarter) =>
            rubricLabels.map((label, level) => ({
              quarter: quarter.label,
              level: label,
              share: quarter.shares[level]!,
              episodes: quarter.counts[level]!,
            })),
          ),
          x: 'quarter',
          category: 'level',
          share: 'share',
          xTitle: 'quarter of the run',
          shareTitle: 'share of episodes',
          categoryTitle: 'rubric level',
          xOrder: quarters.map((quarter) => quarter.label),
          categoryOrder: [...rubricLabels],
          colours: levelColours,
        }),
      },
    ],
  };
}

/** Labels per axis shown in the heat map; the rarer values are pooled as `other`. */
const heatMapLabels = 12;

function archiveSection(statistics: TrajectoryStatistics, confidence: string): ReportSection {
  const archive = statistics.archive!;
  const [xAxis = 'x', yAxis = 'y'] = archive.axes;
  // The most visited values of each axis, the rest pooled, so the map stays readable for runs of many kinds.
  const top = (field: 'x' | 'y') => {
    const counts = new Map<string, number>();
    for (const cell of archive.heat) counts.set(cell[field], (counts.get(cell[field]) ?? 0) + cell.episodes);
    return [...counts]
      .sort(([, a], [, b]) => b - a)
      .slice(0, heatMapLabels)
      .map(([value]) => value);
  };
  const [xs, ys] = [top('x'), top('y')];
  const pooled = new Map<string, { x: string; y: string; episodes: number }>();
  for (const cell of archive.heat) {
    const x = xs.includes(cell.x) ? cell.x : 'other';
    const y = ys.includes(cell.y) ? cell.y : 'other';
    const entry = pooled.get(`${x}\u0000${y}`) ?? { x, y, episodes: 0 };
    entry.episodes += cell.episodes;
    pooled.set(`${x}\u0000${y}`, entry);
  }
  const order = (values: readonly string[], field: 'x' | 'y') => [
    ...values,
    ...([...pooled.values()].some((cell) => cell[field] === 'other') ? ['other'] : []),
  ];
  const last = archive.discoveryByIndex.at(-1);
  return {
    heading: 'Quality diversity: the kinds of solution a run visited',
    paragraphs: [
      `Every episode falls into a cell of a grid whose axes are read from the concepts of its plan and code ` +
        `(${archive.axes.join(' × ')}); a run's coverage is the number of cells its episodes filled, and its QD-score ` +
        `sums each cell's best impact (clipped to [0, 1]). ${archive.cells} distinct cell(s) over all runs; a run fills ` +
        `${number(archive.meanCoverage)} on average.` +
        (last === undefined
          ? ''
          : ` By episode ${last.index} the runs that reach it have filled ${number(last.value)} cell(s) (${last.runs} runs).`),
      `The curve is the mean number of cells filled by each episode index, with a ${confidence} percentile-bootstrap band ` +
        `over runs: a curve that flattens early is a run that stopped trying new kinds of solution. The map counts ` +
        `episodes in each pair of values of the first two axes, pooled over runs (the ${heatMapLabels} most visited values of each axis; the rest as other).`,
    ],
    charts: [
      {
        title: 'Cells discovered by episode index',
        spec: lineChartSpec({
          title: 'Cells discovered by episode index',
          rows: archive.discoveryByIndex.map((point) => ({
            episode: point.index,
            value: point.value,
            low: point.low,
            high: point.high,
            series: 'mean cells filled',
            runs: point.runs,
          })),
          x: 'episode',
          y: 'value',
          series: 'series',
          band: { lower: 'low', upper: 'high' },
          xTitle: 'episode index',
          yTitle: 'cells filled',
          xIntegers: true,
        }),
      },
      {
        title: `Episodes by ${xAxis} and ${yAxis}`,
        spec: heatMapChartSpec({
          title: `Episodes by ${xAxis} and ${yAxis}`,
          rows: [...pooled.values()],
          x: 'x',
          y: 'y',
          value: 'episodes',
          xTitle: xAxis,
          yTitle: yAxis,
          valueTitle: 'episodes',
          xOrder: order(xs, 'x'),
          yOrder: order(ys, 'y'),
        }),
      },
    ],
  };
}

function runsSection(statistics: TrajectoryStatistics): ReportSection {
  return {
    heading: 'Runs',
    table: {
      columns: ['run', 'format', 'episodes', 'mean P-creativity', 'best impact', 'cells', 'QD-score'],
      rows: statistics.runs.map((run) => [run.id, run.format, run.episodes, run.meanLevel, run.bestImpact, run.coverage, run.qdScore]),
    },
  };
}

function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}
