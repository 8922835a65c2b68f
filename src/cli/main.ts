#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { benchCommandNames, runBenchCommand } from './bench-entry.js';
import { corpusCommand } from './corpus-command.js';
import { ExitCode } from './exit-code.js';
import { exportCommand } from './export-command.js';
import { fitJudgeCommand } from './fit-judge-command.js';
import { hscoreCommand } from './hscore-command.js';
import { markRequiredOptions } from './mark-required-options.js';
import { describeFailure } from './load-runs.js';
import { reportCommand } from './report-command.js';
import { scoreCommand } from './score-command.js';
import { validateCommand } from './validate-command.js';

/** Builds the `boden` program; commands report their exit code through `setExitCode`. */
export function createProgram(setExitCode: (code: ExitCode) => void): Command {
  const program = new Command('boden')
    .description('score the creativity (P-creativity, usefulness) of LLM research agents\' search runs')
    .version('0.1.0')
    .showHelpAfterError()
    .exitOverride()
    .addHelpText(
      'after',
      '\nBenchmark commands (from a clone, after npm ci):\n  bench [options]  ablation sweep of shaping arms vs unshaped runs (boden bench --help)\n  demo [options]   quick benchmark on a deceptive task: AIDE on circle packing, unshaped vs adaptive (boden demo --help)',
    );
  for (const command of [
    scoreCommand(setExitCode),
    validateCommand(setExitCode),
    fitJudgeCommand(setExitCode),
    exportCommand(setExitCode),
    corpusCommand(setExitCode),
    hscoreCommand(setExitCode),
    reportCommand(setExitCode),
  ]) {
    program.addCommand(markRequiredOptions(command.exitOverride().showHelpAfterError()));
  }
  return program;
}

async function main(): Promise<void> {
  // A reader that stops early (`boden score … | head -1`) closes the pipe: stop quietly, as Unix tools do.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(ExitCode.ok);
    throw error;
  });
  let exitCode: ExitCode = ExitCode.ok;
  // `boden help bench` is `boden bench --help`: the benchmark commands are not part of the core program.
  const argv = process.argv[2] === 'help' && benchCommandNames.includes(process.argv[3] ?? '') ? [process.argv[0]!, process.argv[1]!, process.argv[3]!, '--help'] : process.argv;
  if (benchCommandNames.includes(argv[2] ?? '')) {
    try {
      process.exitCode = await runBenchCommand(argv);
    } catch (error) {
      process.stderr.write(`boden: ${describeFailure(error)}\n`);
      process.exitCode = ExitCode.usageOrInputError;
    }
    return;
  }
  const program = createProgram((code) => {
    exitCode = code;
  });
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version exit 0; every other parse failure is a usage error.
      exitCode = error.exitCode === 0 ? ExitCode.ok : ExitCode.usageOrInputError;
    } else {
      process.stderr.write(`boden: ${describeFailure(error)}\n`);
      exitCode = ExitCode.usageOrInputError;
    }
  }
  process.exitCode = exitCode;
}

await main();
