import { describe, expect, it } from 'vitest';
import { judgeRun, type RunContext, type RunEnd } from '../../../bench/sandbox/sandbox-result.js';

const context: RunContext = {
  cpuSeconds: 60,
  memoryMegabytes: 4096,
  processes: 64,
  wallSeconds: 270,
  networkCut: true,
  writesConfined: true,
};
const end = (overrides: Partial<RunEnd> & { report?: RunEnd['report'] }): RunEnd => ({
  report: { exitCode: 1, signal: null, cpuSeconds: 1, wallLimit: false },
  stderr: '',
  backstop: false,
  cancelled: false,
  launcherExit: 'exit code 0',
  ...overrides,
});

describe('judgeRun: how a program ended, in a status and one line', () => {
  it('a SIGKILL that no limit of the sandbox sent is killed', () => {
    expect(judgeRun(end({ report: { exitCode: null, signal: 9, cpuSeconds: 3, wallLimit: false } }), context)).toMatchObject({
      status: 'killed',
      signal: 'SIGKILL',
      reason: 'killed by SIGKILL from outside the sandbox (the kernel out-of-memory killer, or another process)',
    });
  });

  it('a SIGKILL at the hard CPU limit (a program that ignores SIGXCPU) is cpu-limit', () => {
    expect(judgeRun(end({ report: { exitCode: null, signal: 9, cpuSeconds: 61, wallLimit: false } }), context).status).toBe('cpu-limit');
  });

  it('processes that together use more CPU than the limit are cpu-limit, even when each stayed under it', () => {
    const judged = judgeRun(end({ report: { exitCode: 0, signal: null, cpuSeconds: 90.5, wallLimit: false } }), context);
    expect(judged).toMatchObject({ status: 'cpu-limit', reason: 'exceeded the CPU limit of 60 s: its processes together used 90.5 s CPU' });
  });

  it('a crash names its signal and the last line it printed', () => {
    const judged = judgeRun(
      end({ report: { exitCode: null, signal: 11, cpuSeconds: 1, wallLimit: false }, stderr: 'Fatal Python error: Segmentation fault\n' }),
      context,
    );
    expect(judged).toMatchObject({ status: 'error', reason: 'crashed with SIGSEGV: Fatal Python error: Segmentation fault' });
  });

  it("C++'s bad_alloc (xgboost past the address-space limit) is memory-limit", () => {
    const stderr = "terminate called after throwing an instance of 'std::bad_alloc'\n  what():  std::bad_alloc\n";
    expect(judgeRun(end({ report: { exitCode: null, signal: 6, cpuSeconds: 1, wallLimit: false }, stderr }), context)).toMatchObject({
      status: 'memory-limit',
      reason: 'exceeded the memory limit of 4096 MiB: what():  std::bad_alloc',
    });
  });

  it('a silent failure and a launcher that was killed before reporting both say so', () => {
    expect(judgeRun(end({ report: { exitCode: 3, signal: null, cpuSeconds: 1, wallLimit: false } }), context).reason).toBe(
      'exited with code 3 and printed nothing on stderr',
    );
    expect(judgeRun(end({ report: undefined, launcherExit: 'exit code 137' }), context)).toMatchObject({
      status: 'killed',
      cpuSeconds: Number.NaN,
      reason: "the sandbox's launcher ended without a report (exit code 137); the program may have signalled it",
    });
  });

  it('a read-only file system is a write outside the directory only where writes are confined', () => {
    const stderr = "OSError: [Errno 30] Read-only file system: '/usr/x'\n";
    expect(judgeRun(end({ stderr }), context).reason).toBe(
      "tried to write outside its directory: OSError: [Errno 30] Read-only file system: '/usr/x'",
    );
    expect(judgeRun(end({ stderr }), { ...context, writesConfined: false }).reason).toBe(
      "OSError: [Errno 30] Read-only file system: '/usr/x'",
    );
  });

  it("quotes a traceback's exception line, not the last line of a message that runs over several", () => {
    const stderr =
      'Traceback (most recent call last):\n  File "program.py", line 3, in <module>\n    model.fit(X, y)\nValueError: Input X contains NaN.\nRidge does not accept missing values encoded as NaN natively.\n';
    expect(judgeRun(end({ stderr }), context).reason).toBe('ValueError: Input X contains NaN.');
    expect(judgeRun(end({ stderr: 'no traceback here\nthe last line\n' }), context).reason).toBe('the last line');
  });
});
