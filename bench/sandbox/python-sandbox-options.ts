import { availableParallelism, tmpdir } from 'node:os';
import { z } from 'zod';
import { defaultPythonPackages } from './find-python.js';

const isFunction = (value: unknown): boolean => typeof value === 'function';

/**
 * Options of `createPythonSandbox`: the interpreter, each program's limits, how many run at once and how they are
 * isolated. Limits apply to every program the sandbox runs.
 */
export const PythonSandboxOptionsSchema = z
  .strictObject({
    /** The interpreter (`--python PATH`); default the first `python3` that imports `packages` (see `findPython`). */
    python: z.string().min(1).optional(),
    /** Import names the interpreter must import; a missing one is a `PythonNotFoundError` at the first run. */
    packages: z.array(z.string().regex(/^[A-Za-z_][\w.]*$/, 'expected a Python import name')).default([...defaultPythonPackages]),
    /**
     * CPU seconds (user + system) a program may use: what decides "too slow", so a program scores the same under
     * any load. Each process is stopped at it (RLIMIT_CPU); a program whose processes together use more fails too.
     */
    cpuSeconds: z.number().int().positive().default(60),
    /** Address space of each of a program's processes, in MiB (RLIMIT_AS). */
    memoryMegabytes: z.number().int().min(64).default(4096),
    /** Wall-clock hang guard (sleeps, waits on input); default 4 × `cpuSeconds` + 30, far above any CPU-bound run. */
    wallSeconds: z.number().positive().optional(),
    /** Bytes kept of each of stdout and stderr: half from the head, half from the tail, where a traceback ends. */
    outputBytes: z
      .number()
      .int()
      .min(256)
      .default(64 * 1024),
    /** Largest file a program may write, in MiB (RLIMIT_FSIZE), so one cannot fill the disk. */
    fileMegabytes: z.number().int().positive().default(1024),
    /** Processes and threads a program may have at once (RLIMIT_NPROC), so a fork bomb stops at it. */
    processes: z.number().int().min(1).default(64),
    /** Programs run at once (`--workers`); the others wait their turn. */
    workers: z
      .number()
      .int()
      .positive()
      .default(() => availableParallelism()),
    /**
     * `bubblewrap`: a read-only view of the system, no network, own process namespace (fails if bubblewrap does not
     * work here); `none`: run plainly; `auto`: bubblewrap when it works, else a bare network namespace when root,
     * else plainly. What is not enforced is said once through `onWarning`.
     */
    isolation: z.enum(['auto', 'bubblewrap', 'none']).default('auto'),
    /** Where the programs' temporary directories go; default the system's. */
    temporaryDirectory: z
      .string()
      .min(1)
      .default(() => tmpdir()),
    /** Told once what the sandbox cannot enforce here; default a line on stderr. */
    onWarning: z.custom<(message: string) => void>(isFunction, 'expected a function (message) => void').optional(),
  })
  .transform((options) => ({ ...options, wallSeconds: options.wallSeconds ?? 4 * options.cpuSeconds + 30 }));

/** What `createPythonSandbox` takes. */
export type PythonSandboxOptions = z.input<typeof PythonSandboxOptionsSchema>;

/** The options with every default filled in. */
export type PythonSandboxSettings = z.output<typeof PythonSandboxOptionsSchema>;
