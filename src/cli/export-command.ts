import { Command, Option } from 'commander';
import { commandDescriptions } from './command-descriptions.js';
import { runToJsonLines } from '../episode/episode-jsonl.js';
import { trajectoryFormats, type TrajectoryFormat } from '../episode/trajectory-format.js';
import { writeFileAtomic } from '../files/write-file-atomic.js';
import { processIo, type CliIo } from './cli-io.js';
import { ExitCode } from './exit-code.js';
import { loadRuns, noTrajectoriesFound } from './load-runs.js';
import { createProgress } from './progress.js';

interface ExportCommandOptions {
  out?: string;
  format?: TrajectoryFormat;
  metric?: string;
  quiet?: boolean;
}

/** `boden export <paths...>`: converts trajectories of any format into boden's episode JSON lines. */
export function exportCommand(setExitCode: (code: ExitCode) => void, io: CliIo = processIo): Command {
  return new Command('export')
    .description(commandDescriptions.export)
    .argument('<paths...>', 'trajectory files or directories')
    .option('--out <file>', 'write to this file (atomically) instead of stdout')
    .addOption(new Option('--format <format>', 'read every input as this format instead of detecting it').choices(trajectoryFormats))
    .option('--metric <name>', "AI-Scientist-v2: score by this metric_name instead of each node's first metric")
    .option('--quiet', 'no progress on stderr')
    .action(async (paths: string[], options: ExportCommandOptions) => {
      const { runs, failures } = await loadRuns(paths, {
        progress: createProgress({ quiet: options.quiet === true, stream: io.stderr }),
        ...(options.format ? { format: options.format } : {}),
        ...(options.metric ? { metricName: options.metric } : {}),
      });
      if (runs.length === 0 && failures.length === 0) {
        // Nothing to export is an input error, not an empty success: a wrong folder must not leave an empty file behind.
        io.stderr.write(`${noTrajectoriesFound('export', paths)}\n`);
        setExitCode(ExitCode.usageOrInputError);
        return;
      }
      const text = runs.map((run) => [...runToJsonLines(run)].join('\n')).join('\n');
      const body = text === '' ? '' : `${text}\n`;
      if (options.out) await writeFileAtomic(options.out, body);
      else io.stdout.write(body);
      for (const failure of failures) io.stderr.write(`boden export: ${failure.message}\n`);
      setExitCode(failures.length > 0 ? ExitCode.usageOrInputError : ExitCode.ok);
    });
}
