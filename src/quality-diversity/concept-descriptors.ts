import { defaultConceptExtractor } from '../concepts/default-concept-extractor.js';
import { parseOptions } from '../options/parse-options.js';
import { ConceptDescriptorsOptionsSchema, type ConceptDescriptorsOptions } from './concept-descriptors-options.js';
import type { Descriptors } from './descriptors.js';

/** The value of an axis on which a candidate has nothing (no model named, no validation scheme). */
export const noDescriptorValue = 'none';

/**
 * Descriptors for free: a candidate's cell from the concepts boden's extractor reads in its plan and code, so a
 * quality-diversity archive needs no measure function from the user (OpenEvolve's `feature_dimensions`, pyribs'
 * measures). On the `paradigm` axis the value is the model paradigms the candidate uses (an ensemble of boosting and
 * ridge is `linear+tree-ensemble`); on a category axis it is the sorted concepts of that category
 * (`cyclical-features+target-encoding`); `none` where there are none.
 *
 * @example
 * const descriptors = conceptDescriptors({ axes: ['paradigm', 'feature-engineering'] });
 * descriptors.describe({ plan: 'LightGBM with target encoding', code }).key; // 'tree-ensemble | target-encoding'
 */
export function conceptDescriptors(options: ConceptDescriptorsOptions = {}): Descriptors {
  const parsed = parseOptions(ConceptDescriptorsOptionsSchema, options, 'conceptDescriptors');
  const { axes } = parsed;
  const extractor = parsed.extractor ?? defaultConceptExtractor();
  return {
    specificationVersion: 'v1',
    axes,
    describe(candidate) {
      const concepts = extractor.extract({ plan: candidate.plan, code: candidate.code });
      const values = axes.map((axis) => {
        const found = new Set<string>();
        for (const id of concepts) {
          if (axis === 'paradigm') {
            const paradigm = extractor.paradigmOf(id);
            if (paradigm !== undefined) found.add(paradigm);
          } else if (extractor.categoryOf(id) === axis) found.add(id);
        }
        return found.size === 0 ? noDescriptorValue : [...found].sort().join('+');
      });
      return { key: values.join(' | '), values };
    },
  };
}
