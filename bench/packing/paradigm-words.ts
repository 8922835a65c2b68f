import type { PackingParadigm } from './packing-program.js';
import { namedIn } from '../agents/proposal-book.js';

/**
 * How the simulated packing agent recognises a paradigm in a directive's prose: the words a person (or an LLM)
 * uses for it, matched on lower-cased text with hyphens and underscores read as spaces. The agent's own lexicon,
 * not boden's concept vocabulary, so a directive's effect does not depend on the agent and the scorer sharing ids.
 */
export const paradigmWords: Readonly<Record<PackingParadigm, readonly RegExp[]>> = {
  rings: [/\brings?\b/, /\bconcentric\b/, /\brosette\b/, /\bcircular arrangement\b/],
  grid: [/\bsquare grid\b/, /\bgrid layout\b/, /\brows and columns\b/, /\btiling\b/],
  hexagonal: [/\bhex(agonal)?\b/, /\btriangular lattice\b/, /\blattice\b/],
  greedy: [/\bgreedy\b/, /\bone at a time\b/, /\blargest empty\b/, /\bsequential placement\b/],
  optimiser: [
    /\boptimi[sz](ation|er|e|ing)\b/,
    /\bgradient\b/,
    /\bslsqp\b/,
    /\bbfgs\b/,
    /\bpenalt(y|ies)\b/,
    /\bscipy\b/,
    /\badam\b/,
    /\bsgd\b/,
  ],
};

/** The paradigms a directive's prose names, by the agent's own lexicon (`paradigmWords`). */
export function paradigmsNamedIn(directive: string | undefined): Set<PackingParadigm> {
  return namedIn(paradigmWords, directive);
}
