import { Command, CommanderError } from 'commander';
import { benchCommandNames, runBenchCommand } from './bench-entry.js';
import { processIo, type CliIo } from './cli-io.js';
import { commandDescriptions, type CoreCommandName } from './command-descriptions.js';
import { ExitCode } from './exit-code.js';
import { describeFailure } from './describe-failure.js';
import { markRequiredOptions } from './mark-required-options.js';
import { bodenVersion } from '../version.js';

/** Makes a core command writing to `io`, reporting its exit code through `setExitCode`. */
type CommandFactory = (setExitCode: (code: ExitCode) => void, io: CliIo) => Command;

/**
 * The core commands in help order: how to load each (its module and what it imports are loaded only when it runs),
 * and what the top-level help shows of it (its arguments, and whether it has options) while it is not loaded.
 */
const coreCommands: readonly {
  readonly name: CoreCommandName;
  readonly arguments: readonly string[];
  readonly options: boolean;
  load(): Promise<CommandFactory>;
}[] = [
  { name: 'score', arguments: ['<paths...>'], options: true, load: async () => (await import('./score-command.js')).scoreCommand },
  { name: 'validate', arguments: [], options: true, load: async () => (await import('./validate-command.js')).validateCommand },
  { name: 'fit-judge', arguments: [], options: true, load: async () => (await import('./fit-judge-command.js')).fitJudgeCommand },
  { name: 'export', arguments: ['<paths...>'], options: true, load: async () => (await import('./export-command.js')).exportCommand },
  { name: 'corpus', arguments: [], options: false, load: async () => (await import('./corpus-command.js')).corpusCommand },
  {
    name: 'hscore',
    arguments: ['<trajectories...>'],
    options: true,
    load: async () => (await import('./hscore-command.js')).hscoreCommand,
  },
  { name: 'report', arguments: ['<paths...>'], options: true, load: async () => (await import('./report-command.js')).reportCommand },
  { name: 'serve', arguments: [], options: true, load: async () => (await import('./serve-command.js')).serveCommand },
];

/** The core command `argv` runs (`help <name>` included), or `none`. */
function commandOf(argv: readonly string[]): CoreCommandName | 'none' {
  const words = argv.filter((word) => !word.startsWith('-'));
  const name = words[0] === 'help' ? words[1] : words[0];
  return coreCommands.find((command) => command.name === name)?.name ?? 'none';
}

/**
 * Builds the `boden` program writing to `io`; commands report their exit code through `setExitCode`. `load` names the
 * commands built for real (`all`, `none`, or the one about to run); the others are placeholders with the same name,
 * arguments and description, enough for the top-level help and for commander's "unknown command" suggestions.
 */
export async function createProgram(
  setExitCode: (code: ExitCode) => void,
  io: CliIo = processIo,
  load: 'all' | 'none' | CoreCommandName = 'all',
): Promise<Command> {
  const program = new Command('boden')
    .description("score the creativity (P-creativity, usefulness) of LLM research agents' search runs")
    .version(bodenVersion)
    .showHelpAfterError()
    .exitOverride()
    .addHelpText(
      'after',
      '\nBenchmark commands (from a clone, after npm ci):\n  bench [options]  ablation sweep of shaping arms vs unshaped runs (boden bench --help)\n  demo [options]   quick benchmark on a deceptive task: AIDE on circle packing, unshaped vs adaptive (boden demo --help)',
    );
  for (const core of coreCommands) {
    if (load === 'all' || load === core.name) {
      program.addCommand(markRequiredOptions((await core.load())(setExitCode, io).exitOverride().showHelpAfterError()));
      continue;
    }
    const placeholder = new Command(core.name).description(commandDescriptions[core.name]);
    for (const argument of core.arguments) placeholder.argument(argument);
    // Only so the help line says "[options]" as the command's own does; a placeholder never runs.
    if (core.options) placeholder.option('--see-the-command');
    program.addCommand(placeholder);
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
  const program = await createProgram(
    (code) => {
      exitCode = code;
    },
    io,
    commandOf(argv),
  );
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
