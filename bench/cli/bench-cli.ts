import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import type { RequestCircuitOpen } from 'boden/calls';
import { ExitCode, describeFailure, markRequiredOptions } from 'boden/cli';
import { BodenError, InvalidArgumentError as TaskArgumentError } from 'boden';
import { simulatedAgentProfileNames, type SimulatedAgentProfile } from '../agents/simulated-agent-options.js';
import { defaultWorkBudgetSeconds } from '../env/bench-evaluator.js';
import { benchPolicies, benchSchedules, type BenchPolicy, type BenchSchedule } from '../runner/bench-policy.js';
import { runSweep, type SweepFailure, type SweepProgress, type SweepResult } from '../sweep/run-sweep.js';
import type { SweepOptions } from '../sweep/sweep-options.js';
import { slurmArrayScript } from '../sweep/slurm-array-script.js';
import { createSweepPlan, parseShard, readSweepPlan, shardFromEnvironment, writeSweepPlan } from '../sweep/sweep-plan.js';
import { queuedRuns, redact, runQueueWorker } from '../sweep/sweep-queue.js';
import { mergeSweepShards, runSweepShard } from '../sweep/sweep-shards.js';
import { writeSweepOutputs } from '../sweep/write-sweep-outputs.js';
import { calibrateCommand } from './calibrate-command.js';
import { wholeNumber } from './whole-number-option.js';

const list = (value: string): string[] =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
const oneOf =
  <Value extends string>(choices: readonly Value[]) =>
  (value: string): Value[] => {
    const items = list(value);
    for (const item of items)
      if (!choices.includes(item as Value)) throw new InvalidArgumentError(`"${item}" is not one of ${choices.join(', ')}`);
    return items as Value[];
  };
const numbers = (value: string): number[] =>
  list(value).map((item) => {
    const parsed = Number(item);
    if (!Number.isFinite(parsed) || parsed < 0) throw new InvalidArgumentError(`"${item}" is not a non-negative number`);
    return parsed;
  });
const probability = (value: string): number => {
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed) || parsed < 0 || parsed > 1)
    throw new InvalidArgumentError('expected a probability between 0 and 1');
  return parsed;
};

interface CommonOptions {
  out: string;
  memo: string;
  workers?: number;
  concurrency?: number;
  workBudget: number;
  hangTimeout: number;
  quiet?: boolean;
  agent: 'simulated' | 'llm' | 'langchain' | 'code';
  record?: string;
  replay?: string;
  python?: string;
  cpuSeconds: number;
  memoryMb: number;
  llmModel?: string;
  llmBaseUrl?: string;
  llmTimeout?: number;
  llmFirstByteTimeout?: number;
  llmCircuitBreaker: number;
}

/** Where a command leaves its exit code, read by `runBenchCli` once the command is done. */
type SetExitCode = (code: ExitCode) => void;

/** Progress lines on stderr: one rewritten line on a terminal, one line per tenth of the sweep otherwise. */
function progressReporter(quiet: boolean): (progress: SweepProgress) => void {
  const stream = process.stderr;
  let lastTenth = -1;
  return ({ done, total, resumed, cell, elapsedMilliseconds }) => {
    if (quiet) return;
    const ran = done - resumed;
    const remaining = total - done;
    const eta = ran === 0 ? 0 : (elapsedMilliseconds / ran) * remaining;
    const line = `[${done}/${total}] ${cell.id} — ${(elapsedMilliseconds / 1000).toFixed(0)} s elapsed, about ${(eta / 1000).toFixed(0)} s left`;
    if (stream.isTTY) {
      const width = 30;
      const filled = Math.round((done / total) * width);
      stream.write(`\r\x1b[2K${'#'.repeat(filled)}${'.'.repeat(width - filled)} ${line}`.slice(0, (stream.columns ?? 100) - 1));
      if (done === total) stream.write('\n');
      return;
    }
    const tenth = Math.floor((10 * done) / total);
    if (tenth !== lastTenth || done === total) {
      lastTenth = tenth;
      stream.write(`${line}\n`);
    }
  };
}

