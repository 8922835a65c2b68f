import { describe, expect, it } from 'vitest';
import { packingDescriptors } from '../../../bench/packing/packing-descriptors.js';
import { addComponent, draftProgram, sampleLayout } from '../../../bench/packing/packing-moves.js';
import { renderPackingCode, renderPackingPlan } from '../../../bench/packing/render-packing-program.js';
import { loadPackingTaskCard } from '../../../bench/packing/packing-task-card.js';
import { createPackingEvaluator } from '../../../bench/packing/packing-evaluator.js';
import { runPackingRun } from '../../../bench/packing/run-packing-run.js';
import { createSeededRandom } from '../../../src/index.js';

describe('packingDescriptors', () => {
  it("reads the layout from the plan's first sentence and the refinements on top, one cell per pair", () => {
    const random = createSeededRandom(3);
    const descriptors = packingDescriptors();
    for (const paradigm of ['rings', 'grid', 'hexagonal', 'greedy', 'optimiser'] as const) {
      const draft = draftProgram(sampleLayout(paradigm, random));
      const text = (program: typeof draft) => ({ plan: renderPackingPlan(program), code: renderPackingCode(program) });
      expect(descriptors.describe(text(draft)).values).toEqual([paradigm, 'none']);
      expect(descriptors.describe(text(addComponent(draft, { perturb: 0, fitted: 0, polish: 1 }, random))).values).toEqual([
        paradigm,
        'polish',
      ]);
    }
  });

  it("drives the bench's qd arm: the archive picks parents, so the run differs from the unshaped one", async () => {
    const task = await loadPackingTaskCard();
    const evaluator = createPackingEvaluator();
    const unshaped = await runPackingRun({
      task,
      policy: 'aide',
      arm: { strength: 0, schedule: 'none' },
      seed: 2,
      episodes: 14,
      evaluator,
    });
    const archived = await runPackingRun({
      task,
      policy: 'aide',
      arm: { strength: 0, schedule: 'none', qd: true },
      seed: 2,
      episodes: 14,
      evaluator,
    });
    expect(archived.arm).toEqual({ strength: 0, schedule: 'none', qd: true });
    expect(archived.shaped).toBe(true);
    expect(archived.episodes.map((episode) => episode.parentIds)).not.toEqual(unshaped.episodes.map((episode) => episode.parentIds));
  }, 120_000);
});
