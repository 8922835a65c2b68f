import { HashingEmbedder } from '../embedder/hashing-embedder.js';
import { hashString53 } from '../text/string-hash.js';
import { parseOptions } from '../options/parse-options.js';
import type { Descriptors } from './descriptors.js';
import {
  EmbeddingClusterDescriptorsOptionsSchema,
  type EmbeddingClusterDescriptorsOptions,
} from './embedding-cluster-descriptors-options.js';

/**
 * One descriptor axis from the embedding space, for what the concept vocabulary cannot name (a construction in a
 * circle-packing program, a trick with no ML word): the cell is the nearest of up to `clusters` centroids placed
 * online. A CVT archive (pyribs' `CVTArchive`) samples its centroids before the search; an online search cannot, so
 * the centroids here are leaders (Hartigan's leader clustering): a candidate farther than `radius` from every
 * centroid becomes one while fewer than `clusters` exist, and a centroid never moves. Values are `c0`, `c1`, ... in
 * the order the clusters were founded. A text is remembered with its cell, so the same text always gives the same
 * cell even after a nearer centroid was founded. Hand-written: a linear scan of at most `clusters` dot products.
 *
 * @example
 * const descriptors = combinedDescriptors([conceptDescriptors({ axes: ['paradigm'] }), embeddingClusterDescriptors({ clusters: 16 })]);
 */
export function embeddingClusterDescriptors(
  options: EmbeddingClusterDescriptorsOptions = {},
): Descriptors & { readonly clusterCount: number } {
  const {
    embedder = new HashingEmbedder(),
    clusters,
    radius,
    axis,
  } = parseOptions(EmbeddingClusterDescriptorsOptionsSchema, options, 'embeddingClusterDescriptors');
  const centroids: Float32Array[] = [];
  const cellOfText = new Map<number, number>();
  const nearest = (vector: Float32Array): { index: number; distance: number } => {
    let best = { index: -1, distance: Infinity };
    centroids.forEach((centroid, index) => {
      let dot = 0;
      for (let component = 0; component < vector.length; component += 1) dot += vector[component]! * centroid[component]!;
      if (1 - dot < best.distance) best = { index, distance: 1 - dot };
    });
    return best;
  };
  return {
    specificationVersion: 'v1',
    axes: [axis],
    get clusterCount() {
      return centroids.length;
    },
    describe(candidate) {
      const text = hashString53(`${candidate.plan}\u0000${candidate.code}`);
      let cell = cellOfText.get(text);
      if (cell === undefined) {
        const vector = embedder.embedOne({ plan: candidate.plan, code: candidate.code });
        const found = nearest(vector);
        if (found.distance > radius && centroids.length < clusters) {
          centroids.push(Float32Array.from(vector));
          cell = centroids.length - 1;
        } else cell = found.index;
        cellOfText.set(text, cell);
      }
      const value = `c${cell}`;
      return { key: value, values: [value] };
    },
  };
}