/** The sweep was stopped by a signal; rerunning the same command resumes it. */
class SweepInterruptedError extends BodenError {
  constructor() {
    super({
      name: 'BodenSweepInterruptedError',
      message: 'interrupted: the completed runs are stored; run the same command again to resume',
    });
  }
}

/** Runs `run` with an abort signal the first Ctrl-C (or SIGTERM) fires; a second one kills the process. */
async function interruptible<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const interrupt = () => controller.abort(new SweepInterruptedError());
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    return await run(controller.signal);
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
  }
}

/** Hooks that report a sweep's progress, failures and an opened circuit breaker on stderr. */
function reportingHooks(quiet: boolean, command: string, signal: AbortSignal) {
  return {
    onProgress: progressReporter(quiet),
    onFailure: ({ cell, error }: SweepFailure) =>
      process.stderr.write(`boden bench: ${cell.id} failed (it will run again on resume): ${describeFailure(error)}\n`),
    // Said once: every later run fails at once, with this reason, instead of waiting on the server.
    onCircuitOpen: ({ failures, reason }: RequestCircuitOpen) =>
      process.stderr.write(
        `boden bench: stopped calling the LLM after ${failures} requests in a row got no answer (last: ${reason}); the remaining runs fail at once\n`,
      ),
    command,
    signal,
  };
}

/**
 * Says how many runs of this session failed and why the first did, and sets exit code 1 (findings), as `boden score`
 * does for verdicts that fell back; nothing when none failed.
 */
function reportFailures(failures: readonly SweepFailure[], ran: number, setExitCode: SetExitCode): void {
  const [first] = failures;
  if (first === undefined) return;
  setExitCode(ExitCode.findings);
  process.stderr.write(
    `boden bench: ${failures.length} of ${failures.length + ran} runs failed (they run again on resume); the first, ${first.cell.id}: ${describeFailure(first.error)}\n`,
  );
}

/** Writes the summary, table and report of a finished sweep (or merge) and says what happened on stderr. */
async function report(result: SweepResult, setExitCode: SetExitCode): Promise<void> {
  reportFailures(result.failures, result.ran, setExitCode);
  if (result.records.length === 0 && result.failures.length > 0) {
    // An empty table and report would look like a result: say there is none.
    process.stderr.write(`no run finished, so no summary or report was written\n`);
    return;
  }
  const outputs = await writeSweepOutputs(result);
  process.stdout.write(`${outputs.table}\n`);
  const wall = result.sessions.reduce((sum, session) => sum + session.wallSeconds, 0);
  process.stderr.write(
    `${result.records.length} runs (${result.resumed} resumed, ${result.ran} run now); evaluations: ${result.evaluator.evaluated} new, ${result.evaluator.memoHits} from the memo; ` +
      `wall ${(result.sessions.at(-1)?.wallSeconds ?? 0).toFixed(0)} s this session, ${wall.toFixed(0)} s in all\nwrote ${outputs.files.join(', ')}\n`,
  );
}

async function sweepAndReport(options: SweepOptions, common: CommonOptions, command: string, setExitCode: SetExitCode): Promise<void> {
  // The first Ctrl-C stops the sweep cleanly (completed runs are kept, the session is recorded); a second one kills.
  const result = await interruptible((signal) => runSweep(options, reportingHooks(common.quiet === true, command, signal)));
  await report(result, setExitCode);
}

