import { BodenError } from 'boden';

const marker = 'boden.error.python-not-found';
const symbol = Symbol.for(marker);

/** One interpreter `findPython` tried: its path and the packages it could not import (empty when it did not run). */
export interface PythonTried {
  readonly python: string;
  readonly missing: readonly string[];
  /** Why it could not be asked at all (not found, not executable, crashed); undefined when it answered. */
  readonly failure?: string;
}

/** The interpreter Debian's `python3-*` packages install into. */
export const debianPython = '/usr/bin/python3';

/** Debian's package for a Python import name (`sklearn` is `python3-sklearn`, as `.ci/run` installs it). */
const debianPackage = (name: string): string => `python3-${name.toLowerCase()}`;

/**
 * No interpreter imports every package the sandbox needs: names each one tried and what it lacked, and how to
 * fix it. A misconfiguration, so the bench CLI exits 2 with it rather than scoring every node as buggy.
 */
export class PythonNotFoundError extends BodenError {
  private readonly [symbol] = true;
  /** The packages asked for. */
  readonly packages: readonly string[];
  /** Each interpreter tried, in order. */
  readonly tried: readonly PythonTried[];
  /** The packages no interpreter tried could import (all of them when none ran). */
  readonly missing: readonly string[];

  constructor({ packages, tried }: { packages: readonly string[]; tried: readonly PythonTried[] }) {
    const ran = tried.filter((entry) => entry.failure === undefined);
    // Name what Debian's interpreter lacks, since the hint installs Debian packages; else the closest candidate's.
    const closest = ran.find((entry) => entry.python === debianPython) ?? [...ran].sort((a, b) => a.missing.length - b.missing.length)[0];
    const missing = closest?.missing ?? packages;
    const each = tried.map((entry) => `${entry.python} (${entry.failure ?? `missing ${entry.missing.join(', ')}`})`).join(', ');
    super({
      name: 'BodenPythonNotFoundError',
      message:
        `no python3 imports ${missing.join(', ')}: tried ${each || 'nothing (no python3 on PATH)'}; ` +
        `install ${missing.map(debianPackage).join(' ')} or pass --python`,
    });
    this.packages = packages;
    this.tried = tried;
    this.missing = missing;
  }

  /** True when `error` is a `PythonNotFoundError` (across duplicate installs). */
  static override isInstance(error: unknown): error is PythonNotFoundError {
    return BodenError.hasMarker(error, marker);
  }
}
