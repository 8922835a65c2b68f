import { createHash } from 'node:crypto';
import { normaliseCode } from '../text/normalise-code.js';
import type { NoveltyCandidate, NoveltyMetric } from './novelty-metric.js';

// The scorer hands the same candidate object to score() and observe(): normalise and hash its code once.
const fingerprints = new WeakMap<NoveltyCandidate, string>();

function fingerprint(candidate: NoveltyCandidate): string {
  let value = fingerprints.get(candidate);
  if (value === undefined) {
    value = createHash('sha256').update(normaliseCode(candidate.code)).digest('base64');
    fingerprints.set(candidate, value);
  }
  return value;
}

/**
 * The trivial exact-duplicate check: 1 when the episode's normalised code (comments and whitespace removed)
 * is new to the run, 0 when an earlier episode ran the same code. The first episode scores 1. Keeps one hash per
 * episode, not the code.
 */
export function uniqueCodeMetric(): NoveltyMetric {
  return {
    specificationVersion: 'v1',
    id: 'unique-code',
    description: '1 if the normalised code is new to the run, 0 if an earlier episode ran the same code',
    startRun() {
      const seen = new Set<string>();
      return {
        score: (candidate) => (seen.has(fingerprint(candidate)) ? 0 : 1),
        observe: (candidate) => {
          seen.add(fingerprint(candidate));
        },
      };
    },
  };
}
