import type { RandomSource } from 'boden';
import type { TaskKind } from '../tasks/dataset.js';
import type { MemberModelConfig } from '../env/model-config.js';
import type { PipelineConfig } from '../env/pipeline-config.js';
import { noFeatureEngineering } from '../env/feature-engineering-config.js';
import {
  familiesFor,
  featureEngineeringSpace,
  preprocessingSpace,
  type FeatureEngineeringGrid,
  type SearchableFamily,
} from '../env/pipeline-space.js';
import { sampleModel } from '../env/sample-pipeline-config.js';
import { pickWeighted } from '../support/grid-values.js';

/** A family drawn from `prior` among the families that fit `kind` and are not `excluded` (all of them if none is left). */
export function drawFamily(
  prior: Partial<Record<SearchableFamily, number>>,
  kind: TaskKind,
  random: RandomSource,
  excluded: ReadonlySet<SearchableFamily> = new Set(),
): SearchableFamily {
  const fitting = familiesFor(kind).filter((family) => (prior[family] ?? 0) > 0);
  const allowed = fitting.filter((family) => !excluded.has(family));
  // Every weighted family excluded: fall back to the unweighted families left, then to the prior itself.
  const unweighted = familiesFor(kind).filter((family) => !excluded.has(family) && !fitting.includes(family));
  if (allowed.length === 0 && unweighted.length > 0) return unweighted[Math.floor(random() * unweighted.length)]!;
  return pickWeighted(allowed.length > 0 ? allowed : fitting, (family) => prior[family] ?? 0, random);
}

/** The families of a pipeline's model (an ensemble's members, or the one model). */
export function familiesOf(config: PipelineConfig): SearchableFamily[] {
  if (config.model.family === 'ensemble') return config.model.members.map((member) => member.family);
  return config.model.family === 'dummy' ? [] : [config.model.family];
}

/** What an LLM's first script looks like: median imputation, one-hot encoding, standard scaling, nothing else. */
export const draftPreprocessing: PipelineConfig['preprocessing'] = {
  imputation: 'median',
  encoding: 'one-hot',
  polynomial: null,
  scaling: 'standard',
  featureSelection: null,
  pca: null,
};

/** The preprocessing steps that are components, each with its off value, in the order `addComponent` offers them. */
const preprocessingComponents = [
  ['polynomial', null],
  ['featureSelection', null],
  ['pca', null],
  ['scaling', 'none'],
] as const satisfies readonly (readonly [keyof PipelineConfig['preprocessing'], unknown])[];

/** Options of `addComponent`. */
export interface AddComponentOptions {
  /**
   * Offer the feature-engineering steps too (a task whose card offers them): `true` for the whole space, or the
   * task's offered grid (`offeredFeatureEngineering`), whose withheld steps (one value only) are never switched on.
   */
  readonly featureEngineering?: boolean | FeatureEngineeringGrid;
  /** Whether the task has categorical columns (default true): without them group statistics and target encoding do nothing. */
  readonly categorical?: boolean;
  /** Components (`componentsOf` names) to leave out while any other is left: what a run has already tried. */
  readonly avoid?: ReadonlySet<string>;
}

/**
 * A new component: a preprocessing step that is off switched on, one more ensemble member, or (where the task
 * offers feature engineering) a feature-engineering step that is off switched on; with `avoid`, one the run has
 * not tried while there is one.
 */
export function addComponent(
  config: PipelineConfig,
  prior: Partial<Record<SearchableFamily, number>>,
  kind: TaskKind,
  random: RandomSource,
  options: AddComponentOptions = {},
): PipelineConfig {
  const preprocessing = config.preprocessing;
  const moves: { component: string; make: () => PipelineConfig }[] = [];
  for (const [key, off] of preprocessingComponents) {
    if (preprocessing[key] !== off) continue;
    const values = (preprocessingSpace[key] as readonly unknown[]).filter((value) => value !== off);
    moves.push({
      component: key,
      make: () => ({ ...config, preprocessing: { ...preprocessing, [key]: values[Math.floor(random() * values.length)] } }),
    });
  }
  const members: MemberModelConfig[] =
    config.model.family === 'ensemble' ? [...config.model.members] : config.model.family === 'dummy' ? [] : [config.model];
  if (members.length >= 1 && members.length < 5) {
    moves.push({
      component: 'ensemble',
      make: () => {
        const family = drawFamily(prior, kind, random, new Set(familiesOf(config)));
        return { ...config, model: { family: 'ensemble', members: [...members, sampleModel(family, random)] } };
      },
    });
  }
  if (options.featureEngineering !== undefined && options.featureEngineering !== false) {
    const features = { ...noFeatureEngineering, ...config.features };
    const grid = options.featureEngineering === true ? featureEngineeringSpace : options.featureEngineering;
    for (const [key, values] of Object.entries(grid) as [keyof typeof features, readonly unknown[]][]) {
      if (key === 'targetTransform' && kind === 'classification') continue;
      if ((key === 'groupDeviations' || key === 'targetEncoding') && options.categorical === false) continue;
      if (features[key] !== noFeatureEngineering[key]) continue;
      const on = values.filter((value) => value !== noFeatureEngineering[key]);
      // A step the task's grid withholds (only its off value offered) is not a move.
      if (on.length === 0) continue;
      moves.push({
        component: `features.${key}`,
        make: () => ({ ...config, features: { ...features, [key]: on[Math.floor(random() * on.length)] } }),
      });
    }
  }
  const untried = options.avoid === undefined ? moves : moves.filter((move) => !options.avoid!.has(move.component));
  const open = untried.length > 0 ? untried : moves;
  if (open.length === 0) return config;
  return open[Math.floor(random() * open.length)]!.make();
}

