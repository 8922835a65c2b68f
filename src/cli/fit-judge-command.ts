import { resolve } from 'node:path';
import { Command } from 'commander';
import { commandDescriptions } from './command-descriptions.js';
import { writeFileAtomic } from '../files/write-file-atomic.js';
import { confidenceCalibration, type ConfidenceCalibration } from '../judges/confidence-calibration.js';
import { crossValidateRubricJudge } from '../validation/cross-validate-rubric-judge.js';
import { fitRubricJudge } from '../validation/fit-rubric-judge.js';
import { decideRubricScore } from '../judges/rubric-decision.js';
import { collectRubricExamples } from '../validation/rubric-examples.js';
import { rubricDecisionRules, type RubricJudgeParameters } from '../judges/rubric-judge-parameters.js';
import { spearmanWithConfidence, type SpearmanWithConfidence } from '../statistics/bootstrap.js';
import { addBootstrapOptions } from './bootstrap-options.js';
import { processIo, type CliIo } from './cli-io.js';
import { ExitCode } from './exit-code.js';
import { loadLabelledRuns } from './load-labelled-runs.js';
import { describeFailure } from './describe-failure.js';
import { createProgress } from './progress.js';
import { formatNumber, formatTextTable } from './text-table.js';

interface FitJudgeCommandOptions {
  labels: string;
  dataRoot?: string;
  out?: string;
  seed: number;
  resamples: number;
  json?: boolean;
  quiet?: boolean;
}

/** What `boden fit-judge` found: the fitted parameters and how well they generalise. */
interface FitReport {
  readonly parameters: RubricJudgeParameters;
  readonly labels: number;
  readonly runs: number;
  readonly unmatched: readonly { run: string; node_id: string; reason: string }[];
  readonly inSample: SpearmanWithConfidence;
  readonly crossValidated: SpearmanWithConfidence;
  readonly calibration: ConfidenceCalibration;
  readonly rules: readonly { rule: string; total: number; correct: number }[];
}

/**
 * `boden fit-judge --labels <file> [--data-root <dir>] [--out <json>]`: fits the `RubricJudge`'s parameters on
 * reference labels (novelty from the default core, evidence, coordinate search), reports the in-sample and the
 * leave-one-run-out cross-validated Spearman ρ with bootstrap 95% CIs and the held-out confidence calibration,
 * and writes the parameters atomically to `--out`.
 */
export function fitJudgeCommand(setExitCode: (code: ExitCode) => void, io: CliIo = processIo): Command {
  return addBootstrapOptions(new Command('fit-judge'))
    .description(commandDescriptions['fit-judge'])
    .requiredOption('--labels <file>', 'labels JSON lines: run, file, episode, node_id, label')
    .option('--data-root <dir>', 'folder the labels\' "file" paths are relative to (default: the parent of the labels\' folder)')
    .option('--out <json>', 'write the fitted parameters here (atomically), e.g. src/judges/rubric-judge-parameters.json')
    .option('--json', 'print one JSON object instead of tables')
    .option('--quiet', 'no progress on stderr')
    .action(async (options: FitJudgeCommandOptions) => {
      const { seed, resamples } = options;
      const progress = createProgress({ quiet: options.quiet === true, stream: io.stderr });
      let loaded: Awaited<ReturnType<typeof loadLabelledRuns>>;
      try {
        loaded = await loadLabelledRuns({ labelsFile: options.labels, dataRoot: options.dataRoot, progress });
      } catch (error) {
        progress.end();
        io.stderr.write(`boden fit-judge: ${describeFailure(error)}\n`);
        setExitCode(ExitCode.usageOrInputError);
        return;
      }
      const { labels, runsByFile } = loaded;
      progress.update('scoring novelty and collecting evidence');
      const { examples, unmatched } = await collectRubricExamples({ labels, runsByFile });
      if (examples.length < 2) {
        progress.end();
        io.stderr.write(`boden fit-judge: only ${examples.length} label(s) matched an episode; nothing to fit\n`);
        setExitCode(ExitCode.usageOrInputError);
        return;
      }
      progress.update('fitting and cross-validating');
      const fit = fitRubricJudge(examples);
      const cv = crossValidateRubricJudge(examples);
      progress.end();
      const bootstrap = { seed, resamples };
      const inSample = spearmanWithConfidence(
        examples.map((example) => decideRubricScore(example.evidence, fit.parameters).score),
        examples.map((example) => example.label),
        bootstrap,
      );
      const crossValidated = spearmanWithConfidence(
        cv.heldOut.map((scored) => scored.score),
        cv.heldOut.map((scored) => scored.label),
        bootstrap,
      );
      const parameters: RubricJudgeParameters = {
        ...fit.parameters,
        provenance: { ...fit.parameters.provenance!, crossValidatedRho: Number.isFinite(crossValidated.rho) ? crossValidated.rho : null },
      };
      const report: FitReport = {
        parameters,
        labels: examples.length,
        runs: new Set(examples.map((example) => example.group)).size,
        unmatched: unmatched.map(({ label, reason }) => ({ run: label.run, node_id: label.node_id, reason })),
        inSample,
        crossValidated,
        calibration: confidenceCalibration(cv.heldOut, [0.7, 0.85, 0.95]),
        rules: rubricDecisionRules
          .map((rule) => ({ rule, ...(parameters.reliability[rule] ?? { correct: 0, total: 0 }) }))
          .filter((row) => row.total > 0),
      };
      if (options.out !== undefined) {
        try {
          await writeFileAtomic(resolve(options.out), `${JSON.stringify(parameters, null, 2)}\n`);
        } catch (error) {
          // A FileWriteError names the path and says why; saying "cannot write" around it again only doubled it.
          io.stderr.write(`boden fit-judge: ${describeFailure(error)}\n`);
          setExitCode(ExitCode.usageOrInputError);
          return;
        }
      }
      io.stdout.write(options.json ? `${JSON.stringify(report)}\n` : `${formatReport(report, options.out)}\n`);
      setExitCode(unmatched.length > 0 ? ExitCode.findings : ExitCode.ok);
    });
}

