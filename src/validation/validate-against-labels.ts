import { confidenceCalibration } from '../judges/confidence-calibration.js';
import { spearmanWithConfidence } from '../statistics/bootstrap.js';
import { matchLabels, type RunsByFile, type UnmatchedLabel } from './match-labels.js';
import type { ReferenceLabel } from './reference-label.js';
import type { ValidationScorer } from './validation-scorer.js';

/** One scorer's agreement with the labels. */
export interface ValidationRow {
  readonly id: string;
  readonly kind: ValidationScorer['kind'];
  /** Spearman's ρ between the scorer and the labels over the matched episodes. */
  readonly rho: number;
  /** Bounds of the seeded percentile-bootstrap confidence interval of ρ. */
  readonly low: number;
  readonly high: number;
  /** Matched episodes the scorer gave a finite score. */
  readonly n: number;
  /** For a scorer that gives confidences (a judge): the expected calibration error of its verdicts against the labels. */
  readonly expectedCalibrationError?: number;
}

/** What `validateAgainstLabels` found. */
export interface ValidationResult {
  readonly rows: readonly ValidationRow[];
  readonly matched: number;
  readonly unmatched: readonly UnmatchedLabel[];
  readonly confidence: number;
  readonly resamples: number;
  readonly seed: number;
}

/** Inputs of `validateAgainstLabels`. */
export interface ValidateAgainstLabelsOptions {
  readonly labels: readonly ReferenceLabel[];
  /** The runs of each label `file`, or the reason the file could not be read. */
  readonly runsByFile: RunsByFile;
  readonly scorers: readonly ValidationScorer[];
  readonly seed?: number;
  readonly resamples?: number;
  readonly confidence?: number;
}

/**
 * Joins labels to episodes by ending node id, scores every matched run with every scorer, and reports each
 * scorer's Spearman ρ with a seeded bootstrap confidence interval, plus the labels it could not match.
 */
export async function validateAgainstLabels(options: ValidateAgainstLabelsOptions): Promise<ValidationResult> {
  const { seed = 0, resamples = 2000, confidence = 0.95 } = options;
  const { matches, unmatched } = matchLabels(options.labels, options.runsByFile);

  const runs = [...new Set(matches.map((match) => match.run))];
  const rows: ValidationRow[] = [];
  for (const scorer of options.scorers) {
    const scores = new Map<string, number>();
    for (const run of runs) {
      for (const [episodeId, value] of await scorer.scoreRun(run)) scores.set(`${run.id}\u0000${episodeId}`, value);
    }
    const scored = matches
      .map((match) => ({ match, value: scores.get(`${match.run.id}\u0000${match.label.node_id}`) ?? Number.NaN }))
      .filter(({ value }) => Number.isFinite(value));
    const result = spearmanWithConfidence(
      scored.map(({ value }) => value),
      scored.map(({ match }) => match.label.label),
      { seed, resamples, confidence },
    );
    const verdicts =
      scorer.confidenceOf === undefined
        ? []
        : scored.flatMap(({ match, value }) => {
            const given = scorer.confidenceOf!(match.run.id, match.label.node_id);
            return given === undefined ? [] : [{ score: value, label: match.label.label, confidence: given }];
          });
    const calibration = verdicts.length === 0 ? {} : { expectedCalibrationError: confidenceCalibration(verdicts).expectedCalibrationError };
    rows.push({ id: scorer.id, kind: scorer.kind, rho: result.rho, low: result.low, high: result.high, n: result.n, ...calibration });
  }
  return { rows, matched: matches.length, unmatched, confidence, resamples, seed };
}