function addCommonOptions(command: Command, defaults: { out?: string }): Command {
  // Required for bench, but checked in its action: commander would demand a mandatory option of run-cells and merge too.
  const out = new Option(
    '--out <dir>',
    `results directory (runs.jsonl, sweep.json, summary.txt, summary.json, report.html)${defaults.out === undefined ? ' (required)' : ''}`,
  );
  return command
    .addOption(defaults.out === undefined ? out : out.default(defaults.out))
    .option('--memo <dir>', 'evaluation memo shared by sweeps: a directory, or a redis:// URL of a memo in Redis', 'tmp/bench-memo')
    .addOption(new Option('--workers <n>', 'evaluation worker threads (default: the cores)').argParser(wholeNumber(1)))
    .addOption(new Option('--concurrency <n>', 'runs in flight (default: 2 × workers)').argParser(wholeNumber(1)))
    .addOption(
      new Option(
        '--work-budget <seconds>',
        'most estimated seconds of cross-validation per pipeline (reference machine); costlier pipelines are buggy nodes, on any machine',
      )
        .argParser(wholeNumber(1))
        .default(defaultWorkBudgetSeconds),
    )
    .addOption(
      new Option('--hang-timeout <ms>', 'wall-clock guard per evaluation; a run that hits it fails and runs again on resume')
        .argParser(wholeNumber(100))
        .default(600_000),
    )
    .addOption(
      new Option(
        '--agent <agent>',
        'who proposes: the offline simulated agent, an LLM choosing pipelines in the search-loop adapters (llm) or through the LangGraph tree search graph (langchain), or a model writing whole Python programs that run in a sandbox (code; without --llm-base-url the offline scripted model)',
      )
        .choices(['simulated', 'llm', 'langchain', 'code'])
        .default('simulated'),
    )
    .option('--record <dir>', 'with --agent code: record every model exchange and program outcome to this directory, to share and replay')
    .option(
      '--replay <dir>',
      'with --agent code: answer every request from this recording, with no network; a request it lacks is an error naming the run and step',
    )
    .option(
      '--python <path>',
      'with --agent code: the interpreter (default: the first python3 that imports numpy, scipy, pandas and scikit-learn)',
    )
    .addOption(
      new Option(
        '--cpu-seconds <s>',
        'with --agent code: CPU-time limit of each program run (what decides "too slow", the same under any load)',
      )
        .argParser(wholeNumber(1))
        .default(60),
    )
    .addOption(
      new Option('--memory-mb <n>', 'with --agent code: address-space limit of each program, in MiB')
        .argParser(wholeNumber(64))
        .default(4096),
    )
    .option('--llm-model <name>', "with --agent llm or langchain: the served model's name (key from OPENAI_API_KEY)")
    .option('--llm-base-url <url>', 'with --agent llm or langchain: the OpenAI-compatible server, e.g. http://127.0.0.1:8000/v1')
    .addOption(
      new Option(
        '--llm-timeout <ms>',
        'with --agent llm or langchain: cut off a request after this long, the whole generation included, and retry it (default 180000)',
      ).argParser(wholeNumber(1)),
    )
    .addOption(
      new Option(
        '--llm-first-byte-timeout <ms>',
        'with --agent llm or langchain: with no response after this long, check the server answers GET /models; if not within as long again, the request fails (default 5000)',
      ).argParser(wholeNumber(1)),
    )
    .addOption(
      new Option(
        '--llm-circuit-breaker <n>',
        'with --agent llm or langchain: after this many requests in a row get no answer (connection failure, silence), stop calling the server; the remaining runs fail at once (0 = never)',
      )
        .argParser(wholeNumber(0))
        .default(3),
    )
    .option('--quiet', 'no progress on stderr');
}

