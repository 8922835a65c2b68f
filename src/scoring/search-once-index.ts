import type { Neighbor } from '../vector-index/neighbor.js';
import type { VectorIndex, VectorInput } from '../vector-index/vector-index.js';

/**
 * A read-only view of a vector index that answers every search for the same query vector from one search of
 * `prefetch` neighbours, so the metrics of one score() share a single k-NN query instead of each running its own.
 * Searches for more than `prefetch` neighbours, or for another vector, go to the index.
 */
export function searchOnceIndex(index: VectorIndex, prefetch: number): Pick<VectorIndex, 'size' | 'search' | 'dimensions'> {
  let lastQuery: VectorInput | undefined;
  let lastSize = -1;
  let lastResult: Neighbor[] = [];
  let lastK = 0;
  return {
    get size() {
      return index.size;
    },
    get dimensions() {
      return index.dimensions;
    },
    search(vector, k) {
      // A cached answer is only valid for the same vector and an unchanged index.
      if (vector === lastQuery && index.size === lastSize && (k <= lastK || lastK >= index.size)) return lastResult.slice(0, k);
      lastK = Math.max(k, prefetch);
      lastResult = index.search(vector, Math.min(lastK, index.size));
      lastQuery = vector;
      lastSize = index.size;
      return lastResult.slice(0, k);
    },
  };
}
