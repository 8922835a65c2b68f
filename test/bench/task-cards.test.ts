import { afterAll, describe, expect, it } from 'vitest';
import { createEvaluationPool } from '../../bench/env/evaluation-pool.js';
import { loadBenchTaskCards, medalFor, readBenchTaskCard } from '../../bench/cards/bench-task-card.js';
import { benchTasks } from '../../bench/tasks/task-definitions.js';
import { InvalidFieldError } from '../../src/errors/invalid-field-error.js';
import { impact, impactReference } from '../../src/usefulness/impact.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

const pool = createEvaluationPool({ size: 1, timeoutMs: 30_000 });
afterAll(() => pool.close());
const cards = await loadBenchTaskCards();

describe('bench task cards', () => {
  it('load every shipped card, each agreeing with its task definition', () => {
    expect(cards.map((card) => card.task)).toEqual([
      'boston',
      'seattle-weather',
      'cps-wages',
      'penguins',
      'cars-mpg',
      'co2-forecast',
      'seattle-temperature-forecast',
    ]);
    cards.forEach((card, index) => {
      const { task, dataset, kind, metric, maximize, target, numericFeatures, categoricalFeatures, cv, description, featureEngineering } =
        card;
      const definition = {
        task,
        dataset,
        kind,
        metric,
        maximize,
        target,
        numericFeatures,
        categoricalFeatures,
        cv,
        description,
        ...(featureEngineering ? { featureEngineering } : {}),
      };
      expect(definition).toEqual(benchTasks[index]);
      // A card that offers feature engineering records the best score per paradigm path.
      expect(card.pathBest !== undefined).toBe(featureEngineering !== undefined);
      expect(card.cv.stratified).toBe(card.kind === 'classification');
      // The command that made it: the script of the time (recorded as run), or boden bench calibrate since.
      expect(card.calibration.command).toMatch(/^(npx tsx bench\/tasks\/calibrate-task-cards\.ts|boden bench calibrate) /);
    });
  });

  it('re-evaluate their baselines to the recorded scores', async () => {
    const results = await Promise.all(cards.map((card) => pool.evaluate(card, card.baselineConfig)));
    results.forEach((result, index) => expect(result).toMatchObject({ status: 'ok', score: cards[index]!.baseline }));
  });

  it('reproduce top-1 on the cheap tasks', async () => {
    const cheap = cards.filter((card) => ['cps-wages', 'cars-mpg', 'co2-forecast', 'seattle-temperature-forecast'].includes(card.task));
    const results = await Promise.all(cheap.map((card) => pool.evaluate(card, card.top1Config)));
    results.forEach((result, index) => expect(result).toMatchObject({ status: 'ok', score: cheap[index]!.top1 }));
  });

  it("are task cards for the paper's impact, with medals in the metric's direction", () => {
    for (const card of cards) {
      const reference = impactReference([], card)!;
      expect(impact(card.baseline, reference)).toBeCloseTo(0, 12);
      expect(impact(card.top1, reference)).toBe(1);
      expect(medalFor(card, card.top1)).toBe('gold');
      expect(medalFor(card, card.baseline)).toBeNull();
      expect(impact(card.medals.bronze, reference)).toBeGreaterThan(0);
    }
  });

  it('reject a card whose medals are out of order, naming the field', async () => {
    const directory = useTemporaryDirectory('boden-card-');
    const file = join(directory, 'broken.json');
    const card = cards[0]!;
    writeFileSync(file, JSON.stringify({ ...card, medals: { ...card.medals, gold: card.medals.bronze, bronze: card.medals.gold } }));
    await expect(readBenchTaskCard(file)).rejects.toThrow(InvalidFieldError);
    await expect(readBenchTaskCard(file)).rejects.toThrow(/\$\.medals/);
  });
});
