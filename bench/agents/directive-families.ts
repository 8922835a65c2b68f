import type { SearchableFamily } from '../env/pipeline-space.js';
import { namedIn } from './proposal-book.js';

/**
 * How the simulated agent recognises a model family in a directive's prose: the words an ML practitioner (or an
 * LLM) uses for it, matched on lower-cased text with hyphens and underscores read as spaces. Deliberately the
 * agent's own lexicon, not boden's concept vocabulary: a directive is read the way a person would read it, so
 * its effect does not depend on the agent and the scorer sharing ids.
 */
export const familyWords: Readonly<Record<SearchableFamily, readonly RegExp[]>> = {
  linear: [/(?<!non )\blinear\b/, /\bridge\b/, /\blasso\b/, /\blogistic\b/, /\belastic ?net\b/, /\bols\b/, /\bglms?\b/],
  knn: [/\bneighbou?rs?\b/, /\bknn\b/, /\bk nn\b/, /\bk nearest\b/],
  'naive-bayes': [/\bbayes\b/, /\bbayesian classifier\b/],
  cart: [/\bdecision trees?\b/, /\bcart\b/, /\bsingle trees?\b/],
  boosting: [/boost/, /\bxgb/, /\blightgbm\b/, /\blgbm\b/, /\bgbm\b/, /\bgbdt\b/],
  'random-forest': [/\brandom forests?\b/, /\bforests?\b/, /\bextra trees\b/, /\bextratrees\b/, /\bbagg(ing|ed)\b/],
  svm: [/\bsvms?\b/, /\bsvc\b/, /\bsvr\b/, /\bsupport vectors?\b/, /\bkernels?\b/],
};

/** The model families a directive's prose names, by the agent's own lexicon (`familyWords`). */
export function familiesNamedIn(directive: string | undefined): Set<SearchableFamily> {
  return namedIn(familyWords, directive);
}
