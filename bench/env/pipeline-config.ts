import { z } from 'zod';
import { FeatureEngineeringConfigSchema } from './feature-engineering-config.js';
import { ModelConfigSchema } from './model-config.js';
import { PreprocessingConfigSchema } from './preprocessing-config.js';

/**
 * One point of the benchmark's discrete pipeline space: preprocessing steps and a model (discriminated by its
 * family), and for tasks that offer them the feature-engineering moves (`features`; absent engineers nothing, so
 * every pipeline written before they existed keeps its meaning and its key). Omitted settings take their
 * defaults, so `{ model: { family: 'linear' } }` is a complete pipeline.
 */
export const PipelineConfigSchema = z.strictObject({
  // `prefault`, not `default`: zod 4 returns a default as is, so only a prefault fills the inner defaults.
  preprocessing: PreprocessingConfigSchema.prefault({}),
  model: ModelConfigSchema,
  features: FeatureEngineeringConfigSchema.optional(),
});

/** A pipeline configuration after defaults: see `PipelineConfigSchema`. */
export type PipelineConfig = z.infer<typeof PipelineConfigSchema>;
/** A pipeline configuration as written by a person or an agent, defaults omitted. */
export type PipelineConfigInput = z.input<typeof PipelineConfigSchema>;
