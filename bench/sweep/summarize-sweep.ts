import {
  bootstrapConfidenceInterval,
  createSeededRandom,
  holmAdjust,
  mannWhitneyU,
  runQualityDiversity,
  varghaDelaneyA12,
  wilcoxonSignedRank,
  quantile,
} from 'boden';
import { armName, isUnshapedArm, type BenchArm, type BenchPolicy } from '../runner/bench-policy.js';
import { searchMilliseconds, type BenchEpisodeRecord, type BenchRunRecord } from '../runner/bench-run-record.js';

/** A mean with its 95 % percentile bootstrap interval (NaN bounds with fewer than two runs). */
export interface MeanWithInterval {
  readonly mean: number;
  readonly low: number;
  readonly high: number;
}

/** The summary of one task × policy × arm over its seeds. */
export interface SweepSummaryRow {
  readonly task: string;
  readonly policy: BenchPolicy;
  readonly arm: string;
  readonly strength: number;
  readonly schedule: BenchArm['schedule'];
  readonly runs: number;
  /** Best impact at the end of the run (a run without a valid episode counts 0, the baseline). */
  readonly finalImpact: MeanWithInterval;
  /**
   * Mean regret at the budget in the metric's units: how far the run's best stayed from the card's top-1 (the best
   * the space is known to reach), negative for a run that beat it; null without the task's reference.
   */
  readonly finalRegret: number | null;
  /** Area under the best-so-far impact curve, as the mean over episodes (0 before the first valid episode). */
  readonly impactAuc: number;
  /** Share of runs whose best score earns a medal. */
  readonly medalRate: number;
  /**
   * The episode (1-based) at which a run's best first reached the card's bronze medal: the median over the runs that
   * reached it, and how many did; null without the task's medals.
   */
  readonly firstMedal: { readonly medianEpisode: number | null; readonly runs: number } | null;
  /** Mean P-creativity (cheap judge, 0-4) of valid episodes in each quarter of the run; null for an empty quarter. */
  readonly pCreativityByQuarter: readonly (number | null)[];
  /** Mean P-creativity over all valid episodes. */
  readonly pCreativity: number | null;
  /**
   * Mean nearest-neighbour novelty (the embedding metric, in [0, 1]) of valid episodes per quarter: a second
   * measure of P-creativity that neither the directive (concept ids) nor the cheap judge (concepts) is made of.
   */
  readonly embeddingNoveltyByQuarter: readonly (number | null)[];
  /**
   * Quality-diversity of the runs (each valid episode in its recorded cell, impact its quality): mean cells a run
   * visited and mean QD-score (each cell's best impact clipped to [0, 1], summed); null for records without cells.
   */
  readonly qualityDiversity: { readonly coverage: number; readonly qdScore: number } | null;
  /** Mean pipelines evaluated per run. */
  readonly evaluations: number;
  /** Mean share of episodes that were buggy. */
  readonly buggyShare: number;
  /**
   * Arms with a novelty bonus: the share of contested choices it changed (pooled over runs) and its mean weight at
   * the end of a run (an auto-scaled bonus's settled weight); null for other arms and for records without counts.
   */
  readonly bonusShift: { readonly changedShare: number; readonly strength: number } | null;
  /** Mean search time per run (wall time without evaluation and without recording-only scoring), milliseconds. */
  readonly searchMilliseconds: number;
  /** That time over the unshaped arm's of the same task and policy (1 for the unshaped arm; null without one). */
  readonly overheadRatio: number | null;
  /** Two-sided Mann-Whitney U p-value of final impact against the unshaped arm (null for it, or without one). */
  readonly pValueVsUnshaped: number | null;
  /**
   * The primary comparison with the unshaped arm, paired by seed (arms share seeds): final impact (equivalently
   * regret, 1 − impact) by a two-sided Wilcoxon signed-rank test, Holm-adjusted over every compared row of the
   * sweep, and Vargha-Delaney A12 (P(this arm's run beats unshaped's), 0.5 = no effect) with a 95 % bootstrap
   * interval over seed pairs. Null for the unshaped arm, or without one, or without a shared seed.
   */
  readonly paired: PairedComparison | null;
  /** Mean final impact minus the unshaped arm's (null without one). */
  readonly impactDifference: number | null;
}

/** See `SweepSummaryRow.paired`. */
export interface PairedComparison {
  /** Seeds run by both this arm and the unshaped one. */
  readonly seeds: number;
  readonly wilcoxonP: number;
  /** `wilcoxonP` after Holm's adjustment over the whole sweep's compared rows. */
  readonly holmP: number;
  readonly a12: MeanWithInterval;
}

const mean = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Final best impact of a run; a run without a valid episode stays at the baseline. */
export function finalImpactOf(record: BenchRunRecord): number {
  return record.bestImpact ?? 0;
}

