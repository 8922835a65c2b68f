import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { dirname } from 'node:path';
import { z } from 'zod';
import { ConcurrencyLimiter } from 'boden/calls';
import { checkArgument, parseOptions } from 'boden';
import { findPython } from './find-python.js';
import { HeadTailBuffer } from './head-tail-buffer.js';
import { PythonSandboxOptionsSchema, type PythonSandboxOptions, type PythonSandboxSettings } from './python-sandbox-options.js';
import { launcherArguments, launcherSource, parseLauncherReport, type LauncherSettings } from './sandbox-launcher.js';
import { resolveIsolation, type SandboxIsolation } from './sandbox-isolation.js';
import { judgeRun, type RunEnd, type SandboxResult } from './sandbox-result.js';
import { SandboxStartError } from './sandbox-start-error.js';
import { createWorkDirectory, programFile, readOutputs, removeWorkDirectory } from './work-directory.js';

/** One program to run: its source, the input files put beside it, and the files to bring back. */
export interface SandboxRun {
  /** The Python source, run as `python program.py` in its directory. */
  readonly program: string;
  /** Inputs by relative path (`train.csv`, `data/x.npy`). */
  readonly files?: Readonly<Record<string, string | Uint8Array>>;
  /** Relative paths of files the program writes, returned in `SandboxResult.outputs`. */
  readonly outputs?: readonly string[];
}

/** Runs agent-written Python programs, each in its own process, directory and limits. */
export interface PythonSandbox {
  /** The options with defaults filled in. */
  readonly settings: PythonSandboxSettings;
  /** The interpreter and isolation the sandbox uses, found and probed once (the first run does it too). */
  ready(): Promise<{ readonly python: string; readonly isolation: SandboxIsolation }>;
  /**
   * Runs a program once a worker is free. Resolves whatever the program does; rejects only on a sandbox that
   * cannot work (`PythonNotFoundError`, `SandboxStartError`), a bad request (`InvalidArgumentError`) or a full disk.
   */
  run(request: SandboxRun, options?: { readonly signal?: AbortSignal }): Promise<SandboxResult>;
}

const relativePath = z
  .string()
  .min(1)
  .refine(
    (name) => !name.startsWith('/') && name.split('/').every((part) => part !== '' && part !== '.' && part !== '..'),
    'expected a relative path without . or .. parts',
  )
  .refine((name) => name !== programFile, `${programFile} is the program's own file`);

const SandboxRunSchema = z.object({
  program: z.string(),
  files: z.record(relativePath, z.union([z.string(), z.instanceof(Uint8Array)])).optional(),
  outputs: z.array(relativePath).optional(),
});

// A range no account uses: each run gets a uid of its own, so RLIMIT_NPROC counts only that program's processes
// (a fork bomb in one run cannot use up the limit of another beside it, as a shared `nobody` would).
const firstProgramUid = 1_600_000_000;
const programUids = 2 ** 24;

// How long after the launcher's own guard the harness kills it, should the launcher itself be stuck.
const backstopSeconds = 10;

const warned = new Set<string>();

const cancelledBeforeStart: SandboxResult = {
  status: 'killed',
  reason: 'cancelled by the caller',
  exitCode: null,
  signal: null,
  stdout: '',
  stderr: '',
  cpuSeconds: 0,
  wallSeconds: 0,
  outputs: {},
};

/**
 * A sandbox for agent-written Python programs (issue #33). Each run gets a fresh directory with only its inputs,
 * a launcher that applies CPU, address-space, file-size and process limits, drops root to a uid of its own and
 * keeps a wall-clock guard, inside bubblewrap where it works (see `SandboxIsolation`). Hand-written on `spawn`
 * because the pieces it needs (bubblewrap, the kernel's rlimits, `wait4`'s CPU count) are each a few lines to
 * join, and no Node library we know of counts the children's CPU time.
 */
export function createPythonSandbox(options?: PythonSandboxOptions): PythonSandbox {
  const settings = parseOptions(PythonSandboxOptionsSchema, options, 'createPythonSandbox');
  const limiter = new ConcurrencyLimiter(settings.workers);
  const warn = settings.onWarning ?? ((message: string) => process.stderr.write(`boden sandbox: ${message}\n`));
  let pending: Promise<{ python: string; isolation: SandboxIsolation }> | undefined;

  const ready = () => {
    pending ??= (async () => {
      const python = await findPython({ python: settings.python, packages: settings.packages });
      const isolation = await resolveIsolation(settings.isolation, settings.temporaryDirectory);
      if (isolation.warning !== undefined && (settings.onWarning !== undefined || !warned.has(isolation.warning))) {
        if (settings.onWarning === undefined) warned.add(isolation.warning);
        warn(isolation.warning);
      }
      await probeOnce(settings, python, isolation);
      return { python, isolation };
    })();
    pending.catch(() => {
      pending = undefined;
    });
    return pending;
  };

  return {
    settings,
    ready,
    async run(request, { signal } = {}) {
      checkArgument(SandboxRunSchema, request, 'request');
      try {
        return await limiter.run(async () => {
          const { python, isolation } = await ready();
          return runProgram(settings, python, isolation, request, signal);
        }, signal);
      } catch (error) {
        // Cancelled while waiting for a worker: the same answer as cancelled while running.
        if (signal?.aborted && error === signal.reason) return cancelledBeforeStart;
        throw error;
      }
    },
  };
}

const probed = new Map<string, Promise<void>>();

/**
 * Runs a trivial program once per process for each interpreter, isolation and folder: it shows the interpreter
 * starts as the program's uid inside the isolation (one under /root does not), so that failure is the sandbox's,
 * said once, and not every node's.
 */
