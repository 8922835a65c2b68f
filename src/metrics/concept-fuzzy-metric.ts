import { parseOptions } from '../options/parse-options.js';
import { ConceptFuzzyMetricOptionsSchema, type ConceptFuzzyMetricOptions } from './concept-fuzzy-metric-options.js';
import type { NoveltyMetric } from './novelty-metric.js';

/**
 * Concept fuzzy-membership novelty (paper ρ = 0.539): the mean over the episode's concepts c of
 * `1 − max_{c' earlier} exp(−‖u_c − u_c'‖² / 2σ²)`, so a concept close to one already used (LightGBM after
 * XGBoost) counts as partly known. 1 for the first episode; 0 for a later episode with no recognised concept.
 */
export function conceptFuzzyMetric(options: ConceptFuzzyMetricOptions = {}): NoveltyMetric {
  const { sigma } = parseOptions(ConceptFuzzyMetricOptionsSchema, options, 'conceptFuzzyMetric');
  const scale = 1 / (2 * sigma * sigma);
  return {
    specificationVersion: 'v1',
    id: 'concept-fuzzy',
    description: `mean over concepts of 1 − the Gaussian membership (σ = ${sigma}) of the closest earlier concept`,
    startRun({ conceptEmbedding }) {
      const seen = new Map<string, Float32Array>();
      let observed = 0;
      const membership = (vector: Float32Array): number => {
        let best = 0;
        for (const other of seen.values()) {
          let squared = 0;
          for (let index = 0; index < vector.length; index += 1) {
            const difference = vector[index]! - (other[index] ?? 0);
            squared += difference * difference;
          }
          best = Math.max(best, Math.exp(-squared * scale));
          if (best === 1) break;
        }
        return best;
      };
      return {
        score(candidate) {
          if (observed === 0) return 1;
          let total = 0;
          let counted = 0;
          for (const concept of candidate.concepts) {
            if (seen.has(concept)) {
              counted += 1;
              continue;
            }
            const vector = conceptEmbedding(concept);
            if (vector === undefined) continue;
            total += 1 - membership(vector);
            counted += 1;
          }
          return counted === 0 ? 0 : total / counted;
        },
        observe(candidate) {
          observed += 1;
          for (const concept of candidate.concepts) {
            const vector = conceptEmbedding(concept);
            if (vector !== undefined) seen.set(concept, vector);
          }
        },
      };
    },
  };
}
