import { describe, expect, it } from 'vitest';
import { validateAgainstLabels } from '../../src/validation/validate-against-labels.js';
import type { ValidationScorer } from '../../src/validation/validation-scorer.js';
import { runOf } from './run-fixture.js';

const run = runOf(
  'r',
  Array.from({ length: 4 }, (_, index) => ({ plan: `plan ${index}`, code: `x = ${index}` })),
);
const labels = [0, 1, 2, 3].map((label, index) => ({ run: 'r', file: 'r.json', episode: index, node_id: `r-${index}`, label }));
const runsByFile = new Map([['r.json', [run]]]);
// Right on episodes 0-2, wrong on 3.
const scores = new Map([
  ['r-0', 0],
  ['r-1', 1],
  ['r-2', 2],
  ['r-3', 0],
]);

describe('validateAgainstLabels', () => {
  it('gives a judge that reports confidences its expected calibration error against the labels, and a metric none', async () => {
    const judge: ValidationScorer = {
      id: 'judge',
      kind: 'judge',
      scoreRun: async () => scores,
      confidenceOf: (_run, episode) => (episode === 'r-3' ? 0.95 : 0.55),
    };
    const metric: ValidationScorer = { id: 'metric', kind: 'metric', scoreRun: async () => scores };
    const { rows } = await validateAgainstLabels({ labels, runsByFile, scorers: [judge, metric], resamples: 50 });
    // Bin 0.5-0.6: 3 verdicts, all right, mean confidence 0.55 → |1 − 0.55| × 3/4; bin 0.9-1: 1 wrong at 0.95 → |0 − 0.95| × 1/4.
    expect(rows[0]!.expectedCalibrationError).toBeCloseTo(0.45 * 0.75 + 0.95 * 0.25, 10);
    expect(rows[1]!.expectedCalibrationError).toBeUndefined();
    expect(rows[0]!.rho).toBe(rows[1]!.rho);
  });
});
