import { z } from 'zod';
import { ConceptSchema, type Concept } from './concept.js';
import { conceptVocabulary } from './concept-vocabulary.js';

/** Options of `new ConceptExtractor()`; the defaults live here. */
export const conceptExtractorOptionsSchema = z
  .strictObject({
    /** The concepts to match; the curated `conceptVocabulary` by default. */
    vocabulary: z
      .array(ConceptSchema)
      .min(1)
      .default(() => [...conceptVocabulary]),
    /** Also report the ancestors of every matched concept (`lightgbm` adds `gradient-boosted-trees`, `tree-ensemble`). */
    includeAncestors: z.boolean().default(false),
    /**
     * How many physical lines' concepts are memoised (by two hashes of the line; the memo starts afresh when full):
     * a line carried over from an earlier episode is not matched again. 0 matches every text afresh. Output never
     * depends on it.
     */
    memoisedLines: z
      .number()
      .int()
      .min(0)
      .max(1 << 24)
      .default(32_768),
  })
  .superRefine((options, context) => {
    for (const issue of vocabularyIssues(options.vocabulary))
      context.addIssue({ code: 'custom', path: ['vocabulary', ...issue.path], message: issue.message });
  });

/** Options of `new ConceptExtractor()` as callers pass them. */
export type ConceptExtractorOptions = z.input<typeof conceptExtractorOptionsSchema>;
/** `ConceptExtractorOptions` with the defaults filled in. */
export type ResolvedConceptExtractorOptions = z.infer<typeof conceptExtractorOptionsSchema>;

/** The hierarchy rules a vocabulary must follow, as issues with the path of the offending entry. */
function vocabularyIssues(vocabulary: readonly Concept[]): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const byId = new Map<string, Concept>();
  vocabulary.forEach((concept, index) => {
    if (byId.has(concept.id)) issues.push({ path: [index, 'id'], message: `duplicate concept id ${concept.id}` });
    byId.set(concept.id, concept);
  });
  vocabulary.forEach((concept, index) => {
    if (concept.parent !== undefined && !byId.has(concept.parent)) {
      issues.push({ path: [index, 'parent'], message: `unknown parent ${concept.parent}` });
    }
    if (concept.category === 'model-family' && concept.paradigm === undefined) {
      issues.push({ path: [index, 'paradigm'], message: 'a model family needs a paradigm' });
    }
    if (concept.category !== 'model-family' && concept.paradigm !== undefined) {
      issues.push({ path: [index, 'paradigm'], message: 'only model families have a paradigm (models inherit it)' });
    }
    if (concept.category === 'model' && concept.parent === undefined) {
      issues.push({ path: [index, 'parent'], message: 'a model needs a parent family' });
    }
    const seen = new Set<string>([concept.id]);
    for (let ancestor = concept.parent; ancestor !== undefined; ancestor = byId.get(ancestor)?.parent) {
      if (seen.has(ancestor)) {
        issues.push({ path: [index, 'parent'], message: `parent cycle through ${ancestor}` });
        break;
      }
      seen.add(ancestor);
    }
  });
  return issues;
}
