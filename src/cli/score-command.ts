import { Command, Option } from 'commander';
import { commandDescriptions } from './command-descriptions.js';
import { runToJsonLines } from '../episode/episode-jsonl.js';
import { trajectoryFormats, type TrajectoryFormat } from '../episode/trajectory-format.js';
import { scoreRun, type RunReport } from '../scoring/score-run.js';
import { readTaskCard, type TaskCard } from '../usefulness/task-card.js';
import type { Corpus } from '../corpus/corpus.js';
import type { HCreativityScore, HCreativityScorer } from '../corpus/h-creativity-scorer.js';
import { judgeRun } from '../judges/judge-run.js';
import type { JudgeVerdict } from '../judges/judge-verdict.js';
import { wholeNumberOption } from './bootstrap-options.js';
import {
  addLlmJudgeOptions,
  createJudgeFromOptions,
  defaultEscalationThreshold,
  judgeChoices,
  type CommandJudge,
  type JudgeCommandOptions,
} from './create-judge-from-options.js';
import { processIo, type CliIo } from './cli-io.js';
import { ExitCode } from './exit-code.js';
import { describeFailure } from './describe-failure.js';
import { loadRuns, noTrajectoriesFound } from './load-runs.js';
import { createProgress, type Progress } from './progress.js';
import { escapeCell, formatNumber, formatTextTable } from './text-table.js';
import { runQualityDiversity, type RunQualityDiversity } from '../quality-diversity/archive-measures.js';
import { conceptDescriptors } from '../quality-diversity/concept-descriptors.js';
import type { Descriptors } from '../quality-diversity/descriptors.js';

interface ScoreCommandOptions extends JudgeCommandOptions {
  format?: TrajectoryFormat;
  metric?: string;
  taskCard?: string;
  corpus?: string;
  json?: boolean;
  quiet?: boolean;
}

