import { expandTrajectoryInputs, importTrajectory, type ImportTrajectoryOptions } from '../../adapters/trajectory/index.js';
import type { Run } from '../episode/run.js';
import { describeFailure } from './describe-failure.js';
import type { Progress } from './progress.js';
import { escapeCell } from './text-table.js';

/** An input that could not be read, with the message to show. */
export interface FailedInput {
  readonly path: string;
  readonly message: string;
}

/** Imports every trajectory under `paths`; good runs come back in input order, bad inputs are collected. */
export async function loadRuns(
  paths: readonly string[],
  options: ImportTrajectoryOptions & { progress: Progress },
): Promise<{ runs: Run[]; failures: FailedInput[]; inputs: number }> {
  const inputs = await expandTrajectoryInputs(paths);
  const runs: Run[] = [];
  const failures: FailedInput[] = [];
  for (const [position, input] of inputs.entries()) {
    options.progress.update(`importing ${position + 1}/${inputs.length}: ${input}`);
    try {
      runs.push(...(await importTrajectory(input, options)));
    } catch (error) {
      failures.push({ path: input, message: describeFailure(error) });
    }
  }
  options.progress.end();
  return { runs, failures, inputs: inputs.length };
}

/** What a command says when `paths` held no trajectory at all (and none failed): a wrong folder must not look like an empty result. */
export function noTrajectoriesFound(command: string, paths: readonly string[]): string {
  return `boden ${command}: no trajectories found in ${paths.map(escapeCell).join(', ')} (looked for .json/.jsonl files and OpenEvolve checkpoints)`;
}
