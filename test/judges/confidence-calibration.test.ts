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

  it('gives the expected calibration error: 0 when confidence is the chance of being right, the gap otherwise', () => {
    // Ten verdicts at confidence 0.8, eight right: calibrated.
    const calibrated = Array.from({ length: 10 }, (_, index) => ({ score: 1, label: index < 8 ? 1 : 0, confidence: 0.8 }));
    expect(confidenceCalibration(calibrated).expectedCalibrationError).toBeCloseTo(0, 12);
    // Overconfident: confidence 1 (the last bin includes it), half wrong; and a right verdict at 0.25 (gap 0.75).
    const overconfident = [
      ...Array.from({ length: 4 }, (_, index) => ({ score: 1, label: index % 2, confidence: 1 })),
      { score: 2, label: 2, confidence: 0.25 },
    ];
    expect(confidenceCalibration(overconfident).expectedCalibrationError).toBeCloseTo((4 / 5) * 0.5 + (1 / 5) * 0.75, 12);
    expect(confidenceCalibration([]).expectedCalibrationError).toBeNaN();
  });
});