/** `boden score <paths...>`: imports trajectories and prints each run's episodes with usefulness and novelty. */
export function scoreCommand(setExitCode: (code: ExitCode) => void, io: CliIo = processIo): Command {
  return addLlmJudgeOptions(
    new Command('score')
      .description(commandDescriptions.score)
      .argument(
        '<paths...>',
        'trajectory files or directories (directories are searched for .json/.jsonl files and OpenEvolve checkpoints)',
      )
      .addOption(new Option('--format <format>', 'read every input as this format instead of detecting it').choices(trajectoryFormats))
      .option('--metric <name>', "AI-Scientist-v2: score by this metric_name instead of each node's first metric")
      .option('--task-card <file>', 'JSON task card {task, metric, maximize, baseline, top1} for impact (default: run-relative)')
      .addOption(new Option('--judge <judge>', 'also judge every episode on the 0-4 rubric').choices(judgeChoices).default('none')),
  )
    .option(
      '--escalation-threshold <confidence>',
      `escalating judge: ask the LLM below this rubric confidence (default ${defaultEscalationThreshold})`,
    )
    .addOption(
      wholeNumberOption('--max-escalations <n>', 'escalating judge: at most this many LLM calls per run (default 50)', { minimum: 0 }),
    )
    .option(
      '--corpus <dir>',
      'also score H-creativity against this corpus (see `boden hscore`): an H column; h-creativity and h-distance in --json',
    )
    .option('--json', "print JSON lines in boden's episode format (with scores) instead of tables")
    .option('--quiet', 'no progress on stderr')
    .action(async (paths: string[], options: ScoreCommandOptions) => {
      let taskCard: TaskCard | undefined;
      if (options.taskCard !== undefined) {
        try {
          taskCard = await readTaskCard(options.taskCard);
        } catch (error) {
          io.stderr.write(`boden score: ${describeFailure(error)}\n`);
          setExitCode(ExitCode.usageOrInputError);
          return;
        }
      }
      let commandJudge: CommandJudge | undefined;
      try {
        commandJudge = await createJudgeFromOptions(options);
      } catch (error) {
        io.stderr.write(`boden score: ${describeFailure(error)}\n`);
        setExitCode(ExitCode.usageOrInputError);
        return;
      }
      let corpusScoring: CorpusScoring | undefined;
      if (options.corpus !== undefined) {
        try {
          // The corpus modules load only when asked for: most scoring runs have no corpus.
          const [{ openCorpus }, { createHCreativityScorer }] = await Promise.all([
            import('../corpus/open-corpus.js'),
            import('../corpus/h-creativity-scorer.js'),
          ]);
          const corpus = await openCorpus(options.corpus);
          corpusScoring = { corpus, scorer: createHCreativityScorer({ corpus }) };
        } catch (error) {
          io.stderr.write(`boden score: ${describeFailure(error)}\n`);
          setExitCode(ExitCode.usageOrInputError);
          return;
        }
      }
      const progress = createProgress({ quiet: options.quiet === true, stream: io.stderr });
      const descriptors = conceptDescriptors();
      // Said once, when it happens: every later verdict of the run falls back without waiting for the server.
      commandJudge?.llm?.events.on('judge-circuit-open', ({ judge, failures, counted, reason }) => {
        progress.end();
        const after =
          counted === 'unanswered-requests' ? `${failures} requests in a row got no answer` : `${failures} episodes in a row failed`;
        io.stderr.write(`boden score: stopped calling ${judge} after ${after} (last: ${reason}); the rest fall back to the rubric judge\n`);
      });
      commandJudge?.llm?.events.on('judge-deadline-passed', ({ judge, deadlineMs }) => {
        progress.end();
        io.stderr.write(
          `boden score: stopped calling ${judge}: the --llm-deadline of ${deadlineMs} ms passed; the rest fall back to the rubric judge\n`,
        );
      });
      // While a call waits on a slow server, the progress line says so (on a terminal).
      commandJudge?.llm?.events.on('judge-retry', ({ episodeId, request, message }) =>
        progress.update(`judging ${episodeId}: request ${request} failed (${message}), retrying`),
      );
      let fellBack = 0;
      const { runs, failures } = await loadRuns(paths, {
        progress,
        ...(options.format ? { format: options.format } : {}),
        ...(options.metric ? { metricName: options.metric } : {}),
      });
      for (const [position, run] of runs.entries()) {
        progress.update(`scoring ${position + 1}/${runs.length}: ${run.id}`);
        const report = await scoreRun(run, taskCard ? { taskCard } : {});
        const qd = qualityDiversityOf(report, descriptors);
        const judged =
          commandJudge === undefined
            ? undefined
            : await withHeartbeat(progress, `judging ${position + 1}/${runs.length}: ${run.id}`, commandJudge, () =>
                judgeReport(report, commandJudge),
              );
        fellBack += judged?.fallbacks.length ?? 0;
        const h = corpusScoring === undefined ? undefined : await scoreHCreativity(report, corpusScoring);
        progress.end();
        io.stdout.write(options.json ? `${jsonLines(report, judged, h, qd).join('\n')}\n` : `${table(report, judged, h, qd)}\n\n`);
      }
      for (const failure of failures) io.stderr.write(`boden score: ${failure.message}\n`);
      if (runs.length === 0 && failures.length === 0) {
        // Nothing to score is a finding, not a success: a wrong folder should not look like an empty result.
        io.stderr.write(`${noTrajectoriesFound('score', paths)}\n`);
        setExitCode(ExitCode.findings);
        return;
      }
      if (!options.json) {
        const bad = failures.length === 0 ? '' : `, ${failures.length} could not be read`;
        io.stderr.write(`scored ${runs.length} run(s)${bad}\n`);
      }
      // A verdict that fell back is a degraded result: exit 1 (findings), unless an input could not be read at all.
      setExitCode(failures.length > 0 ? ExitCode.usageOrInputError : fellBack > 0 ? ExitCode.findings : ExitCode.ok);
    });
}

/** The corpus of `--corpus` and its H-creativity scorer. */
interface CorpusScoring {
  readonly corpus: Corpus;
  readonly scorer: HCreativityScorer;
}

/** A run's H-creativity against the `--corpus` corpus, by episode id. */
interface HCreativityRun {
  readonly corpus: Corpus;
  readonly scores: ReadonlyMap<string, HCreativityScore>;
}

async function scoreHCreativity(report: RunReport, { corpus, scorer }: CorpusScoring): Promise<HCreativityRun> {
  const { scoreRunHCreativity } = await import('../corpus/h-creativity-scorer.js');
  const scores = await scoreRunHCreativity(report.run, scorer);
  return { corpus, scores: new Map(report.run.episodes.map((episode, position) => [episode.id, scores[position]!])) };
}

/** The verdicts of a run and what the judge reports about it. */
interface JudgedRun {
  readonly verdicts: ReadonlyMap<string, JudgeVerdict>;
  /** The episodes whose verdict fell back, with why. */
  readonly fallbacks: readonly { readonly episode: string; readonly reason: string }[];
  readonly summary: Record<string, unknown>;
}

