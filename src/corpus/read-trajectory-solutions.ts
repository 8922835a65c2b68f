import type { TrajectoryReader } from '../episode/trajectory-reader.js';
import type { CorpusSolution } from './corpus-solution.js';

/**
 * Reads a trajectory with `reader` (e.g. `trajectoryReader` of `boden/adapters/trajectory`); each episode becomes a
 * solution with id `<run id>/<episode id>`, its plan and final code, score and end time. Throws what the reader throws.
 */
export async function readTrajectorySolutions(
  path: string,
  { task, reader }: { task: string; reader: TrajectoryReader },
): Promise<CorpusSolution[]> {
  const runs = await reader.read(path);
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
