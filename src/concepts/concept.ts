import { z } from 'zod';

/**
 * Kinds of technique. A judge asks whether an episode brings a new one of a kind relative to earlier
 * episodes: a new model family or paradigm (`model-family`, `model`), input representation
 * (`representation`), objective (`loss`), and so on.
 */
export const conceptCategories = [
  'model-family',
  'model',
  'architecture',
  'activation',
  'learning-paradigm',
  'representation',
  'feature-engineering',
  'preprocessing',
  'augmentation',
  'validation',
  'ensembling',
  'loss',
  'regulariser',
  'optimiser',
  'schedule',
  'hyperparameter-search',
  'training-technique',
  'uncertainty',
  'postprocessing',
  'interpretability',
  'retrieval',
  'search',
  'evaluation',
  'data-source',
] as const;

/** One of `conceptCategories`. */
export type ConceptCategory = (typeof conceptCategories)[number];

/** The modelling paradigm of a model family: the coarsest answer to "is this a different kind of model?". */
export const modelParadigms = [
  'tree-ensemble',
  'decision-tree',
  'linear',
  'kernel',
  'nearest-neighbour',
  'probabilistic',
  'neural-network',
  'convolutional-network',
  'recurrent-network',
  'transformer',
  'graph-network',
  'generative-network',
  'clustering',
  'matrix-factorisation',
  'statistical-time-series',
] as const;

/** One of `modelParadigms`. */
export type ModelParadigm = (typeof modelParadigms)[number];

/** Schema of one vocabulary entry; custom vocabularies are validated against it. */
export const ConceptSchema = z.strictObject({
  /** Stable kebab-case identifier, e.g. `lightgbm`. */
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'expected a kebab-case id'),
  /** Human-readable name, e.g. `LightGBM`. */
  name: z.string().min(1),
  category: z.enum(conceptCategories),
  /**
   * Surface forms matched case-insensitively on word boundaries in plans and code. Each alias is split into
   * words like an identifier (`LGBMClassifier` → `lgbm classifier`, `k-fold` → `k fold`), and matches that
   * word sequence however it is written: `cross-validation`, `cross_validation`, `crossValidation`.
   */
  aliases: z.array(z.string().min(1)).min(1),
  /** Id of the broader concept this one refines (`lightgbm` → `gradient-boosted-trees`). */
  parent: z.string().optional(),
  /** The paradigm of a `model-family`; models inherit their family's. */
  paradigm: z.enum(modelParadigms).optional(),
});

/** An ML technique of the curated vocabulary, with its category, aliases and place in the hierarchy. */
export type Concept = z.infer<typeof ConceptSchema>;
