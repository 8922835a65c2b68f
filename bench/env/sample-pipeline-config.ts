import type { RandomSource } from '../../src/random/random-source.js';
import { adjacentValue, pickValue } from '../support/grid-values.js';
import type { TaskKind } from '../tasks/dataset.js';
import type { MemberModelConfig, ModelConfig } from './model-config.js';
import type { PipelineConfig } from './pipeline-config.js';
import { familiesFor, modelSpace, preprocessingSpace, type SearchableFamily } from './pipeline-space.js';

/** Options of `samplePipelineConfig`. */
export interface SampleOptions {
  /** Families to draw from (uniformly); defaults to every family that fits the task. */
  readonly families?: readonly SearchableFamily[];
  /** Probability of drawing a 2-3 member ensemble instead of a single model. */
  readonly ensembleProbability?: number;
}

/** A uniformly random point of the grid of one family. */
export function sampleModel(family: SearchableFamily, random: RandomSource): MemberModelConfig {
  const grid = modelSpace[family] as Record<string, readonly unknown[]>;
  return Object.fromEntries([['family', family], ...Object.entries(grid).map(([key, values]) => [key, pickValue(values, random)])]) as MemberModelConfig;
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
  return { preprocessing, model };
}

/**
 * A neighbour of `config`: one preprocessing setting or one hyper-parameter moved to an adjacent grid value
 * (the refinement moves of a search). Ensembles mutate one member.
 */
export function mutatePipelineConfig(config: PipelineConfig, random: RandomSource): PipelineConfig {
  if (random() < 0.3) {
    const grids = preprocessingSpace as Record<string, readonly unknown[]>;
    const key = pickValue(Object.keys(grids), random);
    const value = adjacentValue(grids[key]!, (config.preprocessing as Record<string, unknown>)[key], random);
    return { ...config, preprocessing: { ...config.preprocessing, [key]: value } };
  }
  return { ...config, model: mutateModel(config.model, random) };
}

function mutateModel(model: ModelConfig, random: RandomSource): ModelConfig {
  if (model.family === 'dummy') return model;
  if (model.family === 'ensemble') {
    const index = Math.floor(random() * model.members.length);
    const members = model.members.map((member, position) => (position === index ? (mutateModel(member, random) as MemberModelConfig) : member));
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
