import { Command, Option } from 'commander';
import { runToJsonLines } from '../episode/episode-jsonl.js';
import { trajectoryFormats, type TrajectoryFormat } from '../episode/trajectory-format.js';
import { scoreRun, type RunReport } from '../scoring/score-run.js';
import { readTaskCard, type TaskCard } from '../usefulness/task-card.js';
import { ExitCode } from './exit-code.js';
import { describeFailure, loadRuns } from './load-runs.js';
import { createProgress } from './progress.js';
import { formatNumber, formatTextTable } from './text-table.js';

interface ScoreCommandOptions {
  format?: TrajectoryFormat;
  metric?: string;
  taskCard?: string;
  json?: boolean;
  quiet?: boolean;
}

/** `boden score <paths...>`: imports trajectories and prints each run's episodes with usefulness and novelty. */
export function scoreCommand(setExitCode: (code: ExitCode) => void): Command {
  return new Command('score')
    .description('import trajectories and print, per run, every episode with its score, impact, failed attempts and novelty metrics')
    .argument('<paths...>', 'trajectory files or directories (directories are searched for .json/.jsonl files and OpenEvolve checkpoints)')
    .addOption(new Option('--format <format>', 'read every input as this format instead of detecting it').choices(trajectoryFormats))
    .option('--metric <name>', 'AI-Scientist-v2: score by this metric_name instead of each node\'s first metric')
    .option('--task-card <file>', 'JSON task card {task, metric, maximize, baseline, top1} for impact (default: run-relative)')
    .option('--json', 'print JSON lines in boden\'s episode format (with scores) instead of tables')
    .option('--quiet', 'no progress on stderr')
    .action(async (paths: string[], options: ScoreCommandOptions) => {
      let taskCard: TaskCard | undefined;
      if (options.taskCard !== undefined) {
        try {
          taskCard = await readTaskCard(options.taskCard);
        } catch (error) {
          process.stderr.write(`boden score: ${describeFailure(error)}\n`);
          setExitCode(ExitCode.usageOrInputError);
          return;
        }
      }
      const progress = createProgress({ quiet: options.quiet === true });
      const { runs, failures } = await loadRuns(paths, {
        progress,
        ...(options.format ? { format: options.format } : {}),
        ...(options.metric ? { metricName: options.metric } : {}),
      });
      for (const [position, run] of runs.entries()) {
        progress.update(`scoring ${position + 1}/${runs.length}: ${run.id}`);
        const report = await scoreRun(run, taskCard ? { taskCard } : {});
        progress.end();
        process.stdout.write(options.json ? `${jsonLines(report).join('\n')}\n` : `${table(report)}\n\n`);
      }
      for (const failure of failures) process.stderr.write(`boden score: ${failure.message}\n`);
      if (!options.json) {
        const bad = failures.length === 0 ? '' : `, ${failures.length} could not be read`;
        process.stderr.write(`scored ${runs.length} run(s)${bad}\n`);
      }
      setExitCode(failures.length > 0 ? ExitCode.usageOrInputError : ExitCode.ok);
    });
}

function jsonLines(report: RunReport): string[] {
  const episodes = new Map(
    report.episodes.map((row) => [row.episode.id, { impact: row.impact, feasibility: row.feasibility, ...row.novelty }]),
  );
  return [
    ...runToJsonLines(report.run, {
      usefulness: { feasibility: report.feasibility, impactReference: report.impactReference },
      episodes,
    }),
  ];
}

function table(report: RunReport): string {
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
  if (report.episodes.length === 0) return [...header, '(no episodes)'].join('\n');
  const columns = [
    { header: '#', alignRight: true },
    { header: 'node' },
    { header: 'step', alignRight: true },
    { header: 'score', alignRight: true },
    { header: 'impact', alignRight: true },
    { header: 'failed', alignRight: true },
    ...report.metricIds.map((id) => ({ header: id, alignRight: true })),
  ];
  const rows = report.episodes.map((row) => [
    String(row.episode.index),
    row.episode.id,
    String(row.episode.steps.last),
    formatScore(row.episode.score),
    formatNumber(row.impact),
    String(row.episode.failedAttempts),
    ...report.metricIds.map((id) => formatNumber(row.novelty[id])),
  ]);
  return [...header, formatTextTable(columns, rows)].join('\n');
}

function formatScore(score: number): string {
  return Math.abs(score) >= 1e5 || (score !== 0 && Math.abs(score) < 1e-3) ? score.toExponential(3) : String(Number(score.toPrecision(6)));
}