/**
 * Runs `work` while the progress line (on a terminal) says how long the LLM judge has been waited for, once a
 * second, so a slow server does not look like a hang.
 */
async function withHeartbeat<Result>(
  progress: Progress,
  label: string,
  commandJudge: CommandJudge,
  work: () => Promise<Result>,
): Promise<Result> {
  progress.update(label);
  if (!progress.live || commandJudge.llm === undefined) return await work();
  const started = Date.now();
  const llm = commandJudge.llm.id;
  const heartbeat = setInterval(
    () => progress.update(`${label}: waiting for ${llm} (${Math.round((Date.now() - started) / 1000)} s)`),
    1000,
  );
  heartbeat.unref();
  try {
    return await work();
  } finally {
    clearInterval(heartbeat);
  }
}

async function judgeReport(report: RunReport, commandJudge: CommandJudge): Promise<JudgedRun> {
  const novelty = new Map(report.episodes.map((row) => [row.episode.id, row.novelty]));
  const verdicts = await judgeRun(report.run, commandJudge.judge, { novelty });
  const runId = report.run.id;
  const fallbacks = [...verdicts.entries()].flatMap(([episode, verdict]) =>
    verdict.fallback === undefined ? [] : [{ episode, reason: verdict.fallback.reason }],
  );
  return {
    verdicts,
    fallbacks,
    summary: {
      id: commandJudge.judge.id,
      verdicts: verdicts.size,
      fallbacks: fallbacks.length,
      // In --json, per episode: which verdicts are the cheap judge's, and why the LLM's did not stand.
      fallbackReasons: Object.fromEntries(fallbacks.map(({ episode, reason }) => [episode, reason])),
      ...(commandJudge.escalating ? { escalations: commandJudge.escalating.escalations(runId) } : {}),
      ...(commandJudge.llm ? { usage: commandJudge.llm.usage(runId) } : {}),
    },
  };
}

/** A run's quality-diversity: every episode put in its concept-descriptor cell, as if all had entered one archive. */
interface QualityDiversityRun extends RunQualityDiversity {
  readonly axes: readonly string[];
}

function qualityDiversityOf(report: RunReport, descriptors: Descriptors): QualityDiversityRun {
  const keys = report.episodes.map((row) => descriptors.describe(row.episode).key);
  return {
    axes: descriptors.axes,
    ...runQualityDiversity(
      keys,
      report.episodes.map((row) => row.impact),
    ),
  };
}

function jsonLines(report: RunReport, judged: JudgedRun | undefined, h: HCreativityRun | undefined, qd: QualityDiversityRun): string[] {
  const episodes = new Map<string, Record<string, number | null>>(
    report.episodes.map((row, index) => {
      const verdict = judged?.verdicts.get(row.episode.id);
      const judgeScores: Record<string, number> = verdict ? { judge: verdict.score, 'judge-confidence': verdict.confidence } : {};
      const hScore = h?.scores.get(row.episode.id);
      const hScores: Record<string, number> = hScore ? { 'h-creativity': hScore.score, 'h-distance': hScore.distance } : {};
      return [
        row.episode.id,
        {
          impact: row.impact,
          feasibility: row.feasibility,
          ...row.novelty,
          ...judgeScores,
          ...hScores,
          'cells-filled': qd.discovery[index]!,
        },
      ];
    }),
  );
  return [
    ...runToJsonLines(report.run, {
      usefulness: { feasibility: report.feasibility, impactReference: report.impactReference },
      ...(judged ? { judge: judged.summary } : {}),
      qualityDiversity: { axes: qd.axes, coverage: qd.coverage, qdScore: qd.qdScore },
      episodes,
    }),
  ];
}

