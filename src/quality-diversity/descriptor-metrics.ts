import { parseOptions } from '../options/parse-options.js';
import { conceptDescriptors } from './concept-descriptors.js';
import type { DescriptorCell, Descriptors } from './descriptors.js';
import { DescriptorMetricsOptionsSchema, type DescriptorMetricsOptions } from './descriptor-metrics-options.js';

/** A candidate's cell with its axis values as numbers, for a host that keeps its own archive. */
export interface DescribedCandidate extends DescriptorCell {
  /** One number per axis, named `<prefix><axis>`: the value's position among the values the axis has met so far (0, 1, ...). */
  readonly metrics: Readonly<Record<string, number>>;
}

/** What `descriptorMetrics` returns: `measure` a candidate; the axes' metric names. */
export interface DescriptorMetrics {
  /** The metric names, one per axis, in the axes' order. */
  readonly names: readonly string[];
  /** The candidate's cell and its metrics; a value new to its axis gets the next number. */
  measure(candidate: { readonly plan: string; readonly code: string }): DescribedCandidate;
}

/**
 * Descriptors as numeric metrics, for hosts that own their quality-diversity archive: OpenEvolve's MAP-Elites takes
 * any evaluator metric as a `feature_dimensions` axis and bins its values, so an evaluator that adds these metrics
 * gives it boden's concept cells with no fork (`examples/python/openevolve_evaluator.py`). A categorical value becomes
 * its position in the order the axis met its values, so equal values share a number and a bin; the numbering is the
 * run's (deterministic for the same candidates in the same order), not a distance: neighbouring numbers are not
 * similar kinds.
 *
 * @example
 * const metrics = descriptorMetrics();
 * metrics.measure({ plan, code }).metrics; // { boden_paradigm: 0, boden_feature_engineering: 1, boden_validation: 0 }
 */
export function descriptorMetrics(options: DescriptorMetricsOptions = {}): DescriptorMetrics {
  const parsed = parseOptions(DescriptorMetricsOptionsSchema, options, 'descriptorMetrics');
  const descriptors: Descriptors = parsed.descriptors ?? conceptDescriptors();
  const names = descriptors.axes.map((axis) => `${parsed.prefix}${axis.replace(/[^A-Za-z0-9_]/g, '_')}`);
  const seen = descriptors.axes.map(() => new Map<string, number>());
  return {
    names,
    measure(candidate) {
      const cell = descriptors.describe(candidate);
      const metrics: Record<string, number> = {};
      cell.values.forEach((value, index) => {
        const numbers = seen[index]!;
        if (!numbers.has(value)) numbers.set(value, numbers.size);
        metrics[names[index]!] = numbers.get(value)!;
      });
      return { ...cell, metrics };
    },
  };
}