/** The mean of the best-so-far impact curve over the run's episodes (the normalised area under it). */
export function impactAucOf(record: BenchRunRecord): number {
  if (record.bestImpactCurve.length === 0) return 0;
  return mean(record.bestImpactCurve.map((value) => value ?? 0));
}

/** Mean verdict score of the valid episodes in each quarter of the run (by episode index over the run length). */
export function pCreativityByQuarterOf(records: readonly BenchRunRecord[]): (number | null)[] {
  return quarterMeans(records, (episode) => episode.verdict?.score);
}

/** Mean novelty by `metric` (e.g. `nearest-neighbour`) of the valid episodes in each quarter of the run. */
export function noveltyByQuarterOf(records: readonly BenchRunRecord[], metric: string): (number | null)[] {
  return quarterMeans(records, (episode) => (episode.status === 'ok' ? episode.novelty[metric] : undefined));
}

function quarterMeans(records: readonly BenchRunRecord[], valueOf: (episode: BenchEpisodeRecord) => number | undefined): (number | null)[] {
  const sums = [0, 0, 0, 0];
  const counts = [0, 0, 0, 0];
  for (const record of records) {
    const length = record.episodes.length;
    for (const episode of record.episodes) {
      const value = valueOf(episode);
      if (value === undefined) continue;
      const quarter = Math.min(3, Math.floor((4 * episode.index) / length));
      sums[quarter]! += value;
      counts[quarter]! += 1;
    }
  }
  return sums.map((sum, quarter) => (counts[quarter] === 0 ? null : sum / counts[quarter]!));
}

function meanWithInterval(values: readonly number[], seed: number): MeanWithInterval {
  if (values.length < 2) return { mean: values.length === 0 ? Number.NaN : values[0]!, low: Number.NaN, high: Number.NaN };
  const interval = bootstrapConfidenceInterval({
    n: values.length,
    statistic: (indices) => mean(indices.map((index) => values[index]!)),
    random: createSeededRandom(seed),
  });
  return { mean: mean(values), low: interval.low, high: interval.high };
}

/**
 * Summarises a sweep per task × policy × arm (rows in first-seen order of the records): final best impact with a
 * 95 % bootstrap interval (seeded, reproducible), area under the best-so-far curve, medal rate, P-creativity per
 * quarter, evaluations, search-time overhead against unshaped, and a Mann-Whitney U test against unshaped.
 */
export function summarizeSweep(
  records: readonly BenchRunRecord[],
  references: ReadonlyMap<string, TaskReference> = new Map(),
): SweepSummaryRow[] {
  const groups = new Map<string, BenchRunRecord[]>();
  for (const record of records) {
    const key = `${record.task}\u0000${record.policy}\u0000${armName(record.arm)}`;
    const group = groups.get(key) ?? [];
    group.push(record);
    groups.set(key, group);
  }
  const unshapedOf = (task: string, policy: string) => groups.get(`${task}\u0000${policy}\u0000unshaped`);
  const rows: (Omit<SweepSummaryRow, 'paired'> & { paired: Omit<PairedComparison, 'holmP'> | null })[] = [];
  for (const group of groups.values()) {
    const first = group[0]!;
    const finals = group.map(finalImpactOf);
    const quarters = pCreativityByQuarterOf(group);
    const verdicts = group.flatMap((record) =>
      record.episodes.flatMap((episode) => (episode.verdict === null ? [] : [episode.verdict.score])),
    );
    const search = mean(group.map(searchMilliseconds));
    const unshaped = unshapedOf(first.task, first.policy);
    const unshapedFinals = unshaped?.map(finalImpactOf);
    const compared = unshapedFinals !== undefined && !isUnshapedArm(first.arm);
    rows.push({
      task: first.task,
      policy: first.policy,
      arm: armName(first.arm),
      strength: first.arm.strength,
      schedule: first.arm.schedule,
      runs: group.length,
      finalImpact: meanWithInterval(finals, rows.length + 1),
      finalRegret: regretOf(finals, references.get(first.task)),
      impactAuc: mean(group.map(impactAucOf)),
      medalRate: group.filter((record) => record.medal !== null).length / group.length,
      firstMedal: firstMedalOf(group, references.get(first.task)),
      pCreativityByQuarter: quarters,
      pCreativity: verdicts.length === 0 ? null : mean(verdicts),
      embeddingNoveltyByQuarter: noveltyByQuarterOf(group, 'nearest-neighbour'),
      qualityDiversity: qualityDiversityOf(group),
      evaluations: mean(group.map((record) => record.evaluations)),
      buggyShare: mean(
        group.map((record) => record.episodes.filter((episode) => episode.status === 'buggy').length / Math.max(1, record.episodes.length)),
      ),
      bonusShift: bonusShiftOf(group),
      searchMilliseconds: search,
      overheadRatio: unshaped === undefined ? null : search / mean(unshaped.map(searchMilliseconds)),
      pValueVsUnshaped: compared ? mannWhitneyU(finals, unshapedFinals).pValue : null,
      impactDifference: compared ? mean(finals) - mean(unshapedFinals) : null,
      paired: compared ? pairedWithUnshaped(group, unshaped!, rows.length + 1) : null,
    });
  }
  // Holm over the whole family: every row compared with its unshaped arm, across tasks and policies.
  const family = rows.flatMap((row, index) => (row.paired === null ? [] : [index]));
  const adjusted = holmAdjust(family.map((index) => rows[index]!.paired!.wilcoxonP));
  return rows.map((row, index) => {
    const position = family.indexOf(index);
    return { ...row, paired: row.paired === null ? null : { ...row.paired, holmP: adjusted[position]! } };
  });
}