const common = (options: CommonOptions) => ({
  ...(options.agent === 'code'
    ? {
        agent: {
          kind: 'code' as const,
          circuitBreaker: options.llmCircuitBreaker,
          cpuSeconds: options.cpuSeconds,
          memoryMegabytes: options.memoryMb,
          ...(options.llmModel === undefined ? {} : { model: options.llmModel }),
          ...(options.llmBaseUrl === undefined ? {} : { baseURL: options.llmBaseUrl }),
          ...(options.llmTimeout === undefined ? {} : { timeoutMs: options.llmTimeout }),
          ...(options.llmFirstByteTimeout === undefined ? {} : { firstByteTimeoutMs: options.llmFirstByteTimeout }),
          ...(options.record === undefined ? {} : { record: options.record }),
          ...(options.replay === undefined ? {} : { replay: options.replay }),
          ...(options.python === undefined ? {} : { python: options.python }),
        },
      }
    : options.agent !== 'simulated'
      ? {
          agent: {
            kind: options.agent,
            model: options.llmModel ?? '',
            circuitBreaker: options.llmCircuitBreaker,
            ...(options.llmBaseUrl === undefined ? {} : { baseURL: options.llmBaseUrl }),
            ...(options.llmTimeout === undefined ? {} : { timeoutMs: options.llmTimeout }),
            ...(options.llmFirstByteTimeout === undefined ? {} : { firstByteTimeoutMs: options.llmFirstByteTimeout }),
          },
        }
      : {}),
  out: options.out,
  memo: options.memo,
  workBudgetSeconds: options.workBudget,
  hangTimeoutMs: options.hangTimeout,
  ...(options.workers === undefined ? {} : { workers: options.workers }),
  ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
});

