import { z } from 'zod';
import { conceptCategories } from '../concepts/concept.js';
import type { ConceptExtractor } from '../concepts/concept-extractor.js';
import { hasMethods } from '../shaping/collaborator-schemas.js';

/** An axis of `conceptDescriptors`: the model paradigm, or the concepts of one vocabulary category. */
export const ConceptAxisSchema = z.enum(['paradigm', ...conceptCategories]);

/** One axis of `conceptDescriptors`. */
export type ConceptAxis = z.infer<typeof ConceptAxisSchema>;

/** Options of `conceptDescriptors`. */
export const ConceptDescriptorsOptionsSchema = z
  .object({
    /**
     * The grid's axes: `paradigm` (the model paradigms a candidate uses, e.g. `tree-ensemble`, `linear`) and concept
     * categories of the vocabulary (`feature-engineering`, `validation`, `ensembling`, `loss`, ...). The default,
     * model paradigm × feature engineering × validation scheme, separates what tabular agents change most.
     */
    axes: z.array(ConceptAxisSchema).min(1).default(['paradigm', 'feature-engineering', 'validation']),
    /** Reads concepts from plan and code; default: one `ConceptExtractor` with the built-in vocabulary, shared. */
    extractor: z.custom<ConceptExtractor>(hasMethods('extract', 'categoryOf', 'paradigmOf'), 'expected a ConceptExtractor').optional(),
  })
  .strict()
  .refine((options) => new Set(options.axes).size === options.axes.length, { message: 'each axis may appear once', path: ['axes'] });

/** Options of `conceptDescriptors` as callers write them. */
export type ConceptDescriptorsOptions = z.input<typeof ConceptDescriptorsOptionsSchema>;
