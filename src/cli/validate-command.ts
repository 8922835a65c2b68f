import { Command, Option } from 'commander';
import { commandDescriptions } from './command-descriptions.js';
import { confidenceCalibration, type ConfidenceCalibration } from '../judges/confidence-calibration.js';
import { krippendorffAlpha } from '../statistics/krippendorff-alpha.js';
import { researchIdeas } from '../validation/research-ideas.js';
import { withoutAgentHeaders } from '../validation/without-agent-headers.js';
import { crossValidatePlanWeight } from '../validation/plan-weight-selection.js';
import type { ReferenceLabel } from '../validation/reference-label.js';
import { validateAgainstLabels, type ValidationResult } from '../validation/validate-against-labels.js';
import { judgeValidationScorer, metricValidationScorers } from '../validation/validation-scorer.js';
import { addLlmJudgeOptions, createJudgeFromOptions, type CommandJudge, type JudgeCommandOptions } from './create-judge-from-options.js';
import { createNoveltyPass } from '../validation/novelty-pass.js';
import { defaultNoveltyMetrics } from '../metrics/default-novelty-metrics.js';
import { collectRubricExamples } from '../validation/rubric-examples.js';
import { crossValidateRubricJudge } from '../validation/cross-validate-rubric-judge.js';
import { decideRubricScore } from '../judges/rubric-decision.js';
import { fittedRubricJudgeParameters } from '../judges/rubric-judge-parameters.js';
import { RubricJudge } from '../judges/rubric-judge.js';
import { crossValidatedRubricJudgeScorer, rubricJudgeValidationScorer } from '../validation/rubric-judge-validation-scorers.js';
import { addBootstrapOptions } from './bootstrap-options.js';
import { processIo, type CliIo } from './cli-io.js';
import { ExitCode } from './exit-code.js';
import { loadLabelledRuns } from './load-labelled-runs.js';
import { describeFailure } from './describe-failure.js';
import { createProgress } from './progress.js';
import { formatNumber, formatTextTable } from './text-table.js';

interface ValidateCommandOptions extends JudgeCommandOptions {
  labels: string;
  dataRoot?: string;
  annotators?: boolean;
  seed: number;
  resamples: number;
  json?: boolean;
  quiet?: boolean;
}

