import { normalisedCodeHash } from '../text/normalise-code.js';
import type { NoveltyCandidate, NoveltyMetric } from './novelty-metric.js';

// The scorer hands the same candidate object to score() and observe(): normalise and hash its code once.
const fingerprints = new WeakMap<NoveltyCandidate, number>();

function fingerprint(candidate: NoveltyCandidate): number {
  let value = fingerprints.get(candidate);
  if (value === undefined) {
    value = normalisedCodeHash(candidate.code);
    fingerprints.set(candidate, value);
  }
  return value;
}

/**
 * The trivial exact-duplicate check: 1 when the episode's normalised code (comments and whitespace removed)
 * is new to the run, 0 when an earlier episode ran the same code. The first episode scores 1. Keeps one 53-bit hash
 * per episode (`normalisedCodeHash`), not the code.
 */
export function uniqueCodeMetric(): NoveltyMetric {
  return {
    specificationVersion: 'v1',
    id: 'unique-code',
    description: '1 if the normalised code is new to the run, 0 if an earlier episode ran the same code',
    startRun() {
      const seen = new Set<number>();
      return {
        score: (candidate) => (seen.has(fingerprint(candidate)) ? 0 : 1),
        observe: (candidate) => {
          seen.add(fingerprint(candidate));
        },
      };
    },
  };
}
