/**
 * boden: online P-creativity scoring and novelty shaping for LLM research agents.
 *
 * - episodes: `Episode`, `Run`, segmentation of search trees into the paper's episodes, boden's JSON lines
 * - usefulness: feasibility and impact, task cards
 * - metrics: the `NoveltyMetric` role and its implementations; scoring of whole runs
 * - errors: `BodenError` and its typed subclasses
 */
export { BodenError } from './errors/boden-error.js';
export { InvalidOptionsError, type OptionIssue } from './errors/invalid-options-error.js';
export { TrajectoryError } from './errors/trajectory-error.js';
export { InvalidJsonError } from './errors/invalid-json-error.js';
export { InvalidFieldError } from './errors/invalid-field-error.js';
export { EmptyTrajectoryError } from './errors/empty-trajectory-error.js';
export { NotATrajectoryError } from './errors/not-a-trajectory-error.js';
export { DuplicateNodeIdError } from './errors/duplicate-node-id-error.js';
export { UnknownParentError } from './errors/unknown-parent-error.js';
export { ParentCycleError } from './errors/parent-cycle-error.js';
export { FileReadError } from './errors/file-read-error.js';
export { FileWriteError } from './errors/file-write-error.js';

export { parseOptions } from './options/parse-options.js';
export { checkArgument } from './options/check-argument.js';
export { bodenVersion } from './version.js';
export { readJsonFile } from './files/read-json-file.js';
export { createSeededRandom, type RandomSource } from './random/random-source.js';

export { EpisodeSchema, EpisodeFlagSchema, EpisodeMetadataSchema, type Episode, type EpisodeFlag } from './episode/episode.js';
export { InfeasibleAttemptSchema, type InfeasibleAttempt } from './episode/infeasible-attempt.js';
export { RunSchema, RunHeaderSchema, type Run, type RunHeader } from './episode/run.js';
export { TrajectoryFormatSchema, trajectoryFormats, type TrajectoryFormat } from './episode/trajectory-format.js';
export type { TrajectoryNode } from './episode/trajectory-node.js';
export { isTrajectoryReader, type TrajectoryReader } from './episode/trajectory-reader.js';
export {
  segmentEpisodes,
  isValidNode,
  type SegmentEpisodesOptions,
  type Segmentation,
  type DanglingParentPolicy,
} from './episode/segment-episodes.js';
export {
  runToJsonLines,
  readEpisodesJsonl,
  episodeJsonlVersion,
  EpisodeJsonlRecordSchema,
  RunRecordSchema,
  EpisodeRecordSchema,
  AttemptRecordSchema,
  type EpisodeJsonlRecord,
  type RunScores,
  type StoredRun,
} from './episode/episode-jsonl.js';

export { TaskCardSchema, readTaskCard, type TaskCard } from './usefulness/task-card.js';
export { impact, impactReference, type ImpactReference } from './usefulness/impact.js';
export { runFeasibility, episodeFeasibility, type RunFeasibility } from './usefulness/feasibility.js';

export type { NoveltyMetric, NoveltyMetricRun, NoveltyCandidate } from './metrics/novelty-metric.js';
export { uniqueCodeMetric } from './metrics/unique-code-metric.js';
export { scoreRunNovelty } from './scoring/score-run-novelty.js';
export { normaliseCode } from './text/normalise-code.js';

export type { Embedder, EmbeddingInput } from './embedder/embedder.js';

