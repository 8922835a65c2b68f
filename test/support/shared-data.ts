import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (where package.json is). */
export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `../shared` beside the project: the paper's data, present on developer machines and in CI only. */
export const sharedRoot = resolve(projectRoot, '..', 'shared');

/** True when `../shared/data` exists; suites that read it skip otherwise. */
export const hasSharedData = existsSync(join(sharedRoot, 'data', 'trajectories'));

if (!hasSharedData) {
  console.warn(`[boden tests] ${sharedRoot}/data is absent: the suites that read the shared trajectories and labels are skipped.`);
}

/** Path of a file under `../shared/data`. */
export function sharedDataPath(...parts: string[]): string {
  return join(sharedRoot, 'data', ...parts);
}
