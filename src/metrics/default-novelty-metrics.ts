import { centroidMetric } from './centroid-metric.js';
import { codeNearestNeighbourMetric } from './code-nearest-neighbour-metric.js';
import { conceptFuzzyMetric } from './concept-fuzzy-metric.js';
import { conceptSetMetric } from './concept-set-metric.js';
import { graphInsertionMetric } from './graph-insertion-metric.js';
import { meanDistanceMetric } from './mean-distance-metric.js';
import { nearestNeighbourMetric } from './nearest-neighbour-metric.js';
import type { NoveltyMetric } from './novelty-metric.js';
import { uniqueCodeMetric } from './unique-code-metric.js';

/**
 * The metrics `boden score` and `boden validate` run when none are named: the paper's six families
 * (nearest neighbour, centroid, mean distance, graph insertion, concept set, concept fuzzy), nearest neighbour over
 * the code alone (what shaping's exploration schedule reads) and the exact-duplicate check (what the gate reads).
 */
export function defaultNoveltyMetrics(): NoveltyMetric[] {
  return [
    nearestNeighbourMetric(),
    codeNearestNeighbourMetric(),
    centroidMetric(),
    meanDistanceMetric(),
    graphInsertionMetric(),
    conceptSetMetric(),
    conceptFuzzyMetric(),
    uniqueCodeMetric(),
  ];
}
