import { tmpdir } from 'node:os';
import { findPython } from '../../../bench/sandbox/find-python.js';
import { resolveIsolation } from '../../../bench/sandbox/sandbox-isolation.js';

/**
 * What the sandbox tests need from the machine, found once: an interpreter with numpy, scipy, pandas and
 * scikit-learn, and a working bubblewrap. Each is undefined when present, else why it is missing, so a test can
 * skip with a title that says what is missing instead of failing.
 */
export const missingPython: string | undefined = await findPython().then(
  () => undefined,
  (error: Error) => error.message,
);

/** Why bubblewrap cannot isolate programs here, or undefined when it can. */
export const missingBubblewrap: string | undefined = await resolveIsolation('bubblewrap', tmpdir()).then(
  () => undefined,
  (error: Error) => error.message,
);

/** A test title that says why it is skipped when `missing` is set. */
export function needs(title: string, ...missing: (string | undefined)[]): string {
  const why = missing.filter((reason) => reason !== undefined);
  return why.length === 0 ? title : `${title} (skipped: ${why.join('; ')})`;
}
