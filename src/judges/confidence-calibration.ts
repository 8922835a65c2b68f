import { mannWhitneyU } from '../statistics/mann-whitney.js';

/** Verdicts with confidences in one band, and how many of them missed the label. */
export interface ConfidenceBand {
  /** The band is [low, high); the last band includes 1. */
  readonly low: number;
  readonly high: number;
  readonly count: number;
  readonly wrong: number;
  /** wrong / count; NaN for an empty band. */
  readonly errorRate: number;
}

/** Whether a judge's confidence tells right verdicts from wrong ones. */
export interface ConfidenceCalibration {
  readonly bands: readonly ConfidenceBand[];
  /** Mean confidence of right and of wrong verdicts. */
  readonly meanConfidenceRight: number;
  readonly meanConfidenceWrong: number;
  /** P(confidence of a right verdict > that of a wrong one), ties half: 0.5 is uninformative, 1 perfect. NaN without both. */
  readonly separation: number;
  /**
   * Expected calibration error over ten equal-width confidence bins: the verdict-weighted mean of |accuracy − mean
   * confidence| per bin (0 when confidence is the chance of being right; NaN without verdicts).
   */
  readonly expectedCalibrationError: number;
}

/**
 * Bins verdicts by confidence (`edges` split [0, 1] into bands) and reports each band's error rate against the
 * labels, the mean confidence of right and wrong verdicts, and how well confidence separates them (the
 * Mann-Whitney U of right vs wrong, scaled to a probability). Low confidence should mean more errors.
 */
export function confidenceCalibration(
  verdicts: readonly { readonly score: number; readonly label: number; readonly confidence: number }[],
  edges: readonly number[] = [0.5, 0.75, 0.9],
): ConfidenceCalibration {
  const bounds = [0, ...edges, 1];
  const bands = bounds.slice(0, -1).map((low, index) => {
    const high = bounds[index + 1]!;
    const last = index === bounds.length - 2;
    const inBand = verdicts.filter(
      (verdict) => verdict.confidence >= low && (verdict.confidence < high || (last && verdict.confidence <= high)),
    );
    const wrong = inBand.filter((verdict) => verdict.score !== verdict.label).length;
    return { low, high, count: inBand.length, wrong, errorRate: inBand.length === 0 ? Number.NaN : wrong / inBand.length };
  });
  const right = verdicts.filter((verdict) => verdict.score === verdict.label).map((verdict) => verdict.confidence);
  const wrong = verdicts.filter((verdict) => verdict.score !== verdict.label).map((verdict) => verdict.confidence);
  const mean = (values: readonly number[]): number =>
    values.length === 0 ? Number.NaN : values.reduce((sum, value) => sum + value, 0) / values.length;
  return {
    bands,
    meanConfidenceRight: mean(right),
    meanConfidenceWrong: mean(wrong),
    separation: right.length === 0 || wrong.length === 0 ? Number.NaN : mannWhitneyU(right, wrong).u / (right.length * wrong.length),
    expectedCalibrationError: expectedCalibrationError(verdicts),
  };
}

/** ECE over `bins` equal-width bins of confidence (the last includes 1); see `ConfidenceCalibration`. */
function expectedCalibrationError(
  verdicts: readonly { readonly score: number; readonly label: number; readonly confidence: number }[],
  bins = 10,
): number {
  if (verdicts.length === 0) return Number.NaN;
  const sums = Array.from({ length: bins }, () => ({ count: 0, right: 0, confidence: 0 }));
  for (const verdict of verdicts) {
    const bin = sums[Math.min(bins - 1, Math.floor(verdict.confidence * bins))]!;
    bin.count += 1;
    bin.confidence += verdict.confidence;
    if (verdict.score === verdict.label) bin.right += 1;
  }
  return sums.reduce(
    (total, bin) =>
      bin.count === 0 ? total : total + (bin.count / verdicts.length) * Math.abs(bin.right / bin.count - bin.confidence / bin.count),
    0,
  );
}