function table(report: RunReport, judged: JudgedRun | undefined, h: HCreativityRun | undefined, qd: QualityDiversityRun): string {
  const { run, feasibility, impactReference: reference } = report;
  const direction = run.metric.maximize ? 'maximise' : 'minimise';
  const header = [
    `run ${run.id}  (${run.source.format}: ${run.source.path})`,
    `metric ${run.metric.name ?? '(unnamed)'}, ${direction}; ${feasibility.episodes} episode(s), ` +
      `${feasibility.infeasibleAttempts} infeasible attempt(s), feasibility ${formatNumber(feasibility.rate)}`,
  ];
  if (reference !== null) {
    header.push(
      reference.source === 'task-card'
        ? `impact against the task card: baseline ${reference.baseline}, top-1 ${reference.top1}`
        : `impact run-relative (no task card): baseline = episode 0 (${reference.baseline}), top-1 = best episode (${reference.top1})`,
    );
  }
  for (const [index, line] of header.entries()) header[index] = escapeCell(line);
  if (report.episodes.length === 0) return [...header, '(no episodes)'].join('\n');
  const columns = [
    { header: '#', alignRight: true },
    { header: 'node' },
    { header: 'step', alignRight: true },
    { header: 'score', alignRight: true },
    { header: 'impact', alignRight: true },
    { header: 'failed', alignRight: true },
    ...report.metricIds.map((id) => ({ header: id, alignRight: true })),
    ...(h ? [{ header: 'H', alignRight: true }] : []),
    ...(judged ? [{ header: 'judge' }] : []),
  ];
  const rows = report.episodes.map((row) => [
    String(row.episode.index),
    row.episode.id,
    String(row.episode.steps.last),
    formatScore(row.episode.score),
    formatNumber(row.impact),
    String(row.episode.failedAttempts),
    ...report.metricIds.map((id) => formatNumber(row.novelty[id])),
    ...(h ? [String(h.scores.get(row.episode.id)?.score ?? '-')] : []),
    ...(judged ? [formatVerdict(judged.verdicts.get(row.episode.id))] : []),
  ]);
  const footer = [qualityDiversityFooter(qd), ...(h ? [hFooter(h)] : []), ...(judged ? [judgeFooter(judged.summary)] : [])];
  return [...header, formatTextTable(columns, rows), ...footer].join('\n');
}

function qualityDiversityFooter({ axes, coverage, qdScore, discovery }: QualityDiversityRun): string {
  const quarters = [0.25, 0.5, 0.75, 1].map((fraction) => discovery[Math.max(0, Math.ceil(fraction * discovery.length) - 1)]!);
  const quality = qdScore === null ? 'QD-score - (no impact)' : `QD-score ${formatNumber(qdScore)}`;
  return `quality-diversity over ${axes.join(' x ')}: ${coverage} cell(s) visited, ${quality}; cells filled by each quarter of the run ${quarters.join('/')}`;
}

function hFooter({ corpus, scores }: HCreativityRun): string {
  const values = [...scores.values()];
  const mean = (pick: (score: HCreativityScore) => number) =>
    values.length === 0 ? null : values.reduce((sum, score) => sum + pick(score), 0) / values.length;
  return (
    `H: H-creativity 0-4 against corpus ${corpus.directory} (task ${corpus.task}, ${corpus.size} solution(s)); ` +
    `mean H ${formatNumber(mean((score) => score.score))}, mean distance ${formatNumber(mean((score) => score.distance))}`
  );
}

function formatVerdict(verdict: JudgeVerdict | undefined): string {
  if (verdict === undefined) return '-';
  const source = verdict.fallback ? ` (fallback: ${verdict.fallback.from} failed)` : '';
  return `${verdict.score} ${verdict.label}, ${verdict.confidence.toFixed(2)}${source}`;
}

function judgeFooter(summary: Record<string, unknown>): string {
  const parts = [`judge ${String(summary.id)}`];
  const escalations = summary.escalations as { judged: number; escalated: number; overBudget: number } | undefined;
  if (escalations)
    parts.push(`${escalations.escalated} of ${escalations.judged} episodes escalated (${escalations.overBudget} over budget)`);
  const usage = summary.usage as { requests: number; inputTokens: number; outputTokens: number; cost: number | null } | undefined;
  if (usage)
    parts.push(
      `${usage.requests} LLM requests, ${usage.inputTokens} input + ${usage.outputTokens} output tokens${usage.cost === null ? '' : `, cost ${usage.cost.toFixed(4)}`}`,
    );
  const reasons = Object.values((summary.fallbackReasons ?? {}) as Record<string, string>);
  if (reasons.length > 0) {
    const counts = new Map<string, number>();
    for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
    const why = [...counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([reason, count]) => `${reason} ×${count}`)
      .join('; ');
    return `${parts.join('; ')}\n${reasons.length} of ${String(summary.verdicts)} verdicts fell back to the cheap judge: ${why}`;
  }
  return parts.join('; ');
}

function formatScore(score: number): string {
  return Math.abs(score) >= 1e5 || (score !== 0 && Math.abs(score) < 1e-3) ? score.toExponential(3) : String(Number(score.toPrecision(6)));
}
