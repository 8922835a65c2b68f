import type { Point } from './deceptive-maze.js';

/**
 * Novelty search's archive of behaviours (here: where a robot stopped). A behaviour's novelty is how sparsely the
 * archive covers its neighbourhood: `1 / √(1 + n)`, n the behaviours already in the 3 × 3 block of grid cells
 * (side `cellSize`) around it, so 1 in unvisited space and falling as the space fills. This is the count-based
 * stand-in for Lehman & Stanley's k-nearest-neighbour sparseness, chosen because the bonus asks for every
 * candidate's current novelty at every selection: O(1) per query instead of a scan of the archive. Every
 * evaluated behaviour joins (an unbounded archive). Hand-written: a hash of grid cells is all it needs.
 */
export class BehaviourArchive {
  readonly #counts = new Map<string, number>();
  #size = 0;

  constructor(readonly cellSize = 0.05) {}

  /** Behaviours added so far. */
  get size(): number {
    return this.#size;
  }

  /** The sparseness of the archive around `behaviour`, in (0, 1]. */
  novelty(behaviour: Point): number {
    const [column, row] = this.#cell(behaviour);
    let neighbours = 0;
    for (let dx = -1; dx <= 1; dx += 1)
      for (let dy = -1; dy <= 1; dy += 1) neighbours += this.#counts.get(`${column + dx},${row + dy}`) ?? 0;
    return 1 / Math.sqrt(1 + neighbours);
  }

  /** Adds a behaviour. */
  add(behaviour: Point): void {
    const key = this.#cell(behaviour).join(',');
    this.#counts.set(key, (this.#counts.get(key) ?? 0) + 1);
    this.#size += 1;
  }

  #cell(behaviour: Point): [number, number] {
    return [Math.floor(behaviour.x / this.cellSize), Math.floor(behaviour.y / this.cellSize)];
  }
}