export {
  averageRanks,
  quantile,
  spearman,
  bootstrapConfidenceInterval,
  spearmanWithConfidence,
  krippendorffAlpha,
  mannWhitneyU,
  wilcoxonSignedRank,
  holmAdjust,
  varghaDelaneyA12,
  type BootstrapInterval,
  type MeasurementLevel,
  type MannWhitneyResult,
  type WilcoxonResult,
} from './statistics/index.js';
export { writeFileAtomic, writeFilesAtomic } from './files/write-file-atomic.js';
export { defaultNoveltyMetrics } from './metrics/default-novelty-metrics.js';
export { scoreRun, type RunReport, type EpisodeReport } from './scoring/score-run.js';
export { ReferenceLabelSchema, readReferenceLabels, type ReferenceLabel } from './validation/reference-label.js';
export { metricValidationScorers, type ValidationScorer } from './validation/validation-scorer.js';
export { createNoveltyPass, type NoveltyPass, type RunNovelty } from './validation/novelty-pass.js';
export { matchLabels, type LabelMatch, type UnmatchedLabel, type RunsByFile } from './validation/match-labels.js';
export {
  validateAgainstLabels,
  type ValidationResult,
  type ValidationRow,
  type ValidateAgainstLabelsOptions,
} from './validation/validate-against-labels.js';

export { HashingEmbedder, type FrozenIdf } from './embedder/hashing-embedder.js';
export { hashingEmbedderOptionsSchema, type HashingEmbedderOptions } from './embedder/hashing-embedder-options.js';
export { LangChainEmbedder, renderEmbeddingText, type LangChainEmbedderStatistics } from './embedder/langchain-embedder.js';
export { langChainEmbedderOptionsSchema, type LangChainEmbedderOptions } from './embedder/langchain-embedder-options.js';
export {
  createOpenAiCompatibleEmbedder,
  openAiCompatibleEmbedderOptionsSchema,
  type OpenAiCompatibleEmbedderOptions,
} from './embedder/openai-compatible-embedder.js';
export { EmbeddingError, type EmbeddingProblem } from './errors/embedding-error.js';
// The causes under a provider failure of the OpenAI-compatible judge and embedder (`createGuardedFetch`).
export { NoResponseError } from './errors/no-response-error.js';
export { UnexpectedResponseError } from './errors/unexpected-response-error.js';

export { ConceptExtractor } from './concepts/concept-extractor.js';
export type { ConceptExtractorOptions } from './concepts/concept-extractor-options.js';
export { conceptVocabulary } from './concepts/concept-vocabulary.js';
export { defaultConceptExtractor } from './concepts/default-concept-extractor.js';
export {
  ConceptSchema,
  conceptCategories,
  modelParadigms,
  type Concept,
  type ConceptCategory,
  type ModelParadigm,
} from './concepts/concept.js';

export * from './vector-index/index.js';

export type { NoveltyRunContext } from './metrics/novelty-metric.js';
export { nearestNeighbourMetric } from './metrics/nearest-neighbour-metric.js';
export { codeNearestNeighbourMetric, type CodeNearestNeighbourMetricOptions } from './metrics/code-nearest-neighbour-metric.js';
export { centroidMetric } from './metrics/centroid-metric.js';
export { meanDistanceMetric } from './metrics/mean-distance-metric.js';
export { graphInsertionMetric } from './metrics/graph-insertion-metric.js';
export type { GraphInsertionMetricOptions } from './metrics/graph-insertion-metric-options.js';
export { conceptSetMetric } from './metrics/concept-set-metric.js';
export { conceptFuzzyMetric } from './metrics/concept-fuzzy-metric.js';
export type { ConceptFuzzyMetricOptions } from './metrics/concept-fuzzy-metric-options.js';

export {
  createNoveltyScorer,
  type NoveltyScorer,
  type NoveltyScore,
  type ScorableNode,
  type NodeOutcome,
} from './scoring/novelty-scorer.js';
export { NoveltyScorerOptionsSchema, type NoveltyScorerOptions, type ConceptSource } from './scoring/novelty-scorer-options.js';
export { defaultConceptSource } from './scoring/default-novelty-scorer-parts.js';
export { SafeEventEmitter, type EventMap, type ListenerErrorEvent } from './events/safe-event-emitter.js';
export type {
  NoveltyScorerEvents,
  EpisodeScoredEvent,
  EpisodeObservedEvent,
  ListenerErrorEventPayload,
} from './events/novelty-events.js';

