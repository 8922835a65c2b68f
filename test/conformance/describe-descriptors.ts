import { describe, expect, it } from 'vitest';
import type { Descriptors } from '../../src/quality-diversity/descriptors.js';
import { researchRun } from '../fixtures/research-episodes.js';

/** Makes fresh descriptors (they may learn as candidates arrive, as the embedding clusters do). */
export type DescriptorsFactory = () => Descriptors;

/**
 * The `Descriptors` contract every implementation keeps: one value per axis, a key that is the values joined with
 * ` | `, the same cell for the same text (also after other candidates arrived, and for a copy of the object), and
 * no throw on an empty text.
 */
export function describeDescriptors(
  name: string,
  create: DescriptorsFactory,
  candidates: readonly { plan: string; code: string }[] = researchRun,
): void {
  describe(`Descriptors conformance: ${name}`, () => {
    it('has named axes and gives one value per axis, joined into the key', () => {
      const descriptors = create();
      expect(descriptors.specificationVersion).toBe('v1');
      expect(descriptors.axes.length).toBeGreaterThan(0);
      for (const candidate of candidates) {
        const cell = descriptors.describe(candidate);
        expect(cell.values).toHaveLength(descriptors.axes.length);
        expect(cell.key).toBe(cell.values.join(' | '));
        for (const value of cell.values) expect(value).not.toBe('');
      }
    });

    it('gives the same text the same cell, after other candidates and for a copy', () => {
      const descriptors = create();
      const first = candidates.map((candidate) => descriptors.describe(candidate).key);
      const again = [...candidates]
        .reverse()
        .map((candidate) => descriptors.describe({ plan: candidate.plan, code: candidate.code }).key)
        .reverse();
      expect(again).toEqual(first);
    });

    it('describes an empty candidate without throwing', () => {
      expect(create().describe({ plan: '', code: '' }).values).toHaveLength(create().axes.length);
    });
  });
}
