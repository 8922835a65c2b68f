import { z } from 'zod';
import { createAideGreedySearch, createAideGreedySelector, type AideNode } from 'boden/adapters/aide-greedy';
import type { OperatorProposal } from 'boden/adapters/search-loop';
import { parseOptions, createSeededRandom, functionNoveltySource, noveltyBonus, type Selector, wrapSelector } from 'boden';
import { BehaviourArchive } from './behaviour-archive.js';
import { deceptiveMaze, distance, simulateMaze, type Point } from './deceptive-maze.js';
import { mutateGenome, randomGenome, renderGenome } from './maze-genome.js';

/** The arms of the maze control: objective only (AIDE's greedy policy as is), or shaped by a behaviour-novelty bonus. */
export const mazeArms = ['objective', 'novelty-bonus'] as const;

/** Options of `runMazeSearch`. */
export const MazeSearchOptionsSchema = z.strictObject({
  arm: z.enum(mazeArms),
  seed: z.number().int(),
  /** Evaluations (robots simulated). */
  budget: z.number().int().min(1).default(2_500),
  /** λ of the novelty bonus (the `novelty-bonus` arm). */
  strength: z.number().min(0).default(5),
  /**
   * Which novelty the bonus reads: `current` (against the archive as it is at each selection, novelty search) or
   * `admission` (fixed when the node was created, boden's P-creativity default: stale here, see bench/README.md).
   */
  timing: z.enum(['admission', 'current']).default('current'),
  /** Grid cell side of the behaviour archive. */
  cellSize: z.number().gt(0).max(1).default(0.05),
});

/** Options of `runMazeSearch` as callers write them. */
export type MazeSearchOptions = z.input<typeof MazeSearchOptionsSchema>;

/** What one maze run found. */
export interface MazeSearchResult {
  readonly arm: (typeof mazeArms)[number];
  /** The bonus's novelty timing (meaningful for the `novelty-bonus` arm). */
  readonly timing: 'admission' | 'current';
  readonly seed: number;
  readonly budget: number;
  /** True when some robot ended within the goal radius. */
  readonly solved: boolean;
  /** Evaluations until the first robot reached the goal (null when none did). */
  readonly evaluationsToGoal: number | null;
  /** The closest any robot ended to the goal. */
  readonly bestDistance: number;
  /** Share of the 10 × 10 grid of cells in which some robot ended: how much of the maze the search covered. */
  readonly coverage: number;
}

/**
 * One search of the deceptive maze through boden's own adapter and middleware: AIDE's greedy policy
 * (`createAideGreedySearch`) drafts random paths and improves the best one by mutation, the metric being the final
 * distance to the goal (lower is better). The `novelty-bonus` arm wraps the same policy with `noveltyBonus` over a
 * `functionNoveltySource` whose novelty is novelty search's behaviour sparseness (where the robot ends, against
 * every earlier robot, `BehaviourArchive`), read afresh at every selection (`timing: 'current'`) and decayed by
 * 1 / (1 + children). The objective itself is never changed,
 * so a solved run is the middleware's doing. Deterministic for a seed.
 */
export async function runMazeSearch(options: MazeSearchOptions): Promise<MazeSearchResult> {
  const parsed = parseOptions(MazeSearchOptionsSchema, options, 'runMazeSearch');
  const maze = deceptiveMaze;
  const random = createSeededRandom(parsed.seed);
  const genomes = new Map<string, Point[]>();
  const ends = new Map<string, Point>();
  const endOf = (code: string): Point => {
    let end = ends.get(code);
    if (end === undefined) ends.set(code, (end = simulateMaze(maze, genomes.get(code) ?? []).end));
    return end;
  };
  const propose = (genome: Point[], plan: string): OperatorProposal => {
    const code = renderGenome(genome);
    genomes.set(code, genome);
    return { plan, code };
  };

  let selector: Selector<AideNode> = createAideGreedySelector({ debugProbability: 0 });
  if (parsed.arm === 'novelty-bonus') {
    const archive = new BehaviourArchive(parsed.cellSize);
    const source = functionNoveltySource({
      id: 'maze-behaviour',
      novelty: (node) => archive.novelty(endOf(node.code)),
      observe: (node) => archive.add(endOf(node.code)),
      current: true,
    });
    selector = wrapSelector({
      selector,
      middleware: [noveltyBonus({ source, strength: parsed.strength, decay: 'children', timing: parsed.timing })],
    });
  }

  const reached: Point[] = [];
  let evaluationsToGoal: number | null = null;
  const search = createAideGreedySearch({
    operators: {
      draft: () => propose(randomGenome(random), 'Draft a random path.'),
      improve: ({ parent }) => propose(mutateGenome(genomes.get(parent.code)!, random), `Mutate the path of ${parent.id}.`),
      debug: ({ parent }) => propose(mutateGenome(genomes.get(parent.code)!, random), `Repair the path of ${parent.id}.`),
    },
    evaluate: (node) => {
      const end = endOf(node.code);
      reached.push(end);
      const metric = distance(end, maze.goal);
      if (evaluationsToGoal === null && metric <= maze.goalRadius) evaluationsToGoal = reached.length;
      return { metric };
    },
    selector,
    random,
    lowerIsBetter: true,
  });
  await search.run(parsed.budget);
  const cells = new Set(reached.map((end) => `${Math.min(9, Math.floor(end.x * 10))},${Math.min(9, Math.floor(end.y * 10))}`));
  return {
    arm: parsed.arm,
    timing: parsed.timing,
    seed: parsed.seed,
    budget: parsed.budget,
    solved: evaluationsToGoal !== null,
    evaluationsToGoal,
    bestDistance: Math.min(...reached.map((end) => distance(end, maze.goal))),
    coverage: cells.size / 100,
  };
}