export {
  JudgeVerdictSchema,
  CreativityModeSchema,
  RubricLabelSchema,
  rubricLabels,
  rubricLabel,
  type JudgeVerdict,
  type CreativityMode,
  type RubricLabel,
} from './judges/judge-verdict.js';
export type { Judge, JudgeInput, JudgedEpisode } from './judges/judge.js';
export { judgeRun, toJudgedEpisode, type JudgeRunOptions } from './judges/judge-run.js';
export { profileEpisode, type EpisodeProfile } from './judges/episode-profile.js';
export { inferredSweep } from './judges/inferred-sweep.js';
export { inferredSettingLoop } from './judges/setting-loop.js';
export { reportedUsage } from './judges/judge-usage-account.js';
export { createNonce, createDataDelimiter, neutraliseDelimiters, type DataDelimiter } from './judges/data-delimiter.js';
export {
  createEscalatingJudge,
  type EscalatingJudge,
  type EscalatingJudgeEvents,
  type EscalationCount,
} from './judges/escalating-judge.js';
export { EscalatingJudgeOptionsSchema, type EscalatingJudgeOptions } from './judges/escalating-judge-options.js';
export { LlmJudge } from './judges/llm-judge.js';
export { llmJudgeOptionsSchema, type LlmJudgeOptions } from './judges/llm-judge-options.js';
export {
  createOpenAiCompatibleJudge,
  openAiCompatibleJudgeOptionsSchema,
  type OpenAiCompatibleJudgeOptions,
} from './judges/openai-compatible-judge.js';
export { JudgeAnswerSchema, type JudgeAnswer } from './judges/judge-answer.js';
export type { JudgeUsage, JudgePricing } from './judges/judge-usage-account.js';
export type { JudgeCacheStatistics } from './judges/judge-cache.js';
export { judgePromptVersion } from './judges/judge-rubric.js';
export { JudgeError, type JudgeProblem } from './errors/judge-error.js';
export type {
  JudgeEvents,
  JudgeCallEndEvent,
  JudgeRetryEvent,
  JudgeFallbackEvent,
  JudgeCacheHitEvent,
  JudgeContextTrimmedEvent,
  JudgeCallUsage,
} from './events/judge-events.js';

export { RubricJudge } from './judges/rubric-judge.js';
export { rubricJudgeOptionsSchema, type RubricJudgeOptions } from './judges/rubric-judge-options.js';
export {
  RubricJudgeParametersSchema,
  parseRubricJudgeParameters,
  fittedRubricJudgeParameters,
  rubricDecisionRules,
  type RubricJudgeParameters,
} from './judges/rubric-judge-parameters.js';
export { decideRubricScore, type RubricDecision } from './judges/rubric-decision.js';
export { extractRubricEvidence, type RubricEvidence } from './judges/rubric-evidence.js';
export { rubricEvidenceOfRun, collectRubricExamples, type RubricExample } from './validation/rubric-examples.js';
export { fitRubricJudge, type RubricJudgeFit } from './validation/fit-rubric-judge.js';
export { crossValidateRubricJudge, type RubricCrossValidation, type HeldOutRubricScore } from './validation/cross-validate-rubric-judge.js';
export { confidenceCalibration, type ConfidenceCalibration } from './judges/confidence-calibration.js';
export { rubricJudgeValidationScorer, crossValidatedRubricJudgeScorer } from './validation/rubric-judge-validation-scorers.js';

export * from './shaping/index.js';

export * from './session/index.js';

export * from './quality-diversity/index.js';

export * from './corpus/index.js';

export * from './report/index.js';
export { ChartRenderError } from './errors/chart-render-error.js';
export { ReportWriteError } from './errors/report-write-error.js';

export { createServeApp, ServeAppOptionsSchema, type ServeAppOptions } from './serve/create-serve-app.js';
export { ServedRuns } from './serve/served-runs.js';
