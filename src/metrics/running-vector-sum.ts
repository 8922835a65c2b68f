/** A running sum of vectors, so centroid and mean similarity cost O(d) per episode instead of O(n·d). */
export class RunningVectorSum {
  /** Σ of the vectors added so far. */
  readonly sum: Float64Array;
  /** How many vectors were added. */
  count = 0;

  constructor(dimensions: number) {
    this.sum = new Float64Array(dimensions);
  }

  /** Adds one vector to the sum. */
  add(vector: Float32Array): void {
    for (let index = 0; index < vector.length; index += 1) this.sum[index]! += vector[index]!;
    this.count += 1;
  }

  /** `vector · Σ`, the sum of the dot products with every added vector. */
  dot(vector: Float32Array): number {
    let total = 0;
    for (let index = 0; index < vector.length; index += 1) total += vector[index]! * this.sum[index]!;
    return total;
  }

  /** Euclidean norm of the sum. */
  norm(): number {
    let total = 0;
    for (const value of this.sum) total += value * value;
    return Math.sqrt(total);
  }
}