/** `boden bench`: an ablation sweep of shaping arms against unshaped runs, resumable, with a summary and a report. */
export function benchCommand(setExitCode: SetExitCode): Command {
  return addCommonOptions(
    new Command('bench')
      .description('run every task × policy × arm × seed (resumable), then print the summary table and write the report')
      .option(
        '--tasks <names>',
        'comma-separated shipped tasks: tabular cards (boston, seattle-weather, cps-wages, penguins, cars-mpg, co2-forecast, seattle-temperature-forecast) and circle-packing-26',
        list,
      )
      .option(
        '--task-file <files>',
        'comma-separated task card files of your own (calibrate one with boden bench calibrate --task-file)',
        list,
      )
      .addOption(
        new Option('--policies <names>', `comma-separated policies (${benchPolicies.join(', ')})`)
          .argParser(oneOf<BenchPolicy>(benchPolicies))
          .default(['aide']),
      )
      .addOption(new Option('--strengths <values>', 'comma-separated novelty bonus strengths (0 = none)').argParser(numbers).default([0]))
      .addOption(
        new Option('--schedule <names>', `comma-separated schedules (${benchSchedules.join(', ')}), crossed with the strengths`)
          .argParser(oneOf<BenchSchedule>(benchSchedules))
          .default(['none']),
      )
      .option(
        '--arms <names>',
        'explicit arms instead of strengths × schedules, e.g. unshaped,bonus-0.3,shift-0.3,adaptive,adaptive-extend,gate,pareto,qd,ns (parts joined by + in the order bonus or shift, pareto, qd (the quality-diversity archive), ns (plain novelty search: parents by k-nearest sparseness), schedule, gate; shift-0.3 is a bonus auto-scaled to change 30 % of the policy choices; adaptive-extend asks for an untried component on top of the parent, adaptive-mixed alternates)',
        list,
      )
      .addOption(new Option('--seeds <n>', 'seeds per cell, from --first-seed').argParser(wholeNumber(1)).default(5))
      .addOption(
        new Option('--first-seed <n>', 'the first seed (develop on one range, run the final sweep on another)')
          .argParser(wholeNumber(0))
          .default(1),
      )
      .addOption(
        new Option(
          '--compliance <p>',
          "the simulated agent's probability of following a novelty directive, 0-1 (default: its own, 0.9); one --out per value",
        ).argParser(probability),
      )
      .addOption(
        new Option(
          '--agent-profile <profile>',
          "the simulated agents' behaviour: v2 (crash and debug rates and family-switch share fitted to real runs, collapse after successes) or v1 (the sweeps committed before 2026-12-03)",
        )
          .choices(simulatedAgentProfileNames)
          .default('v2'),
      )
      .addOption(
        new Option(
          '--bug-rate <p>',
          "the simulated agent's probability of a crashing script, 0-1 (default: its profile's, v2 0.19, v1 0.15)",
        ).argParser(probability),
      )
      .addOption(
        new Option(
          '--debug-success <p>',
          "the simulated agent's probability that a debug step fixes its parent, 0-1 (default: its profile's, v2 0.3, v1 0.7)",
        ).argParser(probability),
      )
      .addOption(new Option('--episodes <n>', 'episodes per run').argParser(wholeNumber(1)).default(30))
      .option(
        '--plan <file>',
        'write the sweep as a plan of content-addressed cells to <file> instead of running it; run its shards with boden bench run-cells (on several machines, or a SLURM array) and gather them with boden bench merge',
      )
      .addOption(
        new Option(
          '--slurm <tasks>',
          'with --plan: print a SLURM array script of <tasks> tasks that runs the plan (sbatch it on the cluster)',
        ).argParser(wholeNumber(1)),
      )
      .addOption(
        new Option('--cpus-per-task <n>', 'with --slurm: CPUs (and evaluation workers) per array task')
          .argParser(wholeNumber(1))
          .default(2),
      )
      .option('--time <limit>', "with --slurm: wall-clock limit per array task, e.g. 04:00:00 (default: the partition's)")
      .option('--submit', 'with --slurm: submit the script with sbatch instead of printing it')
      // run-cells and merge take their own --plan: bench's options count only before a subcommand's name.
      .enablePositionalOptions()
      .addCommand(markRequiredOptions(runCellsCommand(setExitCode).exitOverride().showHelpAfterError()))
      .addCommand(markRequiredOptions(mergeCommand(setExitCode).exitOverride().showHelpAfterError()))
      .addCommand(markRequiredOptions(workerCommand(setExitCode).exitOverride().showHelpAfterError()))
      .addCommand(markRequiredOptions(calibrateCommand().exitOverride().showHelpAfterError())),
    {},
  ).action(
    async (
      options: CommonOptions &
        PlanOptions & {
          tasks?: string[];
          taskFile?: string[];
          policies: BenchPolicy[];
          strengths: number[];
          schedule: BenchSchedule[];
          arms?: string[];
          seeds: number;
          firstSeed: number;
          compliance?: number;
          agentProfile: SimulatedAgentProfile;
          bugRate?: number;
          debugSuccess?: number;
          episodes: number;
        },
    ) => {
      if (options.out === undefined) throw new TaskArgumentError({ argument: '--out', reason: 'give the results directory: --out <dir>' });
      if ((options.tasks ?? []).length + (options.taskFile ?? []).length === 0) {
        throw new TaskArgumentError({
          argument: '--tasks',
          reason: 'give the tasks to sweep: --tasks <names> (e.g. boston,circle-packing-26) and/or --task-file <cards>',
        });
      }
      if (options.agent === 'code' && options.llmBaseUrl !== undefined && (options.llmModel ?? '') === '') {
        throw new TaskArgumentError({
          argument: '--llm-model',
          reason: "--agent code with --llm-base-url needs the served model's name: --llm-model <name>",
        });
      }
      if (options.agent !== 'code' && (options.record !== undefined || options.replay !== undefined)) {
        throw new TaskArgumentError({
          argument: options.record !== undefined ? '--record' : '--replay',
          reason: 'recordings are made and replayed by --agent code',
        });
      }
      if (options.agent !== 'simulated' && options.agent !== 'code' && (options.llmModel ?? '') === '') {
        throw new TaskArgumentError({
          argument: '--llm-model',
          reason: `--agent ${options.agent} needs the served model's name: --llm-model <name> (and --llm-base-url for a server other than OpenAI's)`,
        });
      }
      if (options.plan === undefined && (options.slurm !== undefined || options.submit === true)) {
        throw new TaskArgumentError({ argument: '--slurm', reason: 'a SLURM array runs a plan: add --plan <file>' });
      }
      const sweep: SweepOptions = {
        tasks: options.tasks ?? [],
        taskFiles: options.taskFile ?? [],
        policies: options.policies,
        strengths: options.strengths,
        schedules: options.schedule,
        ...(options.arms === undefined ? {} : { arms: options.arms }),
        seeds: options.seeds,
        firstSeed: options.firstSeed,
        ...(options.compliance === undefined ? {} : { directiveCompliance: options.compliance }),
        agentProfile: options.agentProfile,
        ...(options.bugRate === undefined ? {} : { bugRate: options.bugRate }),
        ...(options.debugSuccess === undefined ? {} : { debugSuccess: options.debugSuccess }),
        episodes: options.episodes,
        ...common(options),
      };
      if (options.plan !== undefined) await planAndSay(sweep, options);
      else await sweepAndReport(sweep, options, `boden ${process.argv.slice(2).join(' ')}`, setExitCode);
    },
  );
}

