import { dirname, resolve } from 'node:path';
import { importTrajectory } from '../../adapters/trajectory/index.js';
import type { Run } from '../episode/run.js';
import { readReferenceLabels, type ReferenceLabel } from '../validation/reference-label.js';
import { describeFailure } from './describe-failure.js';
import type { Progress } from './progress.js';

/**
 * Reads a labels file and imports every trajectory its labels name, relative to `dataRoot` (default: the parent of
 * the labels' folder, as in `shared/data`). A trajectory that cannot be read is kept with its message, so its labels
 * are reported unmatched; a bad labels file throws.
 */
export async function loadLabelledRuns(options: {
  readonly labelsFile: string;
  readonly dataRoot?: string | undefined;
  readonly progress: Progress;
}): Promise<{ labels: ReferenceLabel[]; runsByFile: Map<string, Run[] | { error: string }> }> {
  const labels = await readReferenceLabels(options.labelsFile);
  const dataRoot = options.dataRoot ?? dirname(dirname(resolve(options.labelsFile)));
  const files = [...new Set(labels.map((label) => label.file))];
  const runsByFile = new Map<string, Run[] | { error: string }>();
  for (const [position, file] of files.entries()) {
    options.progress.update(`importing ${position + 1}/${files.length}: ${file}`);
    try {
      runsByFile.set(file, await importTrajectory(resolve(dataRoot, file)));
    } catch (error) {
      runsByFile.set(file, { error: describeFailure(error) });
    }
  }
  return { labels, runsByFile };
}
