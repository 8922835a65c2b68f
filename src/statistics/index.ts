export { averageRanks, tieGroupSizes } from './ranks.js';
export { quantile } from './quantile.js';
export { spearman } from './spearman.js';
export {
  bootstrapConfidenceInterval,
  spearmanWithConfidence,
  type BootstrapInterval,
  type BootstrapOptions,
  type SpearmanConfidenceOptions,
  type SpearmanWithConfidence,
} from './bootstrap.js';
export {
  krippendorffAlpha,
  type KrippendorffAlphaOptions,
  type MeasurementLevel,
  type ReliabilityValue,
} from './krippendorff-alpha.js';
export { mannWhitneyU, type MannWhitneyResult } from './mann-whitney.js';
export { wilcoxonSignedRank, type WilcoxonResult } from './wilcoxon-signed-rank.js';
export { holmAdjust } from './holm-adjust.js';
export { varghaDelaneyA12 } from './vargha-delaney.js';
