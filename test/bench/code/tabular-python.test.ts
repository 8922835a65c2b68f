import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agreementSample,
  formatDisagreements,
  measureAgreement,
  tabularPythonTolerance,
  type AgreementRow,
} from '../../../bench/code/tabular-python-agreement.js';
import { renderTabularPython } from '../../../bench/code/tabular-python.js';
import { createBenchEvaluator } from '../../../bench/env/bench-evaluator.js';
import { parsePipelineConfig } from '../../../bench/env/canonical-config.js';
import { createEvaluationPool } from '../../../bench/env/evaluation-pool.js';
import type { PipelineConfig } from '../../../bench/env/pipeline-config.js';
import { loadBenchTaskCards, type BenchTaskCard } from '../../../bench/cards/bench-task-card.js';
import { InvalidOptionsError } from '../../../src/errors/invalid-options-error.js';
import { findScientificPython, sandboxRunner } from './support/sandbox-runner.js';

const python = await findScientificPython();
if (python === null)
  console.warn('tabular-python.test.ts: skipping the program runs: no python3 here imports numpy, scipy, pandas, scikit-learn and xgboost');
const limits = { cpuSeconds: 120, memoryMegabytes: 4096 };
const run = sandboxRunner({ python: python ?? 'python3', cpuSeconds: limits.cpuSeconds, wallSeconds: 400 });

let cards: BenchTaskCard[] = [];
const card = (name: string) => cards.find((candidate) => candidate.task === name)!;
beforeAll(async () => {
  cards = await loadBenchTaskCards();
});

describe('renderTabularPython', () => {
  it('renders equal configurations identically and fills defaults', () => {
    const boston = card('boston');
    const short = renderTabularPython(boston, { model: { family: 'boosting' } });
    expect(renderTabularPython(boston, parsePipelineConfig({ model: { family: 'boosting' } }))).toBe(short);
    expect(short).toContain('xgb.XGBRegressor(n_estimators=100, learning_rate=0.3, max_depth=6');
    expect(short).toContain('base_score = float(np.mean(y_fit))');
    expect(short).toContain('pd.DataFrame({TARGET: predictions}).to_csv("predictions.csv", index=False)');
    expect(() => renderTabularPython(boston, { model: { family: 'gradient-descent' } } as never)).toThrow(InvalidOptionsError);
  });
});

