import { rubricLabels } from '../judges/judge-verdict.js';
import { parseOptions } from '../options/parse-options.js';
import { createSeededRandom, type RandomSource } from '../random/random-source.js';
import { bootstrapConfidenceInterval } from '../statistics/bootstrap.js';
import { spearman } from '../statistics/spearman.js';
import { runQualityDiversity } from '../quality-diversity/archive-measures.js';
import type { ReportRun } from './report-run.js';
import { trajectoryStatisticsOptionsSchema, type TrajectoryStatisticsOptions } from './trajectory-report-options.js';

/** A statistic of the episodes at one episode index across the runs that reach it, with its bootstrap interval. */
export interface IndexStatistic {
  readonly index: number;
  /** How many runs contributed a value. */
  readonly runs: number;
  readonly value: number;
  readonly low: number;
  readonly high: number;
}

/** The episodes of one quarter of the runs, pooled over runs, by rubric level. */
export interface QuarterShares {
  /** 1 to 4: episode i of a run of n episodes is in quarter ⌊4i/n⌋ + 1. */
  readonly quarter: number;
  readonly label: string;
  readonly episodes: number;
  /** Mean rubric level; null for an empty quarter. */
  readonly meanLevel: number | null;
  /** Episodes per rubric level 0-4. */
  readonly counts: readonly number[];
  /** counts / episodes per rubric level 0-4 (all 0 for an empty quarter). */
  readonly shares: readonly number[];
}

/** The change from one episode to the next within a run. */
export interface ConsecutiveDelta {
  readonly runId: string;
  /** The later episode's index. */
  readonly index: number;
  /** ΔP-creativity: the later rubric level minus the earlier. */
  readonly creativity: number;
  /** ΔImpact: the later impact minus the earlier. */
  readonly impact: number;
}

/** ΔImpact of the consecutive pairs with one ΔP-creativity. */
export interface DeltaStep {
  /** ΔP-creativity, in rubric levels. */
  readonly creativity: number;
  readonly pairs: number;
  readonly medianImpact: number;
  readonly meanImpact: number;
  /** Share of the pairs whose impact rose. */
  readonly improvedShare: number;
}

/** Spearman's rho of ΔImpact with ΔP-creativity, pooled over runs, with its bootstrap interval. */
export interface DeltaCorrelation {
  readonly rho: number;
  readonly low: number;
  readonly high: number;
  readonly pairs: number;
  /** Runs contributing pairs. */
  readonly runs: number;
  /** What the bootstrap resampled: whole runs (pairs within a run are not independent), or pairs for one run. */
  readonly resampled: 'runs' | 'pairs';
}

/** One run's line of the runs table. */
export interface RunSummary {
  readonly id: string;
  readonly format: string;
  readonly path: string;
  readonly episodes: number;
  /** Null for a run without episodes. */
  readonly meanLevel: number | null;
  /** Null when the run has no defined impact. */
  readonly bestImpact: number | null;
  readonly impactSource: 'task-card' | 'run-relative' | null;
  /** Quality-diversity cells the run's episodes fell in; null when the run was not described. */
  readonly coverage: number | null;
  /** The sum over those cells of the best episode's impact clipped to [0, 1]; null without cells or impact. */
  readonly qdScore: number | null;
}

/** Episodes of all runs in one cell of the archive's two main axes (the descriptors' first two). */
export interface ArchiveHeatCell {
  readonly x: string;
  readonly y: string;
  readonly episodes: number;
  /** Runs with an episode in the cell. */
  readonly runs: number;
}

/** The quality-diversity view of the runs: cells discovered over the run, and where episodes fell. */
export interface ArchiveStatistics {
  readonly axes: readonly string[];
  /** Distinct cells of all runs together, and the mean per run. */
  readonly cells: number;
  readonly meanCoverage: number;
  /** Mean number of cells a run has filled by each episode index (its cell-discovery curve). */
  readonly discoveryByIndex: readonly IndexStatistic[];
  /** Episodes per (first axis, second axis) value pair, pooled over runs. */
  readonly heat: readonly ArchiveHeatCell[];
}

/** Everything the trajectory report shows, as numbers. */
export interface TrajectoryStatistics {
  readonly runs: readonly RunSummary[];
  readonly runsWithEpisodes: number;
  /** Runs with at least one defined impact. */
  readonly runsWithImpact: number;
  readonly episodes: number;
  /** Mean rubric level of every episode; null without episodes. */
  readonly meanLevel: number | null;
  /** The number of runs an index needs to be plotted (the option capped at the runs available). */
  readonly minRunsPerIndex: number;
  /** Mean rubric level per episode index. */
  readonly creativityByIndex: readonly IndexStatistic[];
  /** Median impact per episode index (the median, because run-relative impact has a long lower tail). */
  readonly impactByIndex: readonly IndexStatistic[];
  /** Mean best-so-far impact per episode index. */
  readonly bestImpactByIndex: readonly IndexStatistic[];
  readonly quarters: readonly QuarterShares[];
  readonly deltas: readonly ConsecutiveDelta[];
  /** The deltas grouped by ΔP-creativity, ascending. */
  readonly deltaSteps: readonly DeltaStep[];
  readonly correlation: DeltaCorrelation;
  /** Null when no run was described (no `cells`). */
  readonly archive: ArchiveStatistics | null;
}

