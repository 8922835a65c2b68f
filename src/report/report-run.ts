import type { Run } from '../episode/run.js';
import type { TrajectoryFormat } from '../episode/trajectory-format.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { Judge } from '../judges/judge.js';
import { judgeRun } from '../judges/judge-run.js';
import type { JudgeVerdict } from '../judges/judge-verdict.js';
import { scoreRun, type RunReport } from '../scoring/score-run.js';
import { conceptDescriptors } from '../quality-diversity/concept-descriptors.js';
import type { DescriptorCell, Descriptors } from '../quality-diversity/descriptors.js';
import type { TaskCard } from '../usefulness/task-card.js';

/** A run as the trajectory report reads it: every episode's rubric level and impact, in run order. */
export interface ReportRun {
  readonly id: string;
  readonly format: TrajectoryFormat;
  /** The file or directory the run was read from. */
  readonly path: string;
  /** The judge's rubric level (0 Routine to 4 Transformational) of every episode: its P-creativity. */
  readonly levels: readonly number[];
  /** Impact of every episode; null when undefined (the run's top-1 equals its baseline). */
  readonly impacts: readonly (number | null)[];
  /** Where the impact reference came from; null for a run without episodes. */
  readonly impactSource: 'task-card' | 'run-relative' | null;
  /** Every episode's quality-diversity cell (its concepts on the descriptors' axes), when the run was described. */
  readonly cells?: readonly DescriptorCell[];
  /** The descriptors' axis names, with `cells`. */
  readonly axes?: readonly string[];
}

/**
 * A scored run and its verdicts as a `ReportRun`, with each episode's cell when `descriptors` are given; throws
 * `InvalidArgumentError` when an episode has no verdict.
 */
export function toReportRun(report: RunReport, verdicts: ReadonlyMap<string, JudgeVerdict>, descriptors?: Descriptors): ReportRun {
  const levels = report.episodes.map((row) => {
    const verdict = verdicts.get(row.episode.id);
    if (verdict === undefined) {
      throw new InvalidArgumentError({ argument: 'verdicts', reason: `run ${report.run.id} has no verdict for episode ${row.episode.id}` });
    }
    return verdict.score;
  });
  return {
    id: report.run.id,
    format: report.run.source.format,
    path: report.run.source.path,
    levels,
    impacts: report.episodes.map((row) => row.impact),
    impactSource: report.impactReference?.source ?? null,
    ...(descriptors === undefined
      ? {}
      : { axes: descriptors.axes, cells: report.episodes.map((row) => descriptors.describe(row.episode)) }),
  };
}

/** What `scoreRunForReport` needs: the judge of P-creativity and, optionally, a task card for impact. */
export interface ScoreRunForReportOptions {
  /** Usually the cheap `RubricJudge`; it reads the novelty scores as evidence. */
  readonly judge: Judge;
  /** Impact against this card's baseline and top-1; default run-relative (first and best episode). */
  readonly taskCard?: TaskCard;
  /** Puts every episode into a quality-diversity cell; default `conceptDescriptors()`. */
  readonly descriptors?: Descriptors;
}

/**
 * Scores a run the way `boden score` does (impact, and the default novelty metrics the rubric judge reads as
 * evidence) and judges every episode against its earlier ones, as a `ReportRun`.
 */
export async function scoreRunForReport(run: Run, options: ScoreRunForReportOptions): Promise<ReportRun> {
  const report = await scoreRun(run, options.taskCard ? { taskCard: options.taskCard } : {});
  const novelty = new Map(report.episodes.map((row) => [row.episode.id, row.novelty]));
  const verdicts = await judgeRun(run, options.judge, { novelty });
  return toReportRun(report, verdicts, options.descriptors ?? conceptDescriptors());
}
