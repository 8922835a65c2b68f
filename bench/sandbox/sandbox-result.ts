import { constants } from 'node:os';
import type { LauncherReport } from './sandbox-launcher.js';

/**
 * How a program ended. `ok`: exit 0. `error`: it failed (non-zero exit, traceback, crash), the write outside its
 * directory, the refused connection and the fork refused at the process limit included (the reason says which).
 * `cpu-limit`, `memory-limit`, `wall-limit`: that limit of the sandbox stopped it (CPU time, address space, the
 * wall-clock hang guard). `killed`: SIGKILL from outside the sandbox's limits (the kernel's out-of-memory killer,
 * an operator) or a cancelled run. All but `ok` are buggy nodes. The same names as `ProgramRun` in bench/code.
 */
export type SandboxStatus = 'ok' | 'error' | 'cpu-limit' | 'memory-limit' | 'wall-limit' | 'killed';

/** What `PythonSandbox.run` returns: never thrown, whatever the program did. */
export interface SandboxResult {
  readonly status: SandboxStatus;
  /** One line fit for a debug prompt: a traceback's last line, or which limit and by how much; '' when `ok`. */
  readonly reason: string;
  /** The program's exit code; null when a signal ended it. */
  readonly exitCode: number | null;
  /** The signal that ended it, e.g. `SIGXCPU`; null when it exited. */
  readonly signal: NodeJS.Signals | null;
  /** Its standard output, cut to the sandbox's `outputBytes` (head and tail kept). */
  readonly stdout: string;
  /** Its standard error, cut the same way. */
  readonly stderr: string;
  /** User + system CPU seconds of the program and the children it waited for; NaN when the launcher could not say. */
  readonly cpuSeconds: number;
  /** Wall-clock seconds from start to end, the sandbox's own overhead included (never used to judge the program). */
  readonly wallSeconds: number;
  /** Each requested output file's bytes; undefined when it is missing (or not a regular file inside the directory). */
  readonly outputs: Readonly<Record<string, Buffer | undefined>>;
}

/** The limits and isolation a run had, for the reasons' wording. */
export interface RunContext {
  readonly cpuSeconds: number;
  readonly memoryMegabytes: number;
  readonly processes: number;
  readonly wallSeconds: number;
  readonly networkCut: boolean;
  readonly writesConfined: boolean;
}

/** How the run ended as seen from outside the launcher. */
export interface RunEnd {
  /** The launcher's report; undefined when it ended without one. */
  readonly report: LauncherReport | undefined;
  readonly stderr: string;
  /** The sandbox killed the run at its own wall-clock backstop (the launcher did not). */
  readonly backstop: boolean;
  /** The caller cancelled the run. */
  readonly cancelled: boolean;
  /** How the launcher's process ended, for the reason when there is no report. */
  readonly launcherExit: string;
}

const signalNames = new Map(Object.entries(constants.signals).map(([name, number]) => [number, name as NodeJS.Signals]));

// Python's MemoryError and numpy's _ArrayMemoryError, C++'s bad_alloc (xgboost), C's ENOMEM.
const memoryPattern = /MemoryError|bad_alloc|Cannot allocate memory|out of memory/i;
// fork() and thread starts fail with EAGAIN at RLIMIT_NPROC.
const processPattern = /BlockingIOError: \[Errno 11\]|can't start new thread|Resource temporarily unavailable/;
const readOnlyPattern = /\[Errno 30\] Read-only file system/;
const networkPattern =
  /\[Errno (?:101|111|113|99|-2|-3)\]|Network is unreachable|Connection refused|Name or service not known|Temporary failure in name resolution/;

const seconds = (value: number): string => `${Number(value.toFixed(2))} s`;

/** A Python exception's own line in a traceback: its type (dotted names allowed), then its message or nothing. */
const exceptionLine = /^[A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning|Iteration|Fault)(?::\s|$)/;

/**
 * The line a reason quotes, trimmed and capped so it stays one line: the last line of `text` that starts a Python
 * exception (`ValueError: …`) when a traceback holds one, since a library's message may run over several lines
 * (scikit-learn's do) and its last line alone does not say what failed; otherwise the last non-empty line.
 */
