import type { NoveltyMetric } from './novelty-metric.js';
import { uniqueCodeMetric } from './unique-code-metric.js';

/** The metrics `boden score` and `boden validate` run when none are named: every registered one. */
export function defaultNoveltyMetrics(): NoveltyMetric[] {
  return [uniqueCodeMetric()];
}
