import type { Descriptors } from 'boden';
import { paradigmWords } from './paradigm-words.js';
import type { PackingParadigm } from './packing-program.js';

/**
 * Quality-diversity descriptors for circle-packing programs, which boden's concept vocabulary has no words for (every
 * program would fall in one cell): the layout the plan's first sentence names, by the packing agent's own lexicon
 * (`paradigmWords`), × the refinements on top (numerical polish, hill climb). Reads the plan as `renderPackingPlan`
 * writes it; the example of descriptors a user passes for a domain of their own.
 */
export function packingDescriptors(): Descriptors {
  return {
    specificationVersion: 'v1',
    axes: ['layout', 'refinement'],
    describe({ plan }) {
      const opening = (plan.split('. ')[0] ?? '').toLowerCase().replace(/[-_]/g, ' ');
      const layouts = (Object.keys(paradigmWords) as PackingParadigm[]).filter((paradigm) =>
        paradigmWords[paradigm].some((pattern) => pattern.test(opening)),
      );
      const refinements = [
        /polish the layout numerically/.test(plan) ? 'polish' : '',
        /\bhill-climb\b/.test(plan) ? 'hill-climb' : '',
      ].filter((part) => part !== '');
      const values = [layouts.length === 0 ? 'none' : layouts.join('+'), refinements.length === 0 ? 'none' : refinements.join('+')];
      return { key: values.join(' | '), values };
    },
  };
}
