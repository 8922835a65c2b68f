import { Command, CommanderError } from 'commander';
import { benchCommandNames, runBenchCommand } from './bench-entry.js';
import { processIo, type CliIo } from './cli-io.js';
import { corpusCommand } from './corpus-command.js';
import { ExitCode } from './exit-code.js';
import { exportCommand } from './export-command.js';
import { fitJudgeCommand } from './fit-judge-command.js';
import { hscoreCommand } from './hscore-command.js';
import { describeFailure } from './load-runs.js';
import { markRequiredOptions } from './mark-required-options.js';
import { reportCommand } from './report-command.js';
import { scoreCommand } from './score-command.js';
import { serveCommand } from './serve-command.js';
import { validateCommand } from './validate-command.js';
import { bodenVersion } from '../version.js';

/** Builds the `boden` program writing to `io`; commands report their exit code through `setExitCode`. */
export function createProgram(setExitCode: (code: ExitCode) => void, io: CliIo = processIo): Command {
  const program = new Command('boden')
    .description('score the creativity (P-creativity, usefulness) of LLM research agents\' search runs')
    .version(bodenVersion)
    .showHelpAfterError()
    .exitOverride()
    .addHelpText(
      'after',
      '\nBenchmark commands (from a clone, after npm ci):\n  bench [options]  ablation sweep of shaping arms vs unshaped runs (boden bench --help)\n  demo [options]   quick benchmark on a deceptive task: AIDE on circle packing, unshaped vs adaptive (boden demo --help)',
    );
  for (const command of [
    scoreCommand(setExitCode, io),
    validateCommand(setExitCode, io),
    fitJudgeCommand(setExitCode, io),
    exportCommand(setExitCode, io),
    corpusCommand(setExitCode, io),
    hscoreCommand(setExitCode, io),
    reportCommand(setExitCode, io),
    serveCommand(setExitCode, io),
  ]) {
    program.addCommand(markRequiredOptions(command.exitOverride().showHelpAfterError()));
  }
  writeTo(program, io);
  return program;
}

/**
 * Runs `boden <args>` and returns its exit code: the whole CLI but the process around it (main.ts adds the broken-pipe
 * handler and sets `process.exitCode`), so tests can run commands in process. The benchmark commands (`bench`,
 * `demo`) load the harness and write to the process's own streams whatever `io` is.
 */
export async function runBoden(args: readonly string[], io: CliIo = processIo): Promise<ExitCode> {
  // `boden help bench` is `boden bench --help`: the benchmark commands are not part of the core program.
  const argv = args[0] === 'help' && benchCommandNames.includes(args[1] ?? '') ? [args[1]!, '--help'] : [...args];
  if (benchCommandNames.includes(argv[0] ?? '')) {
    try {
      return await runBenchCommand(['node', 'boden', ...argv]);
    } catch (error) {
      io.stderr.write(`boden: ${describeFailure(error)}\n`);
      return ExitCode.usageOrInputError;
    }
  }
  let exitCode: ExitCode = ExitCode.ok;
  const program = createProgram((code) => {
    exitCode = code;
  }, io);
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version exit 0; every other parse failure is a usage error.
      return error.exitCode === 0 ? ExitCode.ok : ExitCode.usageOrInputError;
    }
    io.stderr.write(`boden: ${describeFailure(error)}\n`);
    return ExitCode.usageOrInputError;
  }
  return exitCode;
}

/** Sends commander's own output (help, usage errors) of `command` and its subcommands to `io`. */
function writeTo(command: Command, io: CliIo): void {
  command.configureOutput({ writeOut: (text) => void io.stdout.write(text), writeErr: (text) => void io.stderr.write(text) });
  for (const subcommand of command.commands) writeTo(subcommand, io);
}
