import { ConceptExtractor } from '../../src/index.js';

/** The task the chat-model examples give their operators (their code is never run). */
export const houseScoresTask =
  'Predict house sale prices from 79 tabular features (RMSE on the log price; the metric is reported as 1 − RMSE).';

/**
 * A stand-in for running a chat model's code: more distinct ML concepts score higher (a hash of the code breaks
 * ties); no code block is a bug. The examples show the loop and the shaping, not a benchmark.
 */
export function offlineConceptEvaluator() {
  const concepts = new ConceptExtractor();
  return (node: { readonly code: string }) => {
    if (node.code.trim() === '') return { metric: null, buggy: true };
    let hash = 0;
    for (const character of node.code) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
    return { metric: 0.6 + 0.03 * Math.min(8, concepts.extractFromText(node.code).length) + (hash % 100) / 1e5, buggy: false };
  };
}