/** The options of `boden bench` that write a plan instead of running it. */
interface PlanOptions {
  plan?: string;
  slurm?: number;
  cpusPerTask: number;
  time?: string;
  submit?: boolean;
}

/** The command that starts this boden: node with this process's flags (tsx's loader, under tsx) and the CLI's entry file. */
function bodenCommand(): string[] {
  return [process.execPath, ...process.execArgv, realpathSync(process.argv[1]!)];
}

/** Writes the plan, says how to run it, and prints (or submits) the SLURM array script when asked. */
async function planAndSay(sweep: SweepOptions, options: CommonOptions & PlanOptions): Promise<void> {
  const planPath = resolve(options.plan!);
  const plan = await createSweepPlan(sweep);
  await mkdir(dirname(planPath), { recursive: true });
  await writeSweepPlan(planPath, plan);
  // The array's logs go to <out>/shards, which sbatch does not create.
  await mkdir(join(plan.sweep.out, 'shards'), { recursive: true });
  const memo = resolve(options.memo);
  process.stderr.write(
    `wrote ${planPath}: ${plan.cells.length} cells; results go to ${plan.sweep.out}\n` +
      `run shard i of n (on any machine sharing that directory and the memo ${memo}):  boden bench run-cells --plan ${planPath} --shard i/n --memo ${memo}\n` +
      `then gather them:  boden bench merge --plan ${planPath}\n`,
  );
  if (options.slurm === undefined) return;
  const script = slurmArrayScript({
    plan: planPath,
    out: plan.sweep.out,
    shards: options.slurm,
    cpus: options.cpusPerTask,
    memo,
    boden: bodenCommand(),
    directory: process.cwd(),
    time: options.time,
  });
  if (options.submit !== true) {
    process.stdout.write(script);
    return;
  }
  const submitted = spawnSync('sbatch', [], { input: script, encoding: 'utf8' });
  if (submitted.error !== undefined || submitted.status !== 0) {
    const why =
      submitted.error !== undefined
        ? `sbatch could not start (${(submitted.error as NodeJS.ErrnoException).code ?? submitted.error.message})`
        : `sbatch exited ${submitted.status}: ${submitted.stderr.trim()}`;
    throw new BodenError({
      name: 'BodenSlurmSubmitError',
      message: `${why}; without --submit the script is printed to submit on the cluster`,
    });
  }
  process.stdout.write(submitted.stdout);
}

