import { execFile } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { debianPython, PythonNotFoundError, type PythonTried } from './python-not-found-error.js';

/** What the bench's programs import: the packages `.ci/run` installs as Debian's python3-* packages. */
export const defaultPythonPackages: readonly string[] = ['numpy', 'scipy', 'pandas', 'sklearn'];

/** Options of `findPython`. */
export interface FindPythonOptions {
  /** An interpreter to check (`--python PATH`); without it, each `python3` on PATH, then Debian's. */
  readonly python?: string | undefined;
  /** Import names every candidate must import. */
  readonly packages?: readonly string[];
  /** The search path; default `process.env.PATH`. */
  readonly path?: string;
}

// Imports each package for real (find_spec would pass a broken install) and prints the interpreter's real path, so a
// pyenv shim resolves to the binary it runs (a shim needs $HOME/.pyenv, which a sandboxed program cannot read).
const probe = `import importlib, json, sys
missing = []
for name in sys.argv[1:]:
    try:
        importlib.import_module(name)
    except BaseException:
        missing.append(name)
print(json.dumps({"executable": sys.executable, "missing": missing}))`;

const found = new Map<string, Promise<string>>();

/**
 * The interpreter programs run with: `python` when it imports every package, else the first `python3` on PATH that
 * does, else Debian's `/usr/bin/python3`; throws `PythonNotFoundError` naming each one tried and what it lacked.
 * Cached per process (importing scikit-learn takes about a second).
 */
export function findPython(options: FindPythonOptions = {}): Promise<string> {
  const packages = options.packages ?? defaultPythonPackages;
  const candidates = options.python !== undefined ? [options.python] : pathCandidates(options.path ?? process.env.PATH ?? '');
  const key = JSON.stringify([candidates, packages]);
  let pending = found.get(key);
  if (pending === undefined) {
    pending = search(candidates, packages, options.python !== undefined);
    found.set(key, pending);
    // A failure is not cached: the user may install the packages and try again in the same process (a long sweep).
    pending.catch(() => found.delete(key));
  }
  return pending;
}

/** Each `python3` on the search path, then Debian's, without repeats. */
function pathCandidates(path: string): string[] {
  const candidates = path
    .split(delimiter)
    .filter((directory) => directory !== '')
    .map((directory) => join(directory, 'python3'));
  return [...new Set([...candidates, debianPython])];
}

async function search(candidates: readonly string[], packages: readonly string[], given: boolean): Promise<string> {
  const tried: PythonTried[] = [];
  for (const python of candidates) {
    const answer = await ask(python, packages);
    // A directory of PATH without python3 is not worth naming; an interpreter the user gave is.
    if (answer === undefined && given) tried.push({ python, missing: [], failure: 'no such file' });
    if (answer === undefined) continue;
    if ('failure' in answer) tried.push({ python, missing: [], failure: answer.failure });
    else if (answer.missing.length === 0) return answer.executable;
    else tried.push({ python, missing: answer.missing });
  }
  throw new PythonNotFoundError({ packages, tried });
}

type Answer = { readonly executable: string; readonly missing: string[] } | { readonly failure: string };

/** Runs the probe with `python`: its answer, a failure in words, or undefined when there is no such file. */
function ask(python: string, packages: readonly string[]): Promise<Answer | undefined> {
  return new Promise((resolve) => {
    execFile(python, ['-c', probe, ...packages], { timeout: 120_000, encoding: 'utf8' }, (error, stdout, stderr) => {
      const code = (error as NodeJS.ErrnoException | null)?.code;
      if (code === 'ENOENT') return resolve(undefined);
      if (error !== null) {
        const detail = typeof code === 'string' ? code : stderr.trim().split('\n').at(-1) || error.message;
        return resolve({ failure: `could not run: ${detail}` });
      }
      try {
        const parsed = JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as { executable: string; missing: string[] };
        resolve({ executable: parsed.executable || python, missing: parsed.missing });
      } catch {
        resolve({ failure: 'printed no answer' });
      }
    });
  });
}
