import { dirname, resolve } from 'node:path';
import { Command } from 'commander';
import { importTrajectory } from '../../adapters/trajectory/index.js';
import type { Run } from '../episode/run.js';
import { krippendorffAlpha } from '../statistics/krippendorff-alpha.js';
import { readReferenceLabels, type ReferenceLabel } from '../validation/reference-label.js';
import { validateAgainstLabels, type ValidationResult } from '../validation/validate-against-labels.js';
import { metricValidationScorers } from '../validation/validation-scorer.js';
import { ExitCode } from './exit-code.js';
import { describeFailure } from './load-runs.js';
import { createProgress } from './progress.js';
import { formatNumber, formatTextTable } from './text-table.js';

interface ValidateCommandOptions {
  labels: string;
  dataRoot?: string;
  annotators?: boolean;
  seed: string;
  resamples: string;
  json?: boolean;
  quiet?: boolean;
}

/** `boden validate --labels <file>`: Spearman ρ with a bootstrap CI of every metric and judge against labels. */
export function validateCommand(setExitCode: (code: ExitCode) => void): Command {
  return new Command('validate')
    .description('correlate every registered metric and judge with reference P-creativity labels (Spearman ρ, bootstrap 95% CI)')
    .requiredOption('--labels <file>', 'labels JSON lines: run, file, episode, node_id, label, annotators')
    .option('--data-root <dir>', 'folder the labels\' "file" paths are relative to (default: the parent of the labels\' folder)')
    .option('--annotators', 'also report Krippendorff\'s ordinal alpha of the labels\' annotators')
    .option('--seed <n>', 'bootstrap seed', '0')
    .option('--resamples <n>', 'bootstrap resamples', '2000')
    .option('--json', 'print one JSON object instead of tables')
    .option('--quiet', 'no progress on stderr')
    .action(async (options: ValidateCommandOptions) => {
      const seed = Number(options.seed);
      const resamples = Number(options.resamples);
      if (!Number.isInteger(seed) || !Number.isInteger(resamples) || resamples < 1) {
        process.stderr.write('boden validate: --seed and --resamples take whole numbers (resamples ≥ 1)\n');
        setExitCode(ExitCode.usageOrInputError);
        return;
      }
      let labels: ReferenceLabel[];
      try {
        labels = await readReferenceLabels(options.labels);
      } catch (error) {
        process.stderr.write(`boden validate: ${describeFailure(error)}\n`);
        setExitCode(ExitCode.usageOrInputError);
        return;
      }
      const dataRoot = options.dataRoot ?? dirname(dirname(resolve(options.labels)));
      const progress = createProgress({ quiet: options.quiet === true });
      const files = [...new Set(labels.map((label) => label.file))];
      const runsByFile = new Map<string, Run[] | { error: string }>();
      for (const [position, file] of files.entries()) {
        progress.update(`importing ${position + 1}/${files.length}: ${file}`);
        try {
          runsByFile.set(file, await importTrajectory(resolve(dataRoot, file)));
        } catch (error) {
          runsByFile.set(file, { error: describeFailure(error) });
        }
      }
      progress.update('scoring and bootstrapping');
      const scorers = metricValidationScorers();
      const result = await validateAgainstLabels({ labels, runsByFile, scorers, seed, resamples });
      progress.end();
      const alpha = options.annotators ? annotatorAgreement(labels) : undefined;
      if (options.json) {
        process.stdout.write(`${JSON.stringify(toJson(result, alpha))}\n`);
      } else {
        process.stdout.write(`${report(result, labels.length)}\n`);
        if (alpha !== undefined) {
          process.stdout.write(
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

function toJson(result: ValidationResult, alpha: ReturnType<typeof annotatorAgreement> | undefined) {
  return {
    rows: result.rows,
    matched: result.matched,
    unmatched: result.unmatched.map(({ label, reason }) => ({ run: label.run, node_id: label.node_id, episode: label.episode, reason })),
    confidence: result.confidence,
    resamples: result.resamples,
    seed: result.seed,
    ...(alpha ? { annotators: alpha } : {}),
  };
}

function report(result: ValidationResult, labelCount: number): string {
  const interval = `${Math.round(result.confidence * 100)}% CI`;
  const table = formatTextTable(
    [
      { header: 'scorer' },
      { header: 'kind' },
      { header: 'rho', alignRight: true },
      { header: `${interval} low`, alignRight: true },
      { header: `${interval} high`, alignRight: true },
      { header: 'n', alignRight: true },
    ],
    result.rows.map((row) => [row.id, row.kind, formatNumber(row.rho), formatNumber(row.low), formatNumber(row.high), String(row.n)]),
  );
  const lines = [
    table,
    '',
    `${result.matched} of ${labelCount} labels matched an episode; bootstrap: ${result.resamples} resamples, seed ${result.seed}`,
  ];
  if (result.unmatched.length > 0) {
    lines.push(`${result.unmatched.length} label(s) matched no episode:`);
    for (const { label, reason } of result.unmatched) lines.push(`  ${label.run} episode ${label.episode} (${label.node_id}): ${reason}`);
  }
  return lines.join('\n');
}
