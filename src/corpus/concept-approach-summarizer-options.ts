import { z } from 'zod';
import { ConceptSchema } from '../concepts/concept.js';

/** Options of `createConceptApproachSummarizer`; the defaults live here. */
export const conceptApproachSummarizerOptionsSchema = z.strictObject({
  /** The concepts to recognise; the extractor's curated vocabulary by default (a custom one changes the `id`). */
  vocabulary: z.array(ConceptSchema).min(1).optional(),
  /** Most concepts listed per line, so a notebook that tries everything does not drown the main choices. */
  maxConceptsPerLine: z.number().int().min(1).max(1_000).default(12),
});

/** Options of `createConceptApproachSummarizer` as callers pass them. */
export type ConceptApproachSummarizerOptions = z.input<typeof conceptApproachSummarizerOptionsSchema>;
/** `ConceptApproachSummarizerOptions` with the defaults filled in. */
export type ResolvedConceptApproachSummarizerOptions = z.infer<typeof conceptApproachSummarizerOptionsSchema>;
