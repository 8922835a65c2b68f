import { defaultConceptExtractor, type Descriptors } from 'boden';
import type { ProposalKind } from '../agents/bench-agent.js';

/** What a program is made of, read from its text: its paradigms (model families, packing constructions) and its other parts. */
export interface ProgramTraits {
  readonly paradigms: ReadonlySet<string>;
  readonly components: ReadonlySet<string>;
}

/**
 * Packing constructions and components as they show in a program's identifiers and comments (lower-cased). The
 * optimiser words are numerical-optimisation terms; a program that polishes a construction numerically has both.
 */
const packingParadigms: Readonly<Record<string, RegExp>> = {
  rings: /\bring(s|_\w+)?\b|concentric/,
  grid: /\b(square_)?grid(_\w+)?\b(?![^\n]*start)/,
  hexagonal: /\bhex(agonal)?(_\w+)?\b|\blattice\b|triangular/,
  greedy: /\bgreedy(_\w+)?\b|largest[_ ]empty/,
  optimiser: /\badam\b|minimi[sz]e|slsqp|l-?bfgs|\bpenalt(y|ies)\b|gradient/,
};
// Radii fitting is in nearly every construction program: not a component an agent adds.
const packingComponents: Readonly<Record<string, RegExp>> = {
  perturb: /hill[_ ]?climb|perturb/,
};

/**
 * The traits of a program: for circle packing, the constructions and components its text names (the packing
 * agent's words, as identifiers); for tabular tasks, the model paradigms and other concepts boden's concept
 * extractor reads in it. Read from the program, not from a configuration, so it works on any model's code.
 */
export function programTraits(kind: 'packing' | 'tabular', code: string): ProgramTraits {
  if (kind === 'packing') {
    const text = code.toLowerCase();
    const matching = (patterns: Readonly<Record<string, RegExp>>) =>
      new Set(
        Object.entries(patterns)
          .filter(([, pattern]) => pattern.test(text))
          .map(([name]) => name),
      );
    return { paradigms: matching(packingParadigms), components: matching(packingComponents) };
  }
  const extractor = defaultConceptExtractor();
  const paradigms = new Set<string>();
  const components = new Set<string>();
  for (const id of extractor.extract({ plan: '', code })) {
    const paradigm = extractor.paradigmOf(id);
    if (paradigm !== undefined) paradigms.add(paradigm);
    else components.add(id);
  }
  return { paradigms, components };
}

/**
 * How an improvement changed its parent, read from the two programs: `family-switch` when they share no paradigm
 * (and the child has one), `component` when the child has a paradigm or component the parent lacks, `refinement`
 * otherwise (other settings, the same parts).
 */
export function classifyCodeChange(
  kind: 'packing' | 'tabular',
  parent: string,
  child: string,
): Extract<ProposalKind, 'refinement' | 'component' | 'family-switch'> {
  const before = programTraits(kind, parent);
  const after = programTraits(kind, child);
  const shared = [...after.paradigms].some((paradigm) => before.paradigms.has(paradigm));
  if (after.paradigms.size > 0 && !shared) return 'family-switch';
  const added = [...after.paradigms, ...after.components].some((trait) => !before.paradigms.has(trait) && !before.components.has(trait));
  return added ? 'component' : 'refinement';
}

/**
 * Quality-diversity descriptors of circle-packing programs read from their code (boden's concept vocabulary names no
 * construction): the constructions × the components on top, by `programTraits`. Any model's program has them, not
 * only the plans the simulated packing agent writes (`packingDescriptors` reads those).
 */
export function packingCodeDescriptors(): Descriptors {
  return {
    specificationVersion: 'v1',
    axes: ['construction', 'component'],
    describe({ code }) {
      const { paradigms, components } = programTraits('packing', code);
      const values = [
        paradigms.size === 0 ? 'none' : [...paradigms].sort().join('+'),
        components.size === 0 ? 'none' : [...components].sort().join('+'),
      ];
      return { key: values.join(' | '), values };
    },
  };
}
