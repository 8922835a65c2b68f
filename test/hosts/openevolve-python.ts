import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { findPython } from '../../bench/sandbox/find-python.js';
import { PythonNotFoundError } from '../../bench/sandbox/python-not-found-error.js';
import { projectRoot, sharedRoot } from '../support/shared-data.js';

/** The unmodified OpenEvolve source (algorithmicsuperintelligence/openevolve @ 411fb59) beside the project. */
export const openEvolveRoot = join(sharedRoot, 'hosts', 'openevolve');

/** Why the OpenEvolve tests cannot run here (the source is absent), or undefined. */
export const openEvolveAbsent = existsSync(join(openEvolveRoot, 'openevolve', 'controller.py'))
  ? undefined
  : `${openEvolveRoot} is absent (OpenEvolve @ 411fb59; see ../shared/hosts/README.md)`;

// What OpenEvolve imports at import time, and Debian's package for each; `openai` is the project's stand-in.
const debianPackages: Record<string, string> = { numpy: 'python3-numpy', yaml: 'python3-yaml', dacite: 'python3-dacite' };

/** A python3 that imports OpenEvolve's dependencies, or why there is none (naming the module and Debian's package). */
export async function openEvolvePython(): Promise<{ python: string } | { skip: string }> {
  try {
    return { python: await findPython({ packages: Object.keys(debianPackages) }) };
  } catch (error) {
    if (!(error instanceof PythonNotFoundError)) throw error;
    const missing = [...new Set(error.tried.flatMap((tried) => tried.missing))];
    const named = missing.map((module) => `${module} (${debianPackages[module] ?? 'no Debian package'})`).join(', ');
    return { skip: `no python3 imports OpenEvolve's dependencies: missing ${named || 'a working interpreter'}` };
  }
}

/** The environment that runs the real OpenEvolve: its source, the stand-in `openai`, boden's client and recipe. */
export function openEvolveEnvironment(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const path = [
    join(projectRoot, 'test', 'fixtures', 'python-shims-openevolve'),
    openEvolveRoot,
    join(projectRoot, 'examples', 'python'),
    join(projectRoot, 'clients', 'python'),
  ].join(delimiter);
  return { ...process.env, PYTHONPATH: path, PYTHONDONTWRITEBYTECODE: '1', OPENAI_API_KEY: 'fake', ...extra };
}
