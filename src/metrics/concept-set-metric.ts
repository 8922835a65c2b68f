import type { NoveltyMetric } from './novelty-metric.js';

/**
 * Concept set-membership novelty (paper ρ = 0.508): the fraction of the episode's concepts that no earlier
 * episode had. 1 for the first episode; 0 for a later episode in which no concept was recognised.
 */
export function conceptSetMetric(): NoveltyMetric {
  return {
    specificationVersion: 'v1',
    id: 'concept-set',
    description: "fraction of the episode's ML concepts that no earlier episode used",
    startRun() {
      const seen = new Set<string>();
      let observed = 0;
      return {
        score(candidate) {
          if (observed === 0) return 1;
          if (candidate.concepts.length === 0) return 0;
          let unseen = 0;
          for (const concept of candidate.concepts) if (!seen.has(concept)) unseen += 1;
          return unseen / candidate.concepts.length;
        },
        observe(candidate) {
          observed += 1;
          for (const concept of candidate.concepts) seen.add(concept);
        },
      };
    },
  };
}
