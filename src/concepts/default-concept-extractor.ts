import { ConceptExtractor } from './concept-extractor.js';

let shared: ConceptExtractor | undefined;

/**
 * The process's one extractor of the curated vocabulary, made on first use: compiling the vocabulary takes
 * milliseconds, and the scorer, the rubric judge, the exploration schedule and the descriptors that share it also
 * share its memo of lines (the judge finds the lines the scorer read of the same episode). Its only state is that
 * memo, which changes no result.
 */
export function defaultConceptExtractor(): ConceptExtractor {
  shared ??= new ConceptExtractor();
  return shared;
}
