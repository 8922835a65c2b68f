import type { TrajectoryReader } from '../../src/episode/trajectory-reader.js';
import { importTrajectory } from './import-trajectory.js';
import { isOpenEvolveCheckpoint } from './openevolve-importer.js';

/** The `TrajectoryReader` of every format the importers read: give it to `buildCorpus` or `readSolutions` as `trajectories`. */
export const trajectoryReader: TrajectoryReader = {
  isTrajectoryDirectory: isOpenEvolveCheckpoint,
  read: (path) => importTrajectory(path),
};
