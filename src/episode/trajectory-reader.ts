import type { Run } from './run.js';

/**
 * Role: reads agent trajectories into runs, for the parts of the core that take trajectories among other inputs
 * (`readSolutions`, `buildCorpus`). The core declares it and never imports an implementation; `trajectoryReader`
 * of `boden/adapters/trajectory` (AIDE, AIRA-dojo, AI-Scientist-v2, OpenEvolve, boden's episode files) is one.
 */
export interface TrajectoryReader {
  /** True when a directory is one trajectory (an OpenEvolve checkpoint) rather than a folder of inputs. */
  isTrajectoryDirectory(path: string): Promise<boolean>;
  /** Reads one trajectory file or directory into its runs; throws the reader's typed errors. */
  read(path: string): Promise<Run[]>;
}

/** True when `value` has the shape of a `TrajectoryReader`. */
export function isTrajectoryReader(value: unknown): value is TrajectoryReader {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as TrajectoryReader).read === 'function' &&
    typeof (value as TrajectoryReader).isTrajectoryDirectory === 'function'
  );
}
