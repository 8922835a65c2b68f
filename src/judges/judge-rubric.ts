/**
 * The P-creativity rubric as the LLM judge reads it: the paper's Appendix B.1 rubric (0-4, after Boden) with each
 * level's description and examples, the edge rules and a procedure, worded as in `shared/data/labels/RUBRIC.md`
 * so the model and human annotators apply the same standard. The paper's ablation (Table 2) found every one of
 * examples, edge rules and procedure to help. The system prompt's text is part of the answer cache's key, so
 * rewording it invalidates cached answers by itself; bump `judgePromptVersion` when the user message's layout
 * (`judge-prompt.ts`) changes.
 */

/** Identifies the prompt layout; part of every cache key, so a changed prompt is never answered from the cache. */
export const judgePromptVersion = 'p-creativity-prompt-v1';

/** One rubric level: score, label, what it means and examples from ML competitions. */
export interface RubricLevel {
  readonly score: number;
  readonly label: string;
  readonly description: string;
  readonly examples: string;
}

/** The five levels, 0 Routine to 4 Transformational. */
export const rubricLevelTexts: readonly RubricLevel[] = [
  {
    score: 0,
    label: 'Routine',
    description: 'Repeats prior approaches with minimal or no variation.',
    examples:
      "changing hyper-parameters (learning rate, epochs, number of trees, batch size, a sweep's grid values), re-running the same code with another random seed, fixing a bug, refactoring, changing what is logged or saved.",
  },
  {
    score: 1,
    label: 'Combinational',
    description:
      'Recombines components that already appeared in earlier episodes of this run into a new configuration, with nothing new of substance.',
    examples: 'ensembling two models that were each tried before; carrying a feature or trick from one earlier branch into another.',
  },
  {
    score: 2,
    label: 'Exploratory',
    description: 'Introduces a novel element within the established conceptual framework.',
    examples:
      'a new feature family, a new augmentation, a new regularizer or loss term, a different optimizer or architecture variant of the same family, a new validation scheme, an ablation that removes or replaces a component to probe it, or switching from single-model training to cross-validated ensembling.',
  },
  {
    score: 3,
    label: 'C+E Hybrid',
    description: 'Does both in the same episode: recombines known elements AND introduces genuinely new ones.',
    examples: 'stacking two earlier models (combinational) while adding a new target-encoding feature family (exploratory).',
  },
  {
    score: 4,
    label: 'Transformational',
    description: 'Fundamentally reframes the problem representation, the objective, or the search space.',
    examples:
      'from gradient-boosted trees on hand-made features to fine-tuning a pretrained deep model; treating regression as ranking or classification; a new learning paradigm (self-supervised pretraining, pseudo-labelling pipelines, meta-learning); a new data modality or representation of the input.',
  },
];

/** The edge rules for borderline cases. */
export const rubricEdgeRules: readonly string[] = [
  'Judge against ALL earlier episodes of the run, not only the one it builds on. An idea that was already tried in any earlier episode is not novel again (at most 1 if recombined).',
  'A seed re-run, or a replication/aggregation of an earlier episode over several seeds, is 0.',
  'A hyper-parameter sweep over a new grid of the same hyper-parameter is 0; sweeping a hyper-parameter that introduces a new mechanism (e.g. turning on a new regularizer) can be 2.',
  'Size of the code change does not equal novelty: a long rewrite that keeps the same method is 0; a two-line change that swaps the loss for a new objective can be 2 or more.',
  'The validation score is shown for context only: a good or bad score does not make an episode more or less novel.',
  'When torn between two levels, pick the lower one unless the higher one is clearly justified.',
];

/** The steps the judge follows before answering. */
export const judgeProcedure: readonly string[] = [
  'Read the earlier episodes in run order and list the methods they used: model families, features, losses and objectives, augmentations, training and validation schemes, ensembling, tricks.',
  'Describe what the current episode does and what it changes relative to the episode it builds on (when given) and to the run so far.',
  'For each change, check whether it, or an equivalent, already appeared in ANY earlier episode.',
  'Decide the level: no new substance is 0; only a recombination of earlier elements is 1; a genuinely new element within the framework is 2; both at once is 3; a reframing of representation, objective or search space is 4. Apply the edge rules.',
  'Name the Boden modes the episode shows (combinational, exploratory, transformational; none for Routine) and write a rationale of one or two sentences naming the evidence.',
];
