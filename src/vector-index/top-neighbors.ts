import type { Neighbor } from './neighbor.js';

/**
 * Keeps the `capacity` highest-scoring rows offered, as a bounded min-heap whose root is the worst kept; ties go
 * to the smaller id, so results do not depend on storage order.
 */
export class TopNeighbors {
  private readonly scores: Float64Array;
  private readonly rows: Int32Array;
  private length = 0;

  constructor(
    private readonly capacity: number,
    private readonly ids: readonly string[],
  ) {
    this.scores = new Float64Array(capacity);
    this.rows = new Int32Array(capacity);
  }

  /** Considers `row` with cosine similarity `score`. */
  offer(row: number, score: number): void {
    if (this.length < this.capacity) {
      this.scores[this.length] = score;
      this.rows[this.length] = row;
      this.length++;
      this.siftUp(this.length - 1);
    } else if (this.worse(0, score, row)) {
      this.scores[0] = score;
      this.rows[0] = row;
      this.siftDown(0);
    }
  }

  /** The kept rows as neighbours, most similar first. */
  sorted(): Neighbor[] {
    const kept = Array.from({ length: this.length }, (_, slot) => ({
      id: this.ids[this.rows[slot] as number] as string,
      score: this.scores[slot] as number,
    }));
    kept.sort((left, right) => right.score - left.score || compareIds(left.id, right.id));
    return kept.map(({ id, score }) => {
      const similarity = Math.min(1, Math.max(-1, score));
      return { id, similarity, distance: 1 - similarity };
    });
  }

  // True when the kept entry at `slot` ranks below (score, row): lower score, or equal score and a later id.
  private worse(slot: number, score: number, row: number): boolean {
    const kept = this.scores[slot] as number;
    if (kept !== score) return kept < score;
    return compareIds(this.ids[this.rows[slot] as number] as string, this.ids[row] as string) > 0;
  }

  private siftUp(slot: number): void {
    while (slot > 0) {
      const parent = (slot - 1) >> 1;
      if (!this.worse(slot, this.scores[parent] as number, this.rows[parent] as number)) return;
      this.swap(slot, parent);
      slot = parent;
    }
  }

  private siftDown(slot: number): void {
    for (;;) {
      let worst = slot;
      const left = 2 * slot + 1;
      const right = left + 1;
      if (left < this.length && this.worse(left, this.scores[worst] as number, this.rows[worst] as number)) {
        worst = left;
      }
      if (right < this.length && this.worse(right, this.scores[worst] as number, this.rows[worst] as number)) {
        worst = right;
      }
      if (worst === slot) return;
      this.swap(slot, worst);
      slot = worst;
    }
  }

  private swap(first: number, second: number): void {
    const score = this.scores[first] as number;
    const row = this.rows[first] as number;
    this.scores[first] = this.scores[second] as number;
    this.rows[first] = this.rows[second] as number;
    this.scores[second] = score;
    this.rows[second] = row;
  }
}

function compareIds(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