export function lastLine(text: string): string {
  const lines = text
    .trimEnd()
    .split('\n')
    .map((each) => each.trim());
  const traceback = lines.findLastIndex((each) => each.startsWith('Traceback (most recent call last)'));
  const exception = traceback === -1 ? undefined : lines.slice(traceback).findLast((each) => exceptionLine.test(each));
  const line = exception ?? lines.at(-1) ?? '';
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}

/**
 * The last of the last few lines of `text` that matches `pattern`, or undefined. A window, not only the last line:
 * the processes of a fork bomb interleave their tracebacks, and a program may fail again while handling the error.
 */
function lastMatching(text: string, pattern: RegExp): string | undefined {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .slice(-5);
  const found = lines.reverse().find((line) => pattern.test(line));
  return found === undefined ? undefined : lastLine(found);
}

/** Status, reason, exit code and signal of a run: the one place a program's ending is judged. */
export function judgeRun(
  end: RunEnd,
  context: RunContext,
): Pick<SandboxResult, 'status' | 'reason' | 'exitCode' | 'signal' | 'cpuSeconds'> {
  const { report } = end;
  const guard = `the wall-clock guard of ${seconds(context.wallSeconds)}`;
  if (report === undefined) {
    const base = { exitCode: null, signal: null, cpuSeconds: Number.NaN };
    if (end.cancelled) return { ...base, status: 'killed', reason: 'cancelled by the caller' };
    if (end.backstop) return { ...base, status: 'wall-limit', reason: `still running after ${guard} (the launcher did not stop it)` };
    return {
      ...base,
      status: 'killed',
      reason: `the sandbox's launcher ended without a report (${end.launcherExit}); the program may have signalled it`,
    };
  }
  const signal = report.signal === null ? null : (signalNames.get(report.signal) ?? null);
  const base = { exitCode: report.exitCode, signal, cpuSeconds: report.cpuSeconds };
  const used = `used ${seconds(report.cpuSeconds)} CPU`;
  const line = lastLine(end.stderr);
  const failed = report.exitCode !== 0;
  if (end.cancelled) return { ...base, status: 'killed', reason: 'cancelled by the caller' };
  if (report.wallLimit) {
    const said = line === '' ? '' : `; its last line on stderr: ${line}`;
    return {
      ...base,
      status: 'wall-limit',
      reason: `still running after ${guard}, having ${used}: it waits on something (sleep, input, a lock, a thread)${said}`,
    };
  }
  if (signal === 'SIGXCPU' || (signal === 'SIGKILL' && report.cpuSeconds >= context.cpuSeconds)) {
    return { ...base, status: 'cpu-limit', reason: `exceeded the CPU limit of ${seconds(context.cpuSeconds)}` };
  }
  if (report.cpuSeconds > context.cpuSeconds) {
    return {
      ...base,
      status: 'cpu-limit',
      reason: `exceeded the CPU limit of ${seconds(context.cpuSeconds)}: its processes together ${used}`,
    };
  }
  const memory = failed ? lastMatching(end.stderr, memoryPattern) : undefined;
  if (memory !== undefined)
    return { ...base, status: 'memory-limit', reason: `exceeded the memory limit of ${context.memoryMegabytes} MiB: ${memory}` };
  const processes = failed ? lastMatching(end.stderr, processPattern) : undefined;
  if (processes !== undefined) {
    return { ...base, status: 'error', reason: `exceeded the limit of ${context.processes} processes and threads: ${processes}` };
  }
  if (signal === 'SIGKILL') {
    return {
      ...base,
      status: 'killed',
      reason: 'killed by SIGKILL from outside the sandbox (the kernel out-of-memory killer, or another process)',
    };
  }
  if (signal !== null) return { ...base, status: 'error', reason: `crashed with ${signal}${line === '' ? '' : `: ${line}`}` };
  if (!failed) return { ...base, status: 'ok', reason: '' };
  if (line === '') return { ...base, status: 'error', reason: `exited with code ${report.exitCode} and printed nothing on stderr` };
  if (context.writesConfined && readOnlyPattern.test(line))
    return { ...base, status: 'error', reason: `tried to write outside its directory: ${line}` };
  if (context.networkCut && networkPattern.test(line))
    return { ...base, status: 'error', reason: `tried to use the network, which the sandbox cuts: ${line}` };
  return { ...base, status: 'error', reason: line };
}
