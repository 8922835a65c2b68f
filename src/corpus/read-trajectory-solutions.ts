import { importTrajectory, type ImportTrajectoryOptions } from '../../adapters/trajectory/index.js';
import type { CorpusSolution } from './corpus-solution.js';

/**
 * Reads a trajectory in any format `importTrajectory` reads; each episode becomes a solution with id
 * `<run id>/<episode id>`, its plan and final code, score and end time. Throws what the importer throws.
 */
export async function readTrajectorySolutions(path: string, { task, ...options }: ImportTrajectoryOptions & { task: string }): Promise<CorpusSolution[]> {
  const runs = await importTrajectory(path, options);
  return runs.flatMap((run) =>
    run.episodes.map((episode) => ({
      id: `${run.id}/${episode.id}`,
      task,
      source: path,
      origin: 'trajectory' as const,
      author: null,
      timestamp: episode.timestamps.end,
      medal: null,
      score: episode.score,
      plan: episode.plan,
      code: episode.code,
    })),
  );
}