/** The reference scores of a task's card that impact is measured between. */
export interface TaskReference {
  readonly baseline: number;
  readonly top1: number;
  /** With the medals' thresholds (a card's), the summary also gives the episode of each run's first medal. */
  readonly maximize?: boolean;
  readonly medals?: { readonly bronze: number };
}

/** See `SweepSummaryRow.qualityDiversity`: valid episodes only, as an archive only admits those. */
function qualityDiversityOf(records: readonly BenchRunRecord[]): SweepSummaryRow['qualityDiversity'] {
  if (records.some((record) => record.episodes.some((episode) => episode.status === 'ok' && episode.cell === undefined))) return null;
  const perRun = records.map((record) => {
    const valid = record.episodes.filter((episode) => episode.status === 'ok');
    return runQualityDiversity(
      valid.map((episode) => episode.cell!),
      valid.map((episode) => episode.impact),
    );
  });
  return { coverage: mean(perRun.map((run) => run.coverage)), qdScore: mean(perRun.map((run) => run.qdScore ?? 0)) };
}

/** See `SweepSummaryRow.firstMedal`. */
function firstMedalOf(records: readonly BenchRunRecord[], reference: TaskReference | undefined): SweepSummaryRow['firstMedal'] {
  if (reference?.medals === undefined || reference.maximize === undefined) return null;
  const { maximize, medals } = reference;
  const episodes = records.flatMap((record) => {
    const first = record.episodes.findIndex(
      (episode) =>
        episode.status === 'ok' && episode.score !== null && (maximize ? episode.score >= medals.bronze : episode.score <= medals.bronze),
    );
    return first < 0 ? [] : [first + 1];
  });
  return {
    medianEpisode:
      episodes.length === 0
        ? null
        : quantile(
            [...episodes].sort((a, b) => a - b),
            0.5,
          ),
    runs: episodes.length,
  };
}

/** Mean regret in metric units from final impacts: (1 − impact) × |top-1 − baseline|. */
function regretOf(finals: readonly number[], reference: TaskReference | undefined): number | null {
  if (reference === undefined) return null;
  return mean(finals.map((impact) => (1 - impact) * Math.abs(reference.top1 - reference.baseline)));
}

/** Final impact of `group` and `unshaped` paired by seed: Wilcoxon signed-rank and A12 with a paired bootstrap. */
function pairedWithUnshaped(
  group: readonly BenchRunRecord[],
  unshaped: readonly BenchRunRecord[],
  seed: number,
): Omit<PairedComparison, 'holmP'> | null {
  const bySeed = new Map(unshaped.map((record) => [record.seed, finalImpactOf(record)]));
  const pairs = group
    .filter((record) => bySeed.has(record.seed))
    .map((record) => [finalImpactOf(record), bySeed.get(record.seed)!] as const);
  if (pairs.length === 0) return null;
  const shaped = pairs.map(([value]) => value);
  const base = pairs.map(([, value]) => value);
  const a12 = varghaDelaneyA12(shaped, base);
  const interval =
    pairs.length < 2
      ? { low: Number.NaN, high: Number.NaN }
      : bootstrapConfidenceInterval({
          n: pairs.length,
          statistic: (indices) =>
            varghaDelaneyA12(
              indices.map((index) => shaped[index]!),
              indices.map((index) => base[index]!),
            ),
          random: createSeededRandom(seed),
        });
  return {
    seeds: pairs.length,
    wilcoxonP: wilcoxonSignedRank(shaped, base).pValue,
    a12: { mean: a12, low: interval.low, high: interval.high },
  };
}

/** The pooled share of contested choices a bonus changed, and its mean final weight; null without counts. */
function bonusShiftOf(group: readonly BenchRunRecord[]): SweepSummaryRow['bonusShift'] {
  const counted = group.flatMap((record) => (record.bonusShifts === undefined ? [] : [record.bonusShifts]));
  const contested = counted.reduce((sum, shifts) => sum + shifts.contested, 0);
  if (counted.length === 0 || contested === 0) return null;
  return {
    changedShare: counted.reduce((sum, shifts) => sum + shifts.changed, 0) / contested,
    strength: mean(counted.map((shifts) => shifts.strength)),
  };
}
