import { describe, expect, it } from 'vitest';
import { BehaviourArchive } from '../../../bench/maze/behaviour-archive.js';
import { deceptiveMaze, distance, segmentsCross, simulateMaze } from '../../../bench/maze/deceptive-maze.js';
import { mutateGenome, randomGenome, renderGenome } from '../../../bench/maze/maze-genome.js';
import { type MazeSearchResult, runMazeSearch } from '../../../bench/maze/run-maze-search.js';
import { createSeededRandom } from '../../../src/random/random-source.js';

const steps = (...moves: [number, number, number][]) => moves.flatMap(([x, y, times]) => Array.from({ length: times }, () => ({ x, y })));

describe('the deceptive maze', () => {
  it('blocks a path straight at the goal under the wall, and lets the detour through the gap', () => {
    const { start, goal } = deceptiveMaze;
    const straightUp = simulateMaze(deceptiveMaze, steps([0, 0.1, 10]));
    expect(straightUp.end.y).toBeLessThan(0.6);
    expect(distance(straightUp.end, goal)).toBeGreaterThan(0.2); // the cul-de-sac under the wall
    const detour = simulateMaze(deceptiveMaze, steps([0.1, 0, 7], [0, 0.1, 7], [0, 0.05, 1], [-0.1, 0, 7]));
    expect(distance(detour.end, goal)).toBeLessThanOrEqual(deceptiveMaze.goalRadius);
    // Deceptive: the way round first moves away from the goal.
    const farthest = Math.max(...detour.positions.map((position) => distance(position, goal)));
    expect(farthest).toBeGreaterThan(distance(start, goal) - 0.05);
  });

  it('never leaves the unit square nor crosses a wall', () => {
    const random = createSeededRandom(5);
    for (let run = 0; run < 200; run += 1) {
      const { positions } = simulateMaze(deceptiveMaze, randomGenome(random));
      for (let index = 1; index < positions.length; index += 1) {
        const [from, to] = [positions[index - 1]!, positions[index]!];
        expect(to.x >= 0 && to.x <= 1 && to.y >= 0 && to.y <= 1).toBe(true);
        if (from !== to) for (const wall of deceptiveMaze.walls) expect(segmentsCross(from, to, wall.from, wall.to)).toBe(false);
      }
    }
  });

  it('crosses segments as geometry says, touching and collinear overlaps included', () => {
    const p = (x: number, y: number) => ({ x, y });
    expect(segmentsCross(p(0, 0), p(1, 1), p(0, 1), p(1, 0))).toBe(true);
    expect(segmentsCross(p(0, 0), p(1, 0), p(0, 1), p(1, 1))).toBe(false);
    expect(segmentsCross(p(0, 0), p(0.5, 0), p(0.5, 0), p(0.5, 1))).toBe(true);
    expect(segmentsCross(p(0, 0), p(2, 0), p(1, 0), p(3, 0))).toBe(true);
    expect(segmentsCross(p(0, 0), p(1, 0), p(2, 0), p(3, 0))).toBe(false);
  });

  it('mutates a copy, always changing at least one step, and renders the genome as code', () => {
    const random = createSeededRandom(2);
    const genome = randomGenome(random);
    const child = mutateGenome(genome, random);
    expect(child).toHaveLength(genome.length);
    expect(child.some((step, index) => step !== genome[index])).toBe(true);
    expect(renderGenome(genome)).toMatch(/^steps = \[\n {2}\(-?\d\.\d{4}, -?\d\.\d{4}\),/);
  });

  it("scores a behaviour's novelty by how sparsely the archive covers its neighbourhood", () => {
    const archive = new BehaviourArchive(0.1);
    const here = { x: 0.5, y: 0.5 };
    expect(archive.novelty(here)).toBe(1);
    archive.add({ x: 0.52, y: 0.48 });
    archive.add({ x: 0.41, y: 0.55 });
    archive.add({ x: 0.95, y: 0.05 }); // far away: does not count
    expect(archive.novelty(here)).toBeCloseTo(1 / Math.sqrt(3), 12);
    expect(archive.novelty({ x: 0.05, y: 0.95 })).toBe(1);
    expect(archive.size).toBe(3);
  });
});

describe('the positive control: novelty search beats the objective on the deceptive maze, through the middleware', () => {
  it('objective-only AIDE greedy stalls in the cul-de-sac; the current-novelty bonus reaches the goal', async () => {
    const seeds = [1, 2, 3, 4];
    const objective = await Promise.all(seeds.map((seed) => runMazeSearch({ arm: 'objective', seed })));
    for (const run of objective) {
      expect(run.solved).toBe(false);
      expect(run.bestDistance).toBeGreaterThan(0.2);
    }
    // At least 3 of the 4 seeds solve. A shaped run costs seconds (objective only: a fraction of one), so the seeds
    // run in turn and stop once 3 have solved: the rest cannot change whether at least 3 of the 4 did.
    const novelty: MazeSearchResult[] = [];
    for (const seed of seeds) {
      if (novelty.filter((run) => run.solved).length >= 3) break;
      novelty.push(await runMazeSearch({ arm: 'novelty-bonus', seed }));
    }
    expect(novelty.filter((run) => run.solved).length).toBeGreaterThanOrEqual(3);
    // Same seed, same run: the control is reproducible, not lucky. The earliest solving run, rerun with its
    // evaluations to the goal as the whole budget, reaches the goal at that very evaluation again (a run's first n
    // evaluations do not depend on its budget); the shorter rerun costs a fraction of a full one (the run is quadratic).
    const earliest = novelty.filter((run) => run.solved).sort((left, right) => left.evaluationsToGoal! - right.evaluationsToGoal!)[0]!;
    const rerun = await runMazeSearch({ arm: 'novelty-bonus', seed: earliest.seed, budget: earliest.evaluationsToGoal! });
    expect(rerun).toMatchObject({ solved: true, evaluationsToGoal: earliest.evaluationsToGoal });
    // ... and objective-only, whose full run is cheap, reruns to the identical result.
    expect(await runMazeSearch({ arm: 'objective', seed: 1 })).toEqual(objective[0]);
  }, 240_000);
});
