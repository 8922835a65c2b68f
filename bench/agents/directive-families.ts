import type { SearchableFamily } from '../env/pipeline-space.js';

/**
 * The concept ids (from the curated ML vocabulary the novelty directive draws on) that name each searchable model
 * family. A directive naming any of a family's ids counts as naming the family.
 */
export const familyConceptIds: Readonly<Record<SearchableFamily, readonly string[]>> = {
  linear: ['linear-model', 'linear-regression', 'ridge-regression', 'logistic-regression', 'lasso-regression', 'elastic-net'],
  knn: ['nearest-neighbours'],
  'naive-bayes': ['naive-bayes'],
  cart: ['decision-tree'],
  boosting: ['gradient-boosted-trees', 'xgboost', 'lightgbm', 'catboost'],
  'random-forest': ['random-forest', 'extra-trees'],
  svm: ['support-vector-machine', 'kernel-method'],
};

/** The model families a novelty directive names (a concept id as a whole hyphenated word, case-insensitive). */
export function familiesNamedIn(directive: string | undefined): Set<SearchableFamily> {
  const named = new Set<SearchableFamily>();
  if (directive === undefined) return named;
  const text = directive.toLowerCase();
  for (const [family, ids] of Object.entries(familyConceptIds) as [SearchableFamily, readonly string[]][]) {
    if (ids.some((id) => new RegExp(`(^|[^a-z0-9-])${id}([^a-z0-9-]|$)`).test(text))) named.add(family);
  }
  return named;
}
