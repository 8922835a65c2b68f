import { describe, expect, it } from 'vitest';
import { addComponent, crossPipelines } from '../../bench/agents/pipeline-moves.js';
import { canonicalConfigKey, parsePipelineConfig } from '../../bench/env/canonical-config.js';
import { forwardChainingSplits } from '../../bench/env/cross-validation-folds.js';
import { noFeatureEngineering } from '../../bench/env/feature-engineering-config.js';
import { PipelineError } from '../../bench/env/pipeline-error.js';
import { renderPipelineCode } from '../../bench/env/render-code.js';
import { renderPipelinePlan } from '../../bench/env/render-plan.js';
import { mutatePipelineConfig, samplePipelineConfig } from '../../bench/env/sample-pipeline-config.js';
import { engineerFeatures } from '../../bench/env/steps/engineer-features.js';
import { fitPredictPipeline } from '../../bench/env/pipeline/fit-predict-pipeline.js';
import type { WasmLibraries } from '../../bench/env/models/wasm-libraries.js';
import type { Dataset, NumericColumn } from '../../bench/tasks/dataset.js';
import { benchTasks } from '../../bench/tasks/task-definitions.js';
import { createSeededRandom } from '../../src/index.js';

const toy: Dataset = {
  name: 'toy',
  kind: 'regression',
  features: [
    { name: 'size', kind: 'numeric', values: [10, 20, 30, 40, 50, 60, 70, 80] },
    { name: 'rooms', kind: 'numeric', values: [1, 2, 2, 4, 5, 3, 7, 8] },
    { name: 'month', kind: 'numeric', values: [1, 4, 7, 10, 12, 3, 6, 9] },
    { name: 'town', kind: 'categorical', values: ['a', 'a', 'b', 'b', 'a', 'b', 'c', null] },
  ],
  targetName: 'price',
  target: [1, 2, 3, 4, 5, 6, 7, 8],
  classes: [],
};
const train = [0, 1, 2, 3, 4, 5];
const column = (dataset: Dataset, name: string): readonly unknown[] =>
  dataset.features.find((candidate) => candidate.name === name)!.values;