/**
 * Computes the trajectory report's numbers from judged runs: P-creativity and impact per episode index (with
 * seeded percentile-bootstrap intervals over runs), rubric-level shares per quarter of the run, and Spearman's
 * rho of ΔImpact with ΔP-creativity between consecutive episodes. Throws `InvalidOptionsError`.
 */
export function computeTrajectoryStatistics(runs: readonly ReportRun[], options: TrajectoryStatisticsOptions = {}): TrajectoryStatistics {
  const parsed = parseOptions(trajectoryStatisticsOptionsSchema, options, 'computeTrajectoryStatistics');
  const withEpisodes = runs.filter((run) => run.levels.length > 0);
  const withImpact = runs.filter((run) => run.impacts.some((value) => value !== null));
  const bootstrap = { resamples: parsed.resamples, confidence: parsed.confidence };
  const series = (values: readonly (readonly (number | null)[])[], statistic: (sample: readonly number[]) => number, minRuns: number) =>
    // A fresh stream per series keeps each series' intervals the same whatever else the report holds.
    statisticByIndex(values, statistic, minRuns, { ...bootstrap, random: createSeededRandom(parsed.seed) });
  const minRuns = (available: number) => Math.max(1, Math.min(parsed.minRunsPerIndex, available));
  const levels = withEpisodes.flatMap((run) => run.levels);
  const deltasByRun = runs.map(consecutiveDeltas).filter((run) => run.length > 0);
  const deltas = deltasByRun.flat();
  return {
    runs: runs.map(summariseRun),
    runsWithEpisodes: withEpisodes.length,
    runsWithImpact: withImpact.length,
    episodes: levels.length,
    meanLevel: levels.length === 0 ? null : mean(levels),
    minRunsPerIndex: minRuns(withEpisodes.length),
    creativityByIndex: series(
      withEpisodes.map((run) => run.levels),
      mean,
      minRuns(withEpisodes.length),
    ),
    impactByIndex: series(
      withImpact.map((run) => run.impacts),
      median,
      minRuns(withImpact.length),
    ),
    bestImpactByIndex: series(
      withImpact.map((run) => bestSoFar(run.impacts)),
      mean,
      minRuns(withImpact.length),
    ),
    quarters: quarterShares(withEpisodes),
    deltas,
    deltaSteps: deltaSteps(deltas),
    correlation: deltaCorrelation(deltasByRun, { ...bootstrap, random: createSeededRandom(parsed.seed) }),
    archive: archiveStatistics(withEpisodes, (values, minRunCount) => series(values, mean, minRuns(minRunCount))),
  };
}

/** The quality-diversity numbers of the described runs (see `ArchiveStatistics`); null when none was described. */
function archiveStatistics(
  runs: readonly ReportRun[],
  series: (values: readonly (readonly (number | null)[])[], available: number) => IndexStatistic[],
): ArchiveStatistics | null {
  const described = runs.filter((run) => run.cells !== undefined && run.cells.length > 0);
  const axes = described[0]?.axes;
  if (axes === undefined) return null;
  const all = new Set<string>();
  const heat = new Map<string, { x: string; y: string; episodes: number; runs: Set<string> }>();
  const curves: number[][] = [];
  for (const run of described) {
    const seen = new Set<string>();
    curves.push(
      run.cells!.map((cell) => {
        seen.add(cell.key);
        all.add(cell.key);
        const [x = '', y = ''] = cell.values;
        const key = `${x}\u0000${y}`;
        const entry = heat.get(key) ?? { x, y, episodes: 0, runs: new Set<string>() };
        entry.episodes += 1;
        entry.runs.add(run.id);
        heat.set(key, entry);
        return seen.size;
      }),
    );
  }
  return {
    axes,
    cells: all.size,
    meanCoverage: mean(curves.map((curve) => curve.at(-1) ?? 0)),
    discoveryByIndex: series(curves, described.length),
    heat: [...heat.values()].map(({ x, y, episodes, runs: visitors }) => ({ x, y, episodes, runs: visitors.size })),
  };
}

/** Resamples, coverage and random source of the report's percentile-bootstrap intervals. */
export interface BootstrapSettings {
  readonly resamples: number;
  readonly confidence: number;
  readonly random: RandomSource;
}

/**
 * `statistic` of the values at each episode index across `runs` (null, missing and non-finite values left out), with
 * its percentile-bootstrap interval; indices with fewer than `minRuns` values are skipped.
 */