/** `boden bench run-cells`: runs one shard of a sweep plan, resumably; a SLURM array task finds its shard itself. */
export function runCellsCommand(setExitCode: SetExitCode): Command {
  return new Command('run-cells')
    .description(
      'run one shard of a sweep plan (boden bench --plan) into <out>/shards/shard-<i>-of-<n>, skipping cells any shard has finished; resumable',
    )
    .requiredOption('--plan <file>', 'the plan boden bench --plan wrote')
    .option(
      '--shard <i/n>',
      "which shard: the i-th of n equal parts of the plan's cells, shuffled by their content address (default: a SLURM array task's own, from SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT; else 0/1, every cell)",
    )
    .option(
      '--memo <dir>',
      'evaluation memo shared by every shard: a directory on the shared file system, or a redis:// URL',
      'tmp/bench-memo',
    )
    .addOption(new Option('--workers <n>', 'evaluation worker threads (default: the cores)').argParser(wholeNumber(1)))
    .addOption(new Option('--concurrency <n>', 'runs in flight (default: 2 × workers)').argParser(wholeNumber(1)))
    .addOption(
      new Option('--hang-timeout <ms>', 'wall-clock guard per evaluation; a run that hits it fails and runs again on resume')
        .argParser(wholeNumber(100))
        .default(600_000),
    )
    .option('--quiet', 'no progress on stderr')
    .action(
      async (options: {
        plan: string;
        shard?: string;
        memo: string;
        workers?: number;
        concurrency?: number;
        hangTimeout: number;
        quiet?: boolean;
      }) => {
        const plan = await readSweepPlan(options.plan);
        const shard = options.shard !== undefined ? parseShard(options.shard) : (shardFromEnvironment() ?? { index: 0, count: 1 });
        const runner = {
          memo: options.memo,
          hangTimeoutMs: options.hangTimeout,
          ...(options.workers === undefined ? {} : { workers: options.workers }),
          ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
        };
        const command = `boden ${process.argv.slice(2).join(' ')}`;
        const result = await interruptible((signal) =>
          runSweepShard(plan, shard, runner, reportingHooks(options.quiet === true, command, signal)),
        );
        reportFailures(result.failures, result.ran, setExitCode);
        process.stderr.write(
          `shard ${shard.index}/${shard.count}: ${result.ran} runs now, ${result.failures.length} failed; evaluations: ${result.evaluator.evaluated} new, ${result.evaluator.memoHits} from the memo\n` +
            `when every shard is done:  boden bench merge --plan ${resolve(options.plan)}\n`,
        );
      },
    );
}

/** `boden bench worker`: runs a plan's cells from a BullMQ queue on Redis, with any number of such workers. */
export function workerCommand(setExitCode: SetExitCode): Command {
  return new Command('worker')
    .description(
      "run a sweep plan's cells from a job queue on Redis (BullMQ), one cell at a time, until none is left; start as many workers, on as many machines, as you like; a worker killed mid-cell has its cell run by another",
    )
    .requiredOption('--plan <file>', 'the plan boden bench --plan wrote (every worker reads the same file)')
    .requiredOption('--queue <url>', 'the Redis every worker shares: redis://[user:password@]host[:port][/db] (rediss:// for TLS)')
    .addOption(
      new Option(
        '--lock-ms <ms>',
        "how long a worker holds a cell without renewing its lock: a dead worker's cell goes to another after about this long",
      )
        .argParser(wholeNumber(1000))
        .default(30_000),
    )
    .option(
      '--memo <dir>',
      'evaluation memo shared by every worker: a directory on a shared file system, or a redis:// URL (workers that share none)',
      'tmp/bench-memo',
    )
    .addOption(new Option('--workers <n>', 'evaluation worker threads (default: the cores)').argParser(wholeNumber(1)))
    .addOption(
      new Option('--hang-timeout <ms>', 'wall-clock guard per evaluation; a run that hits it fails and is tried again')
        .argParser(wholeNumber(100))
        .default(600_000),
    )
    .addOption(
      new Option(
        '--redis-timeout <ms>',
        'how long to wait for a Redis that went away before giving up (exit 2); its cell in hand goes to another worker',
      )
        .argParser(wholeNumber(100))
        .default(60_000),
    )
    .option('--quiet', 'no progress on stderr')
    .action(
      async (options: {
        plan: string;
        queue: string;
        lockMs: number;
        memo: string;
        workers?: number;
        hangTimeout: number;
        redisTimeout: number;
        quiet?: boolean;
      }) => {
        const plan = await readSweepPlan(options.plan);
        const runner = {
          memo: options.memo,
          hangTimeoutMs: options.hangTimeout,
          ...(options.workers === undefined ? {} : { workers: options.workers }),
        };
        const result = await interruptible((signal) =>
          runQueueWorker(plan, runner, {
            url: options.queue,
            lockMilliseconds: options.lockMs,
            redisTimeoutMilliseconds: options.redisTimeout,
            signal,
            onCell: (cell) => {
              if (options.quiet !== true) process.stderr.write(`boden bench worker: ran ${cell}\n`);
            },
            onConnectionLost: (reason) =>
              process.stderr.write(
                `boden bench worker: lost the queue at ${redact(options.queue)} (${reason}); reconnecting for up to ${Math.round(options.redisTimeout / 1000)} s\n`,
              ),
            onCellsRequeued: (cells) =>
              process.stderr.write(
                `boden bench worker: ${cells} cell(s) were neither stored nor queued (did Redis restart empty?); queued them again\n`,
              ),
          }),
        );
        for (const { cell, reason } of result.failed) process.stderr.write(`boden bench worker: ${cell} failed: ${reason}\n`);
        if (result.failed.length > 0) setExitCode(ExitCode.findings);
        process.stderr.write(
          `the queue is empty: this worker ran ${result.ran.length} cells; gather them:  boden bench merge --plan ${resolve(options.plan)} --queue ${redact(options.queue)}\n`,
        );
      },
    );
}

