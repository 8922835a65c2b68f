import { describe, expect, it } from 'vitest';
import { confidenceCalibration } from '../../src/judges/confidence-calibration.js';

describe('confidenceCalibration', () => {
  it('bins verdicts by confidence and counts the wrong ones', () => {
    const verdicts = [
      { score: 0, label: 2, confidence: 0.3 },
      { score: 2, label: 2, confidence: 0.6 },
      { score: 2, label: 2, confidence: 0.95 },
      { score: 0, label: 0, confidence: 1 },
    ];
    const calibration = confidenceCalibration(verdicts, [0.5, 0.9]);
    expect(calibration.bands.map((band) => [band.low, band.high, band.count, band.wrong])).toEqual([
      [0, 0.5, 1, 1],
      [0.5, 0.9, 1, 0],
      [0.9, 1, 2, 0],
    ]);
    expect(calibration.separation).toBe(1);
    expect(calibration.meanConfidenceWrong).toBeCloseTo(0.3);
  });

  it('reports NaN where there is nothing to compare', () => {
    const calibration = confidenceCalibration([{ score: 1, label: 1, confidence: 0.5 }]);
    expect(calibration.separation).toBeNaN();
    expect(calibration.bands[0]!.errorRate).toBeNaN();
  });
});