/** `boden validate --labels <file>`: Spearman ρ with a bootstrap CI of every metric and judge against labels. */
export function validateCommand(setExitCode: (code: ExitCode) => void, io: CliIo = processIo): Command {
  return addLlmJudgeOptions(
    addBootstrapOptions(new Command('validate'))
      .description(commandDescriptions.validate)
      .requiredOption('--labels <file>', 'labels JSON lines: run, file, episode, node_id, label, annotators')
      .option('--data-root <dir>', 'folder the labels\' "file" paths are relative to (default: the parent of the labels\' folder)')
      .option('--annotators', "also report Krippendorff's ordinal alpha of the labels' annotators")
      .addOption(
        new Option('--judge <judge>', 'also validate an LLM judge (the rubric judge is always validated)')
          .choices(['none', 'llm', 'escalating'])
          .default('none'),
      ),
  )
    .option('--json', 'print one JSON object instead of tables')
    .option('--quiet', 'no progress on stderr')
    .action(async (options: ValidateCommandOptions) => {
      const { seed, resamples } = options;
      let commandJudge: CommandJudge | undefined;
      try {
        commandJudge = await createJudgeFromOptions(options);
      } catch (error) {
        io.stderr.write(`boden validate: ${describeFailure(error)}\n`);
        setExitCode(ExitCode.usageOrInputError);
        return;
      }
      const progress = createProgress({ quiet: options.quiet === true, stream: io.stderr });
      let loaded: Awaited<ReturnType<typeof loadLabelledRuns>>;
      try {
        loaded = await loadLabelledRuns({ labelsFile: options.labels, dataRoot: options.dataRoot, progress });
      } catch (error) {
        progress.end();
        io.stderr.write(`boden validate: ${describeFailure(error)}\n`);
        setExitCode(ExitCode.usageOrInputError);
        return;
      }
      const { labels, runsByFile } = loaded;
      progress.update('scoring and bootstrapping');
      const novelty = createNoveltyPass();
      const scorers = metricValidationScorers(defaultNoveltyMetrics(), novelty);
      // The rubric judge three times: with its checked-in parameters (in-sample on the labels they were fitted on),
      // leave-one-run-out (each run scored by parameters fitted without it), and leave-one-idea-out (without any run of
      // its research idea: the stages of one idea share most of their text, so only this one is honest).
      const { examples } = await collectRubricExamples({ labels, runsByFile, novelty });
      const runs = [...runsByFile.values()].flatMap((runsOfFile) => (Array.isArray(runsOfFile) ? runsOfFile : []));
      const ideas = researchIdeas(
        runs,
        new Map(labels.flatMap((label) => (label.group === undefined ? [] : [[label.run, label.group] as const]))),
      );
      const byIdea = crossValidateRubricJudge(
        examples.map((example) => ({ ...example, group: ideas.get(example.group) ?? example.group })),
      );
      // And once more on the same runs without the agents' own step headers (AI-Scientist-v2's ablation and sweep
      // names): a rule that works only through one agent's header shows as the gap between the two idea rows.
      const { examples: headerless } = await collectRubricExamples({ labels, runsByFile: withoutAgentHeaders(runsByFile), novelty });
      const byIdeaHeaderless = crossValidateRubricJudge(
        headerless.map((example) => ({ ...example, group: ideas.get(example.group) ?? example.group })),
      );
      const byRun = crossValidateRubricJudge(examples);
      const headerlessId = `${headlineId.slice(0, -1)}, no agent headers)`;
      scorers.push(
        rubricJudgeValidationScorer(new RubricJudge(), novelty),
        crossValidatedRubricJudgeScorer(byRun),
        crossValidatedRubricJudgeScorer(byIdea, headlineId),
        crossValidatedRubricJudgeScorer(byIdeaHeaderless, headerlessId),
      );
      // Every rubric row's verdicts carry confidences: each row's calibration error, in-sample ones included.
      const inSample = examples.map((example) => ({
        label: example.label,
        ...decideRubricScore(example.evidence, fittedRubricJudgeParameters),
      }));
      const calibrationErrors = new Map([
        ['rubric-v1', confidenceCalibration(inSample).expectedCalibrationError],
        ['rubric-v1 (leave-one-run-out)', confidenceCalibration(byRun.heldOut).expectedCalibrationError],
        [headlineId, confidenceCalibration(byIdea.heldOut).expectedCalibrationError],
        [headerlessId, confidenceCalibration(byIdeaHeaderless.heldOut).expectedCalibrationError],
      ]);
      // The embedder's plan weight, too, chosen on the other ideas' labels: the nearest-neighbour row's honest twin.
      const planWeight = await crossValidatePlanWeight({ labels, runsByFile, ideas });
      scorers.splice(1, 0, planWeight.scorer);
      if (commandJudge !== undefined) scorers.push(judgeValidationScorer(commandJudge.judge, novelty));
      const result = await validateAgainstLabels({ labels, runsByFile, scorers, seed, resamples });
      const calibration = confidenceCalibration(byIdea.heldOut, reliabilityEdges);
      // Where the judge is weak: every scorer on the labels of each trajectory format alone.
      const formatOf = new Map(runs.map((run) => [run.id, run.source.format]));
      const formats = [...new Set(labels.map((label) => formatOf.get(label.run)).filter((format) => format !== undefined))].sort();
      const bySource = [];
      for (const format of formats) {
        const subset = await validateAgainstLabels({
          labels: labels.filter((label) => formatOf.get(label.run) === format),
          runsByFile,
          scorers,
          seed,
          resamples,
        });
        bySource.push({ format, rows: subset.rows });
      }
      const ideaList = [...new Set(ideas.values())].filter((idea) => labels.some((label) => ideas.get(label.run) === idea)).sort();
      const honest: Honest = {
        ideas: ideaList,
        expectedCalibrationError: calibration.expectedCalibrationError,
        reliability: calibration.bands,
        bySource,
        calibrationErrors,
      };
      progress.end();
      const alpha = options.annotators ? annotatorAgreement(labels) : undefined;
      if (options.json) {
        io.stdout.write(`${JSON.stringify(toJson(result, alpha, honest))}\n`);
      } else {
        io.stdout.write(`${report(result, labels.length, honest)}\n`);
        if (alpha !== undefined) {
          io.stdout.write(
            `\nannotators: Krippendorff's ordinal alpha ${formatNumber(alpha.ordinal)} ` +
              `(nominal ${formatNumber(alpha.nominal)}, interval ${formatNumber(alpha.interval)}) over ${alpha.units} labelled episodes\n`,
          );
        }
      }
      setExitCode(result.unmatched.length > 0 ? ExitCode.findings : ExitCode.ok);
    });
}

function annotatorAgreement(labels: readonly ReferenceLabel[]) {
  const matrix = labels.filter((label) => label.annotators !== undefined).map((label) => label.annotators!);
  return {
    units: matrix.length,
    ordinal: krippendorffAlpha(matrix, { level: 'ordinal' }),
    nominal: krippendorffAlpha(matrix, { level: 'nominal' }),
    interval: krippendorffAlpha(matrix, { level: 'interval' }),
  };
}

// Confidence bands of the reliability table (0.95 is the escalating judge's default threshold).
const reliabilityEdges = [0.5, 0.75, 0.85, 0.9, 0.95];