/** `boden bench merge`: gathers a plan's shards into one sweep with the usual summary and report. */
export function mergeCommand(setExitCode: SetExitCode): Command {
  return new Command('merge')
    .description(
      "gather the runs of a sweep plan's shards into <out>/runs.jsonl and write the summary table and report, as boden bench does",
    )
    .requiredOption('--plan <file>', 'the plan boden bench --plan wrote')
    .option(
      '--queue <url>',
      "also gather the runs queue workers left as their jobs' results in this Redis (for workers that share no file system)",
    )
    .action(async (options: { plan: string; queue?: string }) => {
      const plan = await readSweepPlan(options.plan);
      const extraRuns = options.queue === undefined ? undefined : await queuedRuns(plan, options.queue);
      await report(await mergeSweepShards(plan, extraRuns === undefined ? {} : { extraRuns }), setExitCode);
    });
}

/** `boden demo`: the quick version of the benchmark on the deceptive task (circle packing, AIDE, unshaped vs adaptive). */
export function demoCommand(setExitCode: SetExitCode): Command {
  return addCommonOptions(
    new Command('demo')
      .description(
        'a quick benchmark on a deceptive task: AIDE on circle packing (n = 26), unshaped vs the adaptive exploration schedule, 20 seeds × 40 episodes; prints the table, writes the report',
      )
      // 20 seeds: with 10 the same difference is not significant (p 0.105 on seeds 1-10; 0.005 on 1-20).
      .addOption(new Option('--seeds <n>', 'seeds per arm').argParser(wholeNumber(1)).default(20))
      .addOption(new Option('--episodes <n>', 'episodes per run').argParser(wholeNumber(1)).default(40)),
    { out: 'tmp/demo' },
  ).action(async (options: CommonOptions & { seeds: number; episodes: number }) => {
    await sweepAndReport(
      {
        tasks: ['circle-packing-26'],
        policies: ['aide'],
        arms: ['unshaped', 'adaptive'],
        seeds: options.seeds,
        episodes: options.episodes,
        ...common(options),
      },
      options,
      `boden ${process.argv.slice(2).join(' ')}`,
      setExitCode,
    );
  });
}

/** Runs `boden bench` or `boden demo` from `argv` (node, script, command, ...); resolves to the exit code. */
export async function runBenchCli(argv: readonly string[]): Promise<ExitCode> {
  // The commands set it rather than process.exitCode, which the CLI's caller overwrites with what this returns.
  let exitCode: ExitCode = ExitCode.ok;
  const setExitCode: SetExitCode = (code) => {
    exitCode = code;
  };
  // Positional options here too: commander honours bench's only when its parent has them.
  const program = new Command('boden').exitOverride().showHelpAfterError().enablePositionalOptions();
  for (const command of [benchCommand(setExitCode), demoCommand(setExitCode)])
    program.addCommand(markRequiredOptions(command.exitOverride().showHelpAfterError()));
  try {
    await program.parseAsync([...argv]);
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? ExitCode.ok : ExitCode.usageOrInputError;
    process.stderr.write(`boden: ${describeFailure(error)}\n`);
    return ExitCode.usageOrInputError;
  }
}
