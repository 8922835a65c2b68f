import { Command, Option } from 'commander';
import { commandDescriptions } from './command-descriptions.js';
import { trajectoryFormats, type TrajectoryFormat } from '../episode/trajectory-format.js';
import { ReportWriteError } from '../errors/report-write-error.js';
import { parentDirectoryProblem } from '../files/directory-problem.js';
import { rubricLabels } from '../judges/judge-verdict.js';
import { RubricJudge } from '../judges/rubric-judge.js';
import { countReportCharts } from '../report/report-document.js';
import { scoreRunForReport, type ReportRun } from '../report/report-run.js';
import { buildTrajectoryReport } from '../report/trajectory-report.js';
import type { TrajectoryStatistics } from '../report/trajectory-statistics.js';
import { writeReportFile } from '../report/write-report.js';
import { readTaskCard, type TaskCard } from '../usefulness/task-card.js';
import { wholeNumberOption } from './bootstrap-options.js';
import { processIo, type CliIo } from './cli-io.js';
import { ExitCode } from './exit-code.js';
import { describeFailure } from './describe-failure.js';
import { loadRuns, noTrajectoriesFound } from './load-runs.js';
import { createProgress } from './progress.js';
import { formatNumber, formatTextTable } from './text-table.js';

interface ReportCommandOptions {
  out: string;
  format?: TrajectoryFormat;
  metric?: string;
  taskCard?: string;
  title?: string;
  seed: number;
  json?: boolean;
  quiet?: boolean;
}

/**
 * `boden report <paths...> --out report.html`: judges every episode with the cheap rubric judge and writes the
 * paper's RQ2 view of the runs (P-creativity and impact over the run, ΔImpact against ΔP-creativity, rubric
 * levels per quarter, a runs table) as one self-contained HTML file; prints a summary on stdout.
 */
export function reportCommand(setExitCode: (code: ExitCode) => void, io: CliIo = processIo): Command {
  return new Command('report')
    .description(commandDescriptions.report)
    .argument('<paths...>', 'trajectory files or directories (directories are searched for .json/.jsonl files and OpenEvolve checkpoints)')
    .requiredOption('--out <file>', 'write the HTML report to this file (atomically)')
    .addOption(new Option('--format <format>', 'read every input as this format instead of detecting it').choices(trajectoryFormats))
    .option('--metric <name>', "AI-Scientist-v2: score by this metric_name instead of each node's first metric")
    .option('--task-card <file>', 'JSON task card {task, metric, maximize, baseline, top1} for impact (default: run-relative)')
    .option('--title <text>', "the report's title")
    .addOption(wholeNumberOption('--seed <n>', 'seed of the bootstrap intervals', { minimum: 0, defaultValue: 0 }))
    .option('--json', 'print the summary as one JSON object instead of tables')
    .option('--quiet', 'no progress on stderr')
    .action(async (paths: string[], options: ReportCommandOptions) => {
      let taskCard: TaskCard | undefined;
      try {
        if (options.taskCard !== undefined) taskCard = await readTaskCard(options.taskCard);
      } catch (error) {
        io.stderr.write(`boden report: ${describeFailure(error)}\n`);
        setExitCode(ExitCode.usageOrInputError);
        return;
      }
      const outProblem = await parentDirectoryProblem(options.out);
      if (outProblem !== undefined) {
        // Fail before judging every run, not after.
        const error = new ReportWriteError({ path: options.out, reason: outProblem });
        io.stderr.write(`boden report: ${error.message}\n`);
        setExitCode(ExitCode.usageOrInputError);
        return;
      }
      const progress = createProgress({ quiet: options.quiet === true, stream: io.stderr });
      const { runs, failures } = await loadRuns(paths, {
        progress,
        ...(options.format ? { format: options.format } : {}),
        ...(options.metric ? { metricName: options.metric } : {}),
      });
      for (const failure of failures) io.stderr.write(`boden report: ${failure.message}\n`);
      if (runs.length === 0) {
        if (failures.length === 0) io.stderr.write(`${noTrajectoriesFound('report', paths)}\n`);
        io.stderr.write('boden report: no run could be read; no report written\n');
        setExitCode(ExitCode.usageOrInputError);
        return;
      }
      const judge = new RubricJudge();
      const judged: ReportRun[] = [];
      for (const [position, run] of runs.entries()) {
        progress.update(`judging ${position + 1}/${runs.length}: ${run.id}`);
        judged.push(await scoreRunForReport(run, { judge, ...(taskCard ? { taskCard } : {}) }));
        judge.forgetRun(run.id);
      }
      progress.end();
      const { document, statistics } = buildTrajectoryReport(judged, {
        seed: options.seed,
        judgeId: judge.id,
        // The CLI is where the clock may be read; the library never does.
        generatedAt: new Date().toISOString(),
        ...(options.title ? { title: options.title } : {}),
      });
      const charts = countReportCharts(document);
      try {
        // Imported here: the chart renderer (Vega) loads only when a report is written.
        const { renderReportHtml } = await import('../report/report-html.js');
        await writeReportFile(options.out, await renderReportHtml(document));
      } catch (error) {
        io.stderr.write(`boden report: ${describeFailure(error)}\n`);
        setExitCode(ExitCode.usageOrInputError);
        return;
      }
      io.stdout.write(
        options.json
          ? `${JSON.stringify(jsonSummary(statistics, options.out, charts))}\n`
          : `${textSummary(statistics, options.out, charts)}\n`,
      );
      setExitCode(failures.length > 0 ? ExitCode.usageOrInputError : ExitCode.ok);
    });
}

