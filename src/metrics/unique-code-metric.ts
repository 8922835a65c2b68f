import { normaliseCode } from '../text/normalise-code.js';
import type { NoveltyMetric } from './novelty-metric.js';

/**
 * The trivial exact-duplicate check: 1 when the episode's normalised code (comments and whitespace removed)
 * is new to the run, 0 when an earlier episode ran the same code. The first episode scores 1.
 */
export function uniqueCodeMetric(): NoveltyMetric {
  return {
    specificationVersion: 'v1',
    id: 'unique-code',
    description: '1 if the normalised code is new to the run, 0 if an earlier episode ran the same code',
    startRun() {
      const seen = new Set<string>();
      return {
        score: (candidate) => (seen.has(normaliseCode(candidate.code)) ? 0 : 1),
        observe: (candidate) => {
          seen.add(normaliseCode(candidate.code));
        },
      };
    },
  };
}
