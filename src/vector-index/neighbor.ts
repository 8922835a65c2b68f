/** One search hit: the id it was added under and how close it is to the query. */
export interface Neighbor {
  /** The id the vector was added under. */
  readonly id: string;
  /** Cosine similarity to the query, in [-1, 1]; 1 is the same direction. */
  readonly similarity: number;
  /** Cosine distance, `1 - similarity`, in [0, 2]. */
  readonly distance: number;
}