function probeOnce(settings: PythonSandboxSettings, python: string, isolation: SandboxIsolation): Promise<void> {
  const key = JSON.stringify([python, isolation.kind, settings.temporaryDirectory]);
  let pending = probed.get(key);
  if (pending === undefined) {
    pending = runProgram(settings, python, isolation, { program: 'print("ok")' }, undefined).then((probe) => {
      if (probe.status !== 'ok' || probe.stdout !== 'ok\n') {
        throw new SandboxStartError({ reason: `${python} did not run a trivial program in the sandbox: ${probe.reason}` });
      }
    });
    probed.set(key, pending);
    pending.catch(() => probed.delete(key));
  }
  return pending;
}

/** Runs one program to its end in a fresh directory, removed afterwards. */
async function runProgram(
  settings: PythonSandboxSettings,
  python: string,
  isolation: SandboxIsolation,
  request: SandboxRun,
  signal: AbortSignal | undefined,
): Promise<SandboxResult> {
  const uid = process.getuid?.() === 0 ? firstProgramUid + randomInt(programUids) : null;
  const work = await createWorkDirectory({
    parent: settings.temporaryDirectory,
    program: request.program,
    files: request.files ?? {},
    uid,
  });
  try {
    const launcher: LauncherSettings = {
      python,
      program: programFile,
      cpuSeconds: settings.cpuSeconds,
      memoryBytes: settings.memoryMegabytes * 2 ** 20,
      fileBytes: settings.fileMegabytes * 2 ** 20,
      processes: settings.processes,
      uid,
      wallSeconds: settings.wallSeconds,
    };
    const started = performance.now();
    const end = await launch([...isolation.prefix(work), python, '-I', '-S', '-c', launcherSource, ...launcherArguments(launcher)], {
      work,
      env: programEnvironment(work, python),
      outputBytes: settings.outputBytes,
      backstopMs: (settings.wallSeconds + backstopSeconds) * 1000,
      signal,
    });
    const wallSeconds = (performance.now() - started) / 1000;
    if (end.report?.failure !== undefined) {
      const why = uid === null ? '' : ' (programs run as a uid of their own, which must be able to read and run it: not one under /root)';
      throw new SandboxStartError({ reason: `${python} could not be started: ${end.report.failure}${why}` });
    }
    const judged = judgeRun(end, { ...settings, networkCut: isolation.networkCut, writesConfined: isolation.writesConfined });
    const outputs = await readOutputs(work, request.outputs ?? []);
    return { ...judged, stdout: end.stdout, stderr: end.stderr, wallSeconds, outputs };
  } finally {
    await removeWorkDirectory(work);
  }
}

/**
 * The program's whole environment, nothing inherited: home and temporary files in its own directory, one thread
 * per numeric library (CPU time is then one core's, and results do not depend on the machine's cores), a fixed
 * hash seed, unbuffered output so the lines before a kill are kept.
 */
function programEnvironment(work: string, python: string): NodeJS.ProcessEnv {
  const one = '1';
  return {
    PATH: `${dirname(python)}:/usr/local/bin:/usr/bin:/bin`,
    HOME: work,
    TMPDIR: work,
    USER: 'sandbox',
    LOGNAME: 'sandbox',
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    OMP_NUM_THREADS: one,
    OPENBLAS_NUM_THREADS: one,
    MKL_NUM_THREADS: one,
    NUMEXPR_NUM_THREADS: one,
    VECLIB_MAXIMUM_THREADS: one,
    PYTHONHASHSEED: '0',
    PYTHONDONTWRITEBYTECODE: one,
    PYTHONUNBUFFERED: one,
    MPLBACKEND: 'Agg',
  };
}

/** Spawns the wrapped launcher in a process group of its own and gathers its output and report. */
function launch(
  command: string[],
  options: { work: string; env: NodeJS.ProcessEnv; outputBytes: number; backstopMs: number; signal: AbortSignal | undefined },
): Promise<RunEnd & { stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, command.slice(1), {
      cwd: options.work,
      env: options.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    const stdout = new HeadTailBuffer(options.outputBytes);
    const stderr = new HeadTailBuffer(options.outputBytes);
    const report: Buffer[] = [];
    let reportBytes = 0;
    let backstop = false;
    let cancelled = false;
    let launcherExit = '';
    // The whole group: without a process namespace, this is how the program's leftover children end.
    const killGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const onAbort = () => {
      cancelled = true;
      killGroup();
    };
    const timer = setTimeout(() => {
      backstop = true;
      killGroup();
    }, options.backstopMs);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();
    child.stdout!.on('data', (chunk: Buffer) => stdout.write(chunk));
    child.stderr!.on('data', (chunk: Buffer) => stderr.write(chunk));
    (child.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => {
      reportBytes += chunk.length;
      if (reportBytes <= 65_536) report.push(chunk);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(
        new SandboxStartError({
          reason: `${command[0]} could not be started (${(error as NodeJS.ErrnoException).code ?? error.message})`,
          cause: error,
        }),
      );
    });
    child.on('exit', (code, signal) => {
      launcherExit = signal === null ? `exit code ${code}` : `killed by ${signal}`;
      killGroup();
      // A leftover that left the group (setsid, no process namespace) may hold the pipes open: stop waiting.
      setTimeout(() => child.stdio.forEach((stream) => stream?.destroy()), 2_000).unref();
    });
    child.on('close', () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      const parsed = parseLauncherReport(Buffer.concat(report).toString('utf8'));
      resolve({ report: parsed, stdout: stdout.text(), stderr: stderr.text(), backstop, cancelled, launcherExit });
    });
  });
}