describe.skipIf(python === null)('renderTabularPython against the TypeScript evaluation', () => {
  const pool = createEvaluationPool({ size: 2 });
  const evaluator = createBenchEvaluator({ pool, memoDirectory: null });
  afterAll(() => pool.close());

  const measure = (samples: { card: BenchTaskCard; configs: PipelineConfig[] }[]) =>
    measureAgreement({ samples, evaluator, runner: run, limits, concurrency: 2 });
  // Both sides score or both fail; a scored pipeline is within its family's bound (`tabularPythonTolerance`, from
  // the measurement in bench/README.md) unless both sides score it below the baseline (junk either way).
  const expectAgreement = (rows: readonly AgreementRow[]) => {
    const report = formatDisagreements(rows, rows.length);
    for (const row of rows) {
      expect('score' in row.typescript, `status of ${row.task} / ${row.family}\n${report}`).toBe(
        row.python !== null && row.python.score !== null,
      );
      if (row.relativeDelta !== null && !row.bothBelowBaseline)
        expect(row.relativeDelta, `${row.task} / ${row.family}\n${report}`).toBeLessThanOrEqual(tabularPythonTolerance[row.family]!);
    }
  };

  it('scores a seeded sample of pipelines of every shipped card within the stated bound, every family covered', async () => {
    // One configuration per card, families rotating over the cards, and naive Bayes (classification only) on penguins
    // as well: every family once. The full sample (every family on every card) is the measurement in bench/README.md;
    // here it is a check that costs CI a fraction of it.
    const families = ['linear', 'knn', 'cart', 'boosting', 'random-forest', 'svm', 'ensemble'];
    const samples = cards.map((one, index) => {
      const drawn = agreementSample(one, { perFamily: 1, seed: 7 });
      const wanted = [families[index % families.length]!, ...(one.task === 'penguins' ? ['naive-bayes'] : [])];
      return { card: one, configs: wanted.map((family) => drawn.find((config) => config.model.family === family)!) };
    });
    expect(new Set(samples.flatMap((sample) => sample.configs.map((config) => config.model.family))).size).toBe(8);
    const rows = await measure(samples);
    expect(rows.filter((row) => row.relativeDelta !== null).length).toBeGreaterThanOrEqual(6);
    expectAgreement(rows);
  }, 900_000);

  it('runs every feature-engineering move, with categorical columns, as the TypeScript evaluation does', async () => {
    // No shipped card offers feature engineering and has categories: these two are given the block. Three folds
    // rather than the cards' five, on both sides alike: every move still runs on every fold (the target encoding's
    // inner folds included), and a program runs per fold, so five would cost two more runs of each program.
    const threeFolds = (one: BenchTaskCard): BenchTaskCard => ({ ...one, cv: { ...one.cv, folds: 3 } });
    const withEngineering = (name: string): BenchTaskCard => threeFolds({ ...card(name), featureEngineering: { periodic: {} } });
    const everything = {
      targetTransform: 'none',
      ratios: { keep: 3 },
      groupDeviations: true,
      targetEncoding: { smoothing: 10 },
      binning: { bins: 4 },
    } as const;
    const rows = await measure([
      {
        card: withEngineering('cps-wages'),
        configs: [
          parsePipelineConfig({
            preprocessing: { scaling: 'standard' },
            model: { family: 'linear', alpha: 10 },
            features: { ...everything, targetTransform: 'log' },
          }),
        ],
      },
      {
        card: withEngineering('penguins'),
        configs: [
          parsePipelineConfig({ preprocessing: { scaling: 'standard' }, model: { family: 'knn', neighbors: 7 }, features: everything }),
        ],
      },
      {
        card: threeFolds(card('co2-forecast')),
        configs: [
          parsePipelineConfig({
            preprocessing: { polynomial: { interactionOnly: false }, scaling: 'standard' },
            model: { family: 'linear', alpha: 1 },
            features: { cyclical: true, ratios: { keep: 2 }, binning: { bins: 8 } },
          }),
        ],
      },
    ]);
    // The target encoding's inner folds are drawn differently (scikit-learn's KFold, not the TypeScript shuffle).
    for (const row of rows) expect(row.relativeDelta, formatDisagreements(rows, 3)).not.toBeNull();
    for (const row of rows) expect(row.relativeDelta!, formatDisagreements(rows, 3)).toBeLessThan(0.05);
  }, 900_000);

  it('fails where the TypeScript evaluation fails: NaN into a model, a log target of classes, a cyclical encoding with no period', async () => {
    const rows = await measure([
      { card: card('cars-mpg'), configs: [parsePipelineConfig({ preprocessing: { imputation: 'none' }, model: { family: 'linear' } })] },
      { card: card('penguins'), configs: [parsePipelineConfig({ model: { family: 'cart' }, features: { targetTransform: 'log' } })] },
      {
        card: { ...card('boston'), featureEngineering: { periodic: {} } },
        configs: [parsePipelineConfig({ model: { family: 'linear' }, features: { cyclical: true } })],
      },
    ]);
    expect(rows.map((row) => [row.python?.score ?? null, 'buggy' in row.typescript])).toEqual([
      [null, true],
      [null, true],
      [null, true],
    ]);
    expect(rows.map((row) => row.python!.error)).toEqual([
      expect.stringMatching(/^fold 1 of 5: ValueError: Input X contains NaN/),
      'fold 1 of 5: ValueError: log target transform: a class label cannot be log-transformed',
      'fold 1 of 5: ValueError: cyclical encoding: the task declares no periodic column to encode',
    ]);
  }, 300_000);
});