export function statisticByIndex(
  runs: readonly (readonly (number | null)[])[],
  statistic: (sample: readonly number[]) => number,
  minRuns: number,
  settings: BootstrapSettings,
): IndexStatistic[] {
  const length = Math.max(0, ...runs.map((values) => values.length));
  const points: IndexStatistic[] = [];
  for (let index = 0; index < length; index += 1) {
    const values = runs
      .map((run) => run[index])
      .filter((value): value is number => value !== null && value !== undefined && Number.isFinite(value));
    if (values.length < minRuns) continue;
    const { low, high } = bootstrapConfidenceInterval({
      n: values.length,
      statistic: (indices) => statistic(indices.map((position) => values[position]!)),
      ...settings,
    });
    points.push({ index, runs: values.length, value: statistic(values), low, high });
  }
  return points;
}

function quarterShares(runs: readonly ReportRun[]): QuarterShares[] {
  const counts = [0, 1, 2, 3].map(() => rubricLabels.map(() => 0));
  for (const run of runs) {
    const length = run.levels.length;
    run.levels.forEach((level, index) => {
      const quarter = Math.min(3, Math.floor((4 * index) / length));
      counts[quarter]![level] = (counts[quarter]![level] ?? 0) + 1;
    });
  }
  return counts.map((levelCounts, quarter) => {
    const episodes = levelCounts.reduce((sum, count) => sum + count, 0);
    const levelSum = levelCounts.reduce((sum, count, level) => sum + count * level, 0);
    return {
      quarter: quarter + 1,
      label: `Q${quarter + 1}`,
      episodes,
      meanLevel: episodes === 0 ? null : levelSum / episodes,
      counts: levelCounts,
      shares: levelCounts.map((count) => (episodes === 0 ? 0 : count / episodes)),
    };
  });
}

function consecutiveDeltas(run: ReportRun): ConsecutiveDelta[] {
  const deltas: ConsecutiveDelta[] = [];
  for (let index = 1; index < run.levels.length; index += 1) {
    const before = run.impacts[index - 1];
    const after = run.impacts[index];
    if (before === null || before === undefined || after === null || after === undefined) continue;
    deltas.push({ runId: run.id, index, creativity: run.levels[index]! - run.levels[index - 1]!, impact: after - before });
  }
  return deltas;
}

function deltaCorrelation(deltasByRun: readonly (readonly ConsecutiveDelta[])[], settings: BootstrapSettings): DeltaCorrelation {
  const rhoOf = (sample: readonly ConsecutiveDelta[]) =>
    spearman(
      sample.map((delta) => delta.impact),
      sample.map((delta) => delta.creativity),
    );
  const deltas = deltasByRun.flat();
  // Consecutive deltas of one run share episodes, so the bootstrap resamples whole runs when there are several.
  const resampled = deltasByRun.length >= 2 ? 'runs' : 'pairs';
  const units = resampled === 'runs' ? deltasByRun : deltas.map((delta) => [delta]);
  const { low, high } = bootstrapConfidenceInterval({
    n: units.length,
    statistic: (indices) => rhoOf(indices.flatMap((position) => units[position]!)),
    ...settings,
  });
  return { rho: rhoOf(deltas), low, high, pairs: deltas.length, runs: deltasByRun.length, resampled };
}

function deltaSteps(deltas: readonly ConsecutiveDelta[]): DeltaStep[] {
  const steps = [...new Set(deltas.map((delta) => delta.creativity))].sort((left, right) => left - right);
  return steps.map((creativity) => {
    const impacts = deltas.filter((delta) => delta.creativity === creativity).map((delta) => delta.impact);
    return {
      creativity,
      pairs: impacts.length,
      medianImpact: median(impacts),
      meanImpact: mean(impacts),
      improvedShare: impacts.filter((value) => value > 0).length / impacts.length,
    };
  });
}

function summariseRun(run: ReportRun): RunSummary {
  const impacts = run.impacts.filter((value): value is number => value !== null);
  return {
    id: run.id,
    format: run.format,
    path: run.path,
    episodes: run.levels.length,
    meanLevel: run.levels.length === 0 ? null : mean(run.levels),
    bestImpact: impacts.length === 0 ? null : Math.max(...impacts),
    impactSource: run.impactSource,
    ...qualityDiversityOfRun(run),
  };
}

/** A run's coverage (distinct cells) and QD-score (each cell's best impact, clipped to [0, 1], summed). */
function qualityDiversityOfRun(run: ReportRun): { coverage: number | null; qdScore: number | null } {
  if (run.cells === undefined || run.cells.length === 0) return { coverage: null, qdScore: null };
  const { coverage, qdScore } = runQualityDiversity(
    run.cells.map((cell) => cell.key),
    run.impacts,
  );
  return { coverage, qdScore };
}

/** The running maximum of the defined values; null until the first one. */
function bestSoFar(values: readonly (number | null)[]): (number | null)[] {
  let best: number | null = null;
  return values.map((value) => {
    if (value !== null) best = best === null ? value : Math.max(best, value);
    return best;
  });
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