describe('feature engineering', () => {
  it('adds cyclical, ratio, group, target-encoding and bin columns named after what they hold', () => {
    const engineered = engineerFeatures(
      toy,
      {
        ...noFeatureEngineering,
        cyclical: true,
        ratios: { keep: 2 },
        groupDeviations: true,
        targetEncoding: { smoothing: 0 },
        binning: { bins: 2 },
      },
      { month: 12 },
      train,
    );
    const added = engineered.features.slice(toy.features.length).map((feature) => feature.name);
    expect(added).toEqual(
      expect.arrayContaining(['month_sin', 'month_cos', 'size_minus_town_mean', 'town_target_mean', 'size_bin', 'rooms_bin']),
    );
    expect(added.filter((name) => name.includes('_per_'))).toHaveLength(2);
    expect(column(engineered, 'month_cos')[4]).toBeCloseTo(1); // December wraps to January's angle
    expect(column(engineered, 'month_sin')[5]).toBeCloseTo(1); // March: a quarter of the cycle
    // Town a's training sizes are 10, 20, 50 (mean 80/3): the deviation of row 0.
    expect(column(engineered, 'size_minus_town_mean')[0]).toBeCloseTo(10 - 80 / 3);
    expect(new Set(column(engineered, 'size_bin'))).toEqual(new Set(['q0', 'q1']));
  });

  it('learns every statistic from the training rows only, and target-encodes training rows out of fold', () => {
    const features = {
      ...noFeatureEngineering,
      groupDeviations: true,
      targetEncoding: { smoothing: 0 },
      binning: { bins: 4 },
      ratios: { keep: 3 },
    };
    const before = engineerFeatures(toy, features, {}, train);
    // Changing the rows outside the training rows (values and targets) changes none of the training rows' columns.
    const changed: Dataset = {
      ...toy,
      target: toy.target.map((value, row) => (train.includes(row) ? value : value * 100)),
      features: toy.features.map((feature) =>
        feature.kind === 'numeric'
          ? { ...feature, values: feature.values.map((value, row) => (train.includes(row) ? value : 999)) }
          : feature,
      ),
    };
    const after = engineerFeatures(changed, features, {}, train);
    for (const name of before.features.slice(toy.features.length).map((feature) => feature.name)) {
      expect(train.map((row) => column(after, name)[row])).toEqual(train.map((row) => column(before, name)[row]));
    }
    // A training row's encoding never sees its own target: changing it moves only the other rows' encodings.
    const own: Dataset = { ...toy, target: toy.target.map((value, row) => (row === 0 ? 1000 : value)) };
    const encoded = engineerFeatures(own, { ...noFeatureEngineering, targetEncoding: { smoothing: 0 } }, {}, train);
    const plain = engineerFeatures(toy, { ...noFeatureEngineering, targetEncoding: { smoothing: 0 } }, {}, train);
    expect(column(encoded, 'town_target_mean')[0]).toBe(column(plain, 'town_target_mean')[0]);
  });

  it('names what is wrong: a cyclical encoding without periodic columns, a log target of classes or of targets ≤ -1', () => {
    expect(() => engineerFeatures(toy, { ...noFeatureEngineering, cyclical: true }, {}, train)).toThrow(PipelineError);
    expect(() => engineerFeatures(toy, { ...noFeatureEngineering, cyclical: true }, { weekday: 7 }, train)).toThrow(
      /no numeric column "weekday"/,
    );
    const context = { kind: 'regression' as const, classCount: 0, seed: 1, wasm: {} as WasmLibraries };
    const config = parsePipelineConfig({ model: { family: 'linear', alpha: 1 }, features: { targetTransform: 'log' } });
    const negative: Dataset = { ...toy, target: toy.target.map((value) => value - 5) };
    expect(() => fitPredictPipeline(negative, config, train, [6, 7], context)).toThrow(/log1p needs targets above -1/);
    const classes: Dataset = { ...toy, kind: 'classification', classes: ['x', 'y'], target: toy.target.map((value) => value % 2) };
    expect(() => fitPredictPipeline(classes, config, train, [6, 7], { ...context, kind: 'classification', classCount: 2 })).toThrow(
      /class label cannot be log-transformed/,
    );
  });

  it('fits on log(1 + y) and predicts on the original scale', () => {
    const grow: Dataset = {
      ...toy,
      features: [toy.features[0]!],
      target: (toy.features[0] as NumericColumn).values.map((value) => Math.expm1(0.05 * value!)),
    };
    const context = { kind: 'regression' as const, classCount: 0, seed: 1, wasm: {} as WasmLibraries };
    const config = parsePipelineConfig({ model: { family: 'linear', alpha: 0 }, features: { targetTransform: 'log' } });
    const predictions = fitPredictPipeline(grow, config, train, [6, 7], context);
    expect(predictions[0]).toBeCloseTo(grow.target[6]!, 6);
    expect(predictions[1]).toBeCloseTo(grow.target[7]!, 6);
  });

  it('keys a pipeline without feature engineering the same whether the block is absent or all off', () => {
    const plain = { model: { family: 'linear', alpha: 1 } };
    expect(canonicalConfigKey({ ...plain, features: {} })).toBe(canonicalConfigKey(plain));
    expect(canonicalConfigKey({ ...plain, features: { cyclical: true } })).not.toBe(canonicalConfigKey(plain));
    expect(parsePipelineConfig({ ...plain, features: noFeatureEngineering })).not.toHaveProperty('features');
  });

  it('cuts rows in time order into forward-chaining splits that never score the past', () => {
    const splits = forwardChainingSplits(12, 5);
    expect(splits).toHaveLength(5);
    expect(splits[0]).toEqual({ trainRows: [0, 1], testRows: [2, 3] });
    for (const split of splits) expect(Math.max(...split.trainRows)).toBeLessThan(Math.min(...split.testRows));
    expect(splits.flatMap((split) => split.testRows)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });
});

describe('feature-engineering moves', () => {
  const co2 = benchTasks.find((task) => task.task === 'co2-forecast')!;
  const linear = parsePipelineConfig({ model: { family: 'linear', alpha: 1 } });

  it("are offered only where the card offers them, and leave other tasks' random streams as they were", () => {
    const random = createSeededRandom(3);
    const components = Array.from({ length: 200 }, () =>
      addComponent(linear, { linear: 1, boosting: 1 }, 'regression', random, { featureEngineering: true }),
    );
    expect(components.some((config) => config.features !== undefined)).toBe(true);
    const offered = Array.from({ length: 200 }, () => addComponent(linear, { linear: 1, boosting: 1 }, 'regression', random));
    expect(offered.every((config) => config.features === undefined)).toBe(true);
    // Without the option the sampler and the mutation draw exactly what they drew before feature engineering existed.
    const [a, b] = [createSeededRandom(9), createSeededRandom(9)];
    expect(samplePipelineConfig(a, 'regression')).toEqual(samplePipelineConfig(b, 'regression', { featureEngineering: false }));
    expect(mutatePipelineConfig(linear, a)).toEqual(mutatePipelineConfig(linear, b, { featureEngineering: false }));
    expect(samplePipelineConfig(createSeededRandom(1), 'regression', { featureEngineering: true })).toHaveProperty('features');
  });

  it('never log-transform a class label, and cross setting by setting', () => {
    const random = createSeededRandom(5);
    const classified = Array.from({ length: 300 }, () =>
      addComponent(linear, { linear: 1 }, 'classification', random, { featureEngineering: true }),
    );
    expect(classified.every((config) => config.features?.targetTransform !== 'log')).toBe(true);
    const withCyclical = { ...linear, features: { ...noFeatureEngineering, cyclical: true } };
    const children = Array.from({ length: 50 }, () => crossPipelines(withCyclical, linear, random));
    expect(new Set(children.map((child) => child.features?.cyclical))).toEqual(new Set([true, false]));
  });

  it('render as the plan and code an agent writes for them, with a time-series split for forward chaining', () => {
    const config = parsePipelineConfig({
      model: { family: 'linear', alpha: 1 },
      features: { cyclical: true, targetTransform: 'log', binning: { bins: 8 } },
    });
    const code = renderPipelineCode(co2, config);
    expect(code).toContain('X["month_sin"] = np.sin(2 * np.pi * X["month"] / 12)');
    expect(code).toContain('TransformedTargetRegressor(regressor=pipeline, func=np.log1p, inverse_func=np.expm1)');
    expect(code).toContain('KBinsDiscretizer(n_bins=8');
    expect(code).toContain('cv = TimeSeriesSplit(n_splits=5)');
    expect(code).toContain('categorical_features = ["year_bin", "month_bin"]');
    const plan = renderPipelinePlan(co2, config);
    expect(plan).toContain('encode month (period 12) as a sine and a cosine');
    expect(plan).toContain('forward-chaining time-series splits');
    expect(renderPipelineCode(co2, linear)).not.toContain('month_sin');
  });
});