/** The id of the headline row: the rubric judge scored by parameters fitted without the episode's research idea. */
const headlineId = 'rubric-v1 (leave-one-idea-out)';

/** What the honest numbers need besides the rows: the ideas held out, the held-out calibration, the per-source rows. */
interface Honest {
  readonly ideas: readonly string[];
  readonly expectedCalibrationError: number;
  /** The held-out verdicts' error rate by confidence band: where an escalating judge should ask the LLM. */
  readonly reliability: ConfidenceCalibration['bands'];
  readonly bySource: readonly { readonly format: string; readonly rows: ValidationResult['rows'] }[];
  /** Expected calibration error by row id, for the rows whose verdicts carry confidences (the rubric judge's). */
  readonly calibrationErrors: ReadonlyMap<string, number>;
}

function toJson(result: ValidationResult, alpha: ReturnType<typeof annotatorAgreement> | undefined, honest: Honest) {
  return {
    headline: {
      ...result.rows.find((row) => row.id === headlineId),
      expectedCalibrationError: honest.expectedCalibrationError,
      reliability: honest.reliability,
      ideas: honest.ideas,
    },
    rows: result.rows.map((row) =>
      honest.calibrationErrors.has(row.id) ? { ...row, expectedCalibrationError: honest.calibrationErrors.get(row.id) } : row,
    ),
    bySource: honest.bySource,
    matched: result.matched,
    unmatched: result.unmatched.map(({ label, reason }) => ({ run: label.run, node_id: label.node_id, episode: label.episode, reason })),
    confidence: result.confidence,
    resamples: result.resamples,
    seed: result.seed,
    ...(alpha ? { annotators: alpha } : {}),
  };
}

function report(result: ValidationResult, labelCount: number, honest: Honest): string {
  const interval = `${Math.round(result.confidence * 100)}% CI`;
  const headline = result.rows.find((row) => row.id === headlineId)!;
  const inSample = result.rows.find((row) => row.id === 'rubric-v1');
  const bySource = formatTextTable(
    [{ header: 'scorer' }, ...honest.bySource.map((source) => ({ header: `${source.format} rho (n)`, alignRight: true }))],
    result.rows.map((row) => [
      row.id,
      ...honest.bySource.map((source) => {
        const found = source.rows.find((candidate) => candidate.id === row.id);
        return found === undefined ? '-' : `${formatNumber(found.rho)} (${found.n})`;
      }),
    ]),
  );
  const table = formatTextTable(
    [
      { header: 'scorer' },
      { header: 'kind' },
      { header: 'rho', alignRight: true },
      { header: `${interval} low`, alignRight: true },
      { header: `${interval} high`, alignRight: true },
      { header: 'n', alignRight: true },
      { header: 'ECE', alignRight: true },
    ],
    result.rows.map((row) => {
      const calibrationError = honest.calibrationErrors.get(row.id) ?? row.expectedCalibrationError;
      return [
        row.id,
        row.kind,
        formatNumber(row.rho),
        formatNumber(row.low),
        formatNumber(row.high),
        String(row.n),
        calibrationError === undefined ? '-' : formatNumber(calibrationError),
      ];
    }),
  );
  const lines = [
    `headline: ${headlineId} rho ${formatNumber(headline.rho)} [${formatNumber(headline.low)}, ${formatNumber(headline.high)}] over ${headline.n} episodes of ` +
      `${honest.ideas.length} research ideas, each scored by parameters fitted without it; expected calibration error ${formatNumber(honest.expectedCalibrationError)}` +
      (inSample === undefined ? '' : ` (in-sample rho ${formatNumber(inSample.rho)})`),
    '',
    table,
    // Why some rows have no ECE, and why a metric's rho is already a held-out number.
    "ECE: the expected calibration error of a judge's confidence (ten equal-width bins); a metric gives a novelty and no confidence, so it has none. " +
      'Metrics fit nothing on the labels, so their rho is the same held out; the nearest-neighbour row "by leave-one-idea-out" takes its plan weight from the other ideas.',
    '',
    `reliability of ${headlineId} by confidence (held out): ` +
      honest.reliability
        .map((band) => `[${band.low}, ${band.high}${band.high === 1 ? ']' : ')'} ${band.wrong}/${band.count} wrong`)
        .join('; '),
    '',
    'by source (the labels of each trajectory format alone):',
    bySource,
    '',
    `research ideas (runs sharing an episode's code, or a label "group"): ${honest.ideas.join('; ')}`,
    `${result.matched} of ${labelCount} labels matched an episode; bootstrap: ${result.resamples} resamples, seed ${result.seed}`,
  ];
  if (result.unmatched.length > 0) {
    lines.push(`${result.unmatched.length} label(s) matched no episode:`);
    for (const { label, reason } of result.unmatched) lines.push(`  ${label.run} episode ${label.episode} (${label.node_id}): ${reason}`);
  }
  return lines.join('\n');
}
