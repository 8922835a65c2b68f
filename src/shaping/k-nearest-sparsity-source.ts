import { HashingEmbedder } from '../embedder/hashing-embedder.js';
import { parseOptions } from '../options/parse-options.js';
import { functionNoveltySource } from './function-novelty-source.js';
import { KNearestSparsitySourceOptionsSchema, type KNearestSparsitySourceOptions } from './k-nearest-sparsity-source-options.js';
import type { NoveltySource } from './novelty-source.js';
import type { ShapingNode } from './shaping-node.js';

/**
 * Classic novelty search's novelty (Lehman & Stanley 2011): a node's sparseness, the mean cosine distance to its k
 * nearest neighbours among the run's valid nodes (its archive), 1 while the archive is empty. It answers
 * `currentNovelty` against the archive as it is now, so `noveltyBonus({ source, timing: 'current', strength })` with
 * a large strength is plain novelty search over the host's candidates: the baseline a quality-diversity archive is
 * compared with. Hand-written as an exact scan: the archive is one run's valid nodes (tens to thousands), where a
 * scan costs less than keeping an index in step.
 *
 * @example
 * const noveltySearch = noveltyBonus({ source: kNearestSparsitySource({ k: 15 }), timing: 'current', strength: 5 });
 */
export function kNearestSparsitySource(options: KNearestSparsitySourceOptions = {}): NoveltySource {
  const { id, k, embedder = new HashingEmbedder() } = parseOptions(KNearestSparsitySourceOptionsSchema, options, 'kNearestSparsitySource');
  const vectors = new Map<string, Float32Array>();
  const archive: { readonly id: string; readonly vector: Float32Array }[] = [];
  const vectorOf = (node: ShapingNode): Float32Array => {
    let vector = vectors.get(node.id);
    if (vector === undefined) vectors.set(node.id, (vector = embedder.embedOne({ plan: node.plan, code: node.code })));
    return vector;
  };
  const sparseness = (node: ShapingNode): number => {
    const vector = vectorOf(node);
    // A node in the archive is not its own neighbour.
    const distances = archive
      .filter((entry) => entry.id !== node.id)
      .map((entry) => 1 - entry.vector.reduce((sum, value, index) => sum + value * vector[index]!, 0))
      .sort((left, right) => left - right)
      .slice(0, k);
    return distances.length === 0 ? 1 : distances.reduce((sum, distance) => sum + distance, 0) / distances.length;
  };
  return functionNoveltySource({
    id,
    novelty: sparseness,
    observe: (node, outcome) => {
      if (outcome.valid) archive.push({ id: node.id, vector: vectorOf(node) });
    },
    current: true,
  });
}
