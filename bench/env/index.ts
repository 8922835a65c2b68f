/**
 * The benchmark's offline evaluation environment: a discrete pipeline space, real cross-validated evaluation in
 * a worker pool with timeouts and crash isolation, an on-disk memo, and renderers to plan prose and Python code.
 */
export { createBenchEvaluator, BenchEvaluatorOptionsSchema, type BenchEvaluator, type BenchEvaluatorCounts, type BenchEvaluatorOptions, type PipelineEvaluation } from './bench-evaluator.js';
export { canonicalConfigKey, parsePipelineConfig } from './canonical-config.js';
export { crossValidationFolds, trainingRows, type FoldOptions } from './cross-validation-folds.js';
export { evaluatePipeline } from './evaluate-pipeline.js';
export { EvaluationMemo, evaluationMemoKey, evaluationVersion, type MemoEntry } from './evaluation-memo.js';
export { createEvaluationPool, EvaluationPool, EvaluationPoolOptionsSchema, type EvaluationPoolOptions, type EvaluationPoolStats } from './evaluation-pool.js';
export { EvaluationPoolError } from './evaluation-pool-error.js';
export type { EvaluationRequest } from './evaluation-request.js';
export type { BuggyEvaluation, EvaluationResult, SuccessfulEvaluation } from './evaluation-result.js';
export { accuracy, computeMetric, macroF1, metricMaximize, MetricNameSchema, rootMeanSquaredError, rSquared, type MetricName } from './metrics.js';
export {
  MemberModelConfigSchema,
  modelFamilies,
  ModelConfigSchema,
  type MemberModelConfig,
  type ModelConfig,
  type ModelConfigOf,
  type ModelFamily,
} from './model-config.js';
export { PipelineConfigSchema, type PipelineConfig, type PipelineConfigInput } from './pipeline-config.js';
export { PipelineError } from './pipeline-error.js';
export { familiesFor, familyFitsKind, modelSpace, preprocessingSpace, type SearchableFamily } from './pipeline-space.js';
export { PreprocessingConfigSchema, type PreprocessingConfig } from './preprocessing-config.js';
export { renderPipelineCode } from './render-code.js';
export { renderPipelinePlan } from './render-plan.js';
export { mutatePipelineConfig, sampleModel, samplePipelineConfig, type SampleOptions } from './sample-pipeline-config.js';
export { serveEvaluations, type EvaluationHandler } from './serve-evaluations.js';
