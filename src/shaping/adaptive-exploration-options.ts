import { z } from 'zod';
import { hasMethods, NoveltySourceSchema } from './collaborator-schemas.js';
import { explorationScheduleShape } from './exploration-schedule-options.js';

/** Finds concepts in a node for the novelty directive; `ConceptExtractor` is one. */
export interface DirectiveConcepts {
  extract(input: { readonly plan: string; readonly code: string }): readonly string[];
  /** The concept's category, to group the directive; undefined for an unknown id. */
  categoryOf?(conceptId: string): string | undefined;
}

/** Options of `adaptiveExploration`. */
export const AdaptiveExplorationOptionsSchema = z
  .object({
    /** Where each episode's P-creativity comes from (use the same source as `noveltyBonus`). */
    source: NoveltySourceSchema,
    ...explorationScheduleShape,
    /** Scales every effect of explore mode: 0 changes no selection, 1 applies the boosts in full. */
    strength: z.number().finite().min(0).default(1),
    /** Explore mode multiplies the novelty bonus by this. */
    bonusBoost: z.number().finite().min(1).default(3),
    /** Explore mode multiplies a tree policy's exploration constant (UCT's c) by this. */
    explorationBoost: z.number().finite().min(1).default(4),
    /** Explore mode multiplies a sampling policy's temperature by this. */
    temperatureBoost: z.number().finite().min(1).default(3),
    /**
     * After each switch to explore mode, this many selections ask the policy to draft a new solution where it would
     * improve one (the raised bonus then steers refinement towards the novel drafts); 0 never asks.
     */
    drafts: z.number().int().min(0).default(1),
    /** Explore mode hands the operator a novelty directive naming the concepts already tried. */
    directive: z.boolean().default(true),
    /**
     * What the directive of an improvement asks for: `new-idea` (another paradigm), `new-component` (an untried
     * component on top of the parent), or `alternate` (the two in turn, a new idea first). A draft is always asked
     * for a new idea.
     */
    directiveAsk: z.enum(['new-idea', 'new-component', 'alternate']).default('new-idea'),
    /** Most concepts the directive names. */
    maxDirectiveConcepts: z.number().int().min(1).default(12),
    /** Concept extraction for the directive when the source gives none; default the curated ML vocabulary. */
    concepts: z.custom<DirectiveConcepts>(hasMethods('extract'), 'expected an object with extract()').optional(),
  })
  .strict()
  .refine((options) => options.recovery === undefined || options.recovery >= options.threshold, {
    message: 'recovery must be at least threshold',
    path: ['recovery'],
  });

/** Options of `adaptiveExploration` as callers write them. */
export type AdaptiveExplorationOptions = z.input<typeof AdaptiveExplorationOptionsSchema>;