/** The components a pipeline has on, by the names `addComponent` uses (`polynomial`, `ensemble`, `features.cyclical`, …). */
export function componentsOf(config: PipelineConfig): Set<string> {
  const on = new Set<string>();
  for (const [key, off] of preprocessingComponents) if (config.preprocessing[key] !== off) on.add(key);
  if (config.model.family === 'ensemble') on.add('ensemble');
  for (const [key, value] of Object.entries(config.features ?? {})) {
    if (value !== noFeatureEngineering[key as keyof typeof noFeatureEngineering]) on.add(`features.${key}`);
  }
  return on;
}

/** The same preprocessing with a model of another family, drawn from the prior without `excluded` and the current families. */
export function switchFamily(
  config: PipelineConfig,
  prior: Partial<Record<SearchableFamily, number>>,
  kind: TaskKind,
  random: RandomSource,
  excluded: ReadonlySet<SearchableFamily> = new Set(),
): PipelineConfig {
  const family = drawFamily(prior, kind, random, new Set([...excluded, ...familiesOf(config)]));
  return { ...config, model: sampleModel(family, random) };
}

/** What a debugging agent changes for a pipeline that failed at run time: impute missing values, drop the polynomial features or a log target, then shrink slow settings. */
export function repairPipeline(config: PipelineConfig): PipelineConfig {
  if (config.preprocessing.imputation === 'none') return { ...config, preprocessing: { ...config.preprocessing, imputation: 'median' } };
  if (config.preprocessing.polynomial !== null) return { ...config, preprocessing: { ...config.preprocessing, polynomial: null } };
  if (config.features?.targetTransform === 'log') return { ...config, features: { ...config.features, targetTransform: 'none' } };
  if (config.model.family === 'svm') return { ...config, model: { ...config.model, C: 1 } };
  return { ...config, preprocessing: { ...config.preprocessing, scaling: 'standard' } };
}

/**
 * A crossover of two pipelines: each preprocessing (and feature-engineering) step from either parent, and either one parent's model or an
 * ensemble of both parents' models (at most five members, one per family) when their families differ.
 */
export function crossPipelines(first: PipelineConfig, second: PipelineConfig, random: RandomSource): PipelineConfig {
  const preprocessing = { ...first.preprocessing };
  for (const key of Object.keys(preprocessing) as (keyof PipelineConfig['preprocessing'])[]) {
    if (random() < 0.5) (preprocessing as Record<string, unknown>)[key] = second.preprocessing[key];
  }
  const membersOf = (config: PipelineConfig): MemberModelConfig[] =>
    config.model.family === 'ensemble' ? [...config.model.members] : config.model.family === 'dummy' ? [] : [config.model];
  const members: MemberModelConfig[] = [];
  for (const member of [...membersOf(first), ...membersOf(second)]) {
    if (members.length < 5 && !members.some((kept) => kept.family === member.family)) members.push(member);
  }
  const model =
    members.length >= 2 && random() < 0.5 ? { family: 'ensemble' as const, members } : random() < 0.5 ? first.model : second.model;
  if (first.features === undefined && second.features === undefined) return { preprocessing, model };
  // Feature engineering crosses like the preprocessing steps, setting by setting (a parent without it has all off).
  const features = { ...noFeatureEngineering, ...first.features };
  const other = { ...noFeatureEngineering, ...second.features };
  for (const key of Object.keys(features) as (keyof typeof features)[]) {
    if (random() < 0.5) (features as Record<string, unknown>)[key] = other[key];
  }
  return { preprocessing, model, features };
}