function formatReport(report: FitReport, out: string | undefined): string {
  const { parameters } = report;
  const rho = (name: string, value: SpearmanWithConfidence): string[] => [
    name,
    formatNumber(value.rho),
    formatNumber(value.low),
    formatNumber(value.high),
    String(value.n),
  ];
  const lines = [
    `fitted on ${report.labels} labels of ${report.runs} runs`,
    `parameters: transformationalKinds ${parameters.transformationalKinds}, transformationalDistance ${formatNumber(parameters.transformationalDistance)}, ` +
      `routineDistance ${formatNumber(parameters.routineDistance)}, recombinationShare ${formatNumber(parameters.recombinationShare)}`,
    '',
    formatTextTable(
      [
        { header: 'Spearman ρ' },
        { header: 'rho', alignRight: true },
        { header: '95% CI low', alignRight: true },
        { header: '95% CI high', alignRight: true },
        { header: 'n', alignRight: true },
      ],
      [rho('in-sample', report.inSample), rho('leave-one-run-out CV', report.crossValidated)],
    ),
    '',
    'held-out confidence vs errors (leave-one-run-out):',
    formatTextTable(
      [
        { header: 'confidence' },
        { header: 'verdicts', alignRight: true },
        { header: 'wrong', alignRight: true },
        { header: 'error rate', alignRight: true },
      ],
      report.calibration.bands.map((band) => [
        `${band.low.toFixed(2)}-${band.high.toFixed(2)}`,
        String(band.count),
        String(band.wrong),
        formatNumber(band.errorRate, 2),
      ]),
    ),
    `mean confidence right ${formatNumber(report.calibration.meanConfidenceRight, 2)}, wrong ${formatNumber(report.calibration.meanConfidenceWrong, 2)}; ` +
      `P(right verdict more confident than a wrong one) ${formatNumber(report.calibration.separation, 2)}`,
    '',
    formatTextTable(
      [{ header: 'rule' }, { header: 'verdicts', alignRight: true }, { header: 'matching the label', alignRight: true }],
      report.rules.map((row) => [row.rule, String(row.total), String(row.correct)]),
    ),
  ];
  if (out !== undefined) lines.push('', `wrote ${out}`);
  if (report.unmatched.length > 0) {
    lines.push('', `${report.unmatched.length} label(s) matched no episode:`);
    for (const label of report.unmatched) lines.push(`  ${label.run} ${label.node_id}: ${label.reason}`);
  }
  return lines.join('\n');
}
