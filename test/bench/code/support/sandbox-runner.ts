import type { ProgramRunner } from '../../../../bench/code/code-task.js';
import { createPythonSandbox, findPython } from '../../../../bench/sandbox/index.js';

/** The interpreter the sandbox picks that imports everything the tabular scripts use, or null (the tests then skip). */
export async function findScientificPython(): Promise<string | null> {
  return findPython({ packages: ['numpy', 'scipy', 'pandas', 'sklearn', 'xgboost'] }).catch(() => null);
}

/** The code tasks' runner in tests: the sandbox itself, as `boden bench --agent code` runs programs. */
export function sandboxRunner(options: {
  readonly python: string;
  readonly cpuSeconds: number;
  readonly wallSeconds: number;
}): ProgramRunner {
  const sandbox = createPythonSandbox({
    python: options.python,
    packages: ['numpy', 'scipy', 'pandas', 'sklearn', 'xgboost'],
    cpuSeconds: options.cpuSeconds,
    wallSeconds: options.wallSeconds,
    workers: 2,
  });
  return (request) => sandbox.run(request);
}
