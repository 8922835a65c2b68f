import type { RandomSource } from 'boden';
import type { Point } from './deceptive-maze.js';

/** How a path is encoded: `length` steps, each at most `stepSize` along x and along y. */
export interface MazeGenomeShape {
  readonly length: number;
  readonly stepSize: number;
}

/** The default genome: 40 steps of at most 0.08, enough path for the detour round the wall twice over. */
export const defaultGenomeShape: MazeGenomeShape = { length: 24, stepSize: 0.12 };

/** A random path: every step uniform in [−stepSize, stepSize]². */
export function randomGenome(random: RandomSource, shape: MazeGenomeShape = defaultGenomeShape): Point[] {
  return Array.from({ length: shape.length }, () => ({ x: uniform(random, shape.stepSize), y: uniform(random, shape.stepSize) }));
}

/**
 * A mutated copy: each step is redrawn with probability `rate` (at least one step always is), the classic
 * per-gene mutation of a direct encoding.
 */
export function mutateGenome(
  genome: readonly Point[],
  random: RandomSource,
  shape: MazeGenomeShape = defaultGenomeShape,
  rate = 0.1,
): Point[] {
  const forced = Math.floor(random() * genome.length);
  return genome.map((step, index) =>
    index === forced || random() < rate ? { x: uniform(random, shape.stepSize), y: uniform(random, shape.stepSize) } : step,
  );
}

/** The genome as the program text a node carries (what a novelty scorer or a judge would read). */
export function renderGenome(genome: readonly Point[]): string {
  return `steps = [\n${genome.map((step) => `  (${step.x.toFixed(4)}, ${step.y.toFixed(4)}),`).join('\n')}\n]\n`;
}

function uniform(random: RandomSource, half: number): number {
  return (2 * random() - 1) * half;
}
