import { InvalidOptionsError } from '../errors/invalid-options-error.js';
import type { Descriptors } from './descriptors.js';

/**
 * A grid whose axes are those of several descriptors side by side (e.g. concept axes and an embedding-cluster axis):
 * a candidate's values are each part's values in order, its key all of them joined. Throws `InvalidOptionsError`
 * when no part is given or two parts name the same axis.
 */
export function combinedDescriptors(parts: readonly Descriptors[]): Descriptors {
  const axes = parts.flatMap((part) => part.axes);
  const repeated = axes.find((axis, index) => axes.indexOf(axis) !== index);
  if (parts.length === 0 || repeated !== undefined) {
    const message = parts.length === 0 ? 'expected at least one Descriptors' : `axis ${JSON.stringify(repeated)} appears in two parts`;
    throw new InvalidOptionsError({ target: 'combinedDescriptors', issues: [{ path: 'parts', message }] });
  }
  return {
    specificationVersion: 'v1',
    axes,
    describe(candidate) {
      const values = parts.flatMap((part) => part.describe(candidate).values);
      return { key: values.join(' | '), values };
    },
  };
}