function textSummary(statistics: TrajectoryStatistics, out: string, charts: number): string {
  const { correlation } = statistics;
  const quarterTable = formatTextTable(
    [
      { header: 'quarter' },
      { header: 'episodes', alignRight: true },
      { header: 'mean level', alignRight: true },
      ...rubricLabels.map((label) => ({ header: label, alignRight: true })),
    ],
    statistics.quarters.map((quarter) => [
      quarter.label,
      String(quarter.episodes),
      formatNumber(quarter.meanLevel),
      ...quarter.shares.map((share) => `${(share * 100).toFixed(1)}%`),
    ]),
  );
  return [
    `${statistics.runs.length} run(s), ${statistics.runsWithEpisodes} with episodes, ${statistics.episodes} episode(s); ` +
      `mean P-creativity ${formatNumber(statistics.meanLevel)} (rubric level 0-4)`,
    '',
    'rubric levels by quarter of the run (share of episodes):',
    quarterTable,
    '',
    `Spearman rho(ΔImpact, ΔP-creativity) = ${formatNumber(correlation.rho)}  ` +
      `95% CI [${formatNumber(correlation.low)}, ${formatNumber(correlation.high)}]  ` +
      `${correlation.pairs} consecutive pairs from ${correlation.runs} run(s)`,
    ...(statistics.archive === null
      ? []
      : [
          `quality diversity (${statistics.archive.axes.join(' × ')}): ${statistics.archive.cells} distinct cell(s) over all runs, ` +
            `${formatNumber(statistics.archive.meanCoverage)} per run on average (the report's heat map shows where episodes fell)`,
        ]),
    `report written to ${out} (${charts} charts)`,
  ].join('\n');
}

function jsonSummary(statistics: TrajectoryStatistics, out: string, charts: number): Record<string, unknown> {
  return {
    out,
    charts,
    runs: statistics.runs.length,
    runsWithEpisodes: statistics.runsWithEpisodes,
    episodes: statistics.episodes,
    meanLevel: statistics.meanLevel,
    quarters: statistics.quarters.map(({ label, episodes, meanLevel, counts, shares }) => ({ label, episodes, meanLevel, counts, shares })),
    spearman: statistics.correlation,
    archive:
      statistics.archive === null
        ? null
        : {
            axes: statistics.archive.axes,
            cells: statistics.archive.cells,
            meanCoverage: statistics.archive.meanCoverage,
            heat: statistics.archive.heat,
          },
    runTable: statistics.runs.map(({ id, format, episodes, meanLevel, bestImpact, coverage, qdScore }) => ({
      id,
      format,
      episodes,
      meanLevel,
      bestImpact,
      coverage,
      qdScore,
    })),
  };
}
