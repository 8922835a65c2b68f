import type { RandomSource } from 'boden';
import { adjacentValue, pickValue } from '../support/grid-values.js';
import type { TaskKind } from '../tasks/dataset.js';
import type { MemberModelConfig, ModelConfig } from './model-config.js';
import type { PipelineConfig } from './pipeline-config.js';
import { noFeatureEngineering, type FeatureEngineeringConfig } from './feature-engineering-config.js';
import {
  familiesFor,
  featureEngineeringSpace,
  modelSpace,
  preprocessingSpace,
  type FeatureEngineeringGrid,
  type SearchableFamily,
} from './pipeline-space.js';

/** Options of `samplePipelineConfig`. */
export interface SampleOptions {
  /** Families to draw from (uniformly); defaults to every family that fits the task. */
  readonly families?: readonly SearchableFamily[];
  /** Probability of drawing a 2-3 member ensemble instead of a single model. */
  readonly ensembleProbability?: number;
  /**
   * Draw the feature-engineering settings too (a task whose card offers them): from the grid the task offers
   * (`offeredFeatureEngineering(task).grid`), or from every setting's whole grid with `true`; default false.
   */
  readonly featureEngineering?: boolean | FeatureEngineeringGrid;
}

/** Options of `mutatePipelineConfig`. */
export interface MutateOptions {
  /**
   * Let a preprocessing move step a feature-engineering setting too (a task whose card offers them): along the grid
   * the task offers (settings with a single value there never move), or every setting's whole grid with `true`.
   */
  readonly featureEngineering?: boolean | FeatureEngineeringGrid;
}

/** The grid an option names: `true` for the whole space, a task's offered grid as is, nothing for false. */
function gridOf(option: boolean | FeatureEngineeringGrid | undefined): FeatureEngineeringGrid | undefined {
  return option === true ? featureEngineeringSpace : option === false || option === undefined ? undefined : option;
}

/** A uniformly random point of the grid of one family. */
export function sampleModel(family: SearchableFamily, random: RandomSource): MemberModelConfig {
  const grid = modelSpace[family] as Record<string, readonly unknown[]>;
  return Object.fromEntries([
    ['family', family],
    ...Object.entries(grid).map(([key, values]) => [key, pickValue(values, random)]),
  ]) as MemberModelConfig;
}

/** A random pipeline for a task kind: each preprocessing setting and the model drawn uniformly from their grids. */
export function samplePipelineConfig(random: RandomSource, kind: TaskKind, options: SampleOptions = {}): PipelineConfig {
  const families = options.families ?? familiesFor(kind);
  const grids = preprocessingSpace as Record<string, readonly unknown[]>;
  const preprocessing = Object.fromEntries(
    Object.entries(grids).map(([key, values]) => [key, pickValue(values, random)]),
  ) as unknown as PipelineConfig['preprocessing'];
  let model: ModelConfig;
  if (random() < (options.ensembleProbability ?? 0.1) && families.length >= 2) {
    const size = random() < 0.5 ? 2 : 3;
    const chosen = shuffled(families, random).slice(0, size);
    model = { family: 'ensemble', members: chosen.map((family) => sampleModel(family, random)) };
  } else {
    model = sampleModel(pickValue(families, random), random);
  }
  const grid = gridOf(options.featureEngineering);
  if (grid === undefined) return { preprocessing, model };
  const features = Object.fromEntries(
    Object.entries(grid as Record<string, readonly unknown[]>).map(([key, values]) => [key, pickValue(values, random)]),
  ) as unknown as FeatureEngineeringConfig;
  return { preprocessing, model, features };
}

/**
 * A neighbour of `config`: one preprocessing setting or one hyper-parameter moved to an adjacent grid value
 * (the refinement moves of a search), or with `featureEngineering` one feature-engineering setting. Ensembles
 * mutate one member.
 */
export function mutatePipelineConfig(config: PipelineConfig, random: RandomSource, options: MutateOptions = {}): PipelineConfig {
  if (random() < 0.3) {
    const grids = preprocessingSpace as Record<string, readonly unknown[]>;
    const engineering = (gridOf(options.featureEngineering) ?? {}) as Record<string, readonly unknown[]>;
    // A setting the task offers one value of has no neighbour to move to.
    const movable = Object.keys(engineering).filter((key) => engineering[key]!.length > 1);
    const keys = [...Object.keys(grids), ...movable.map((key) => `features.${key}`)];
    const key = pickValue(keys, random);
    if (key.startsWith('features.')) {
      const setting = key.slice('features.'.length);
      const features = { ...noFeatureEngineering, ...config.features };
      const value = adjacentValue(engineering[setting]!, (features as Record<string, unknown>)[setting], random);
      return { ...config, features: { ...features, [setting]: value } };
    }
    const value = adjacentValue(grids[key]!, (config.preprocessing as Record<string, unknown>)[key], random);
    return { ...config, preprocessing: { ...config.preprocessing, [key]: value } };
  }
  return { ...config, model: mutateModel(config.model, random) };
}

function mutateModel(model: ModelConfig, random: RandomSource): ModelConfig {
  if (model.family === 'dummy') return model;
  if (model.family === 'ensemble') {
    const index = Math.floor(random() * model.members.length);
    const members = model.members.map((member, position) =>
      position === index ? (mutateModel(member, random) as MemberModelConfig) : member,
    );
    return { ...model, members };
  }
  const grid = modelSpace[model.family] as Record<string, readonly unknown[]>;
  const key = pickValue(Object.keys(grid), random);
  return { ...model, [key]: adjacentValue(grid[key]!, (model as Record<string, unknown>)[key], random) } as ModelConfig;
}

function shuffled<T>(values: readonly T[], random: RandomSource): T[] {
  const copy = [...values];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}
