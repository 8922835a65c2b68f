import { describe, expect, it } from 'vitest';
import { datasetRows, type Dataset } from '../../bench/tasks/dataset.js';
import { loadDataset } from '../../bench/tasks/load-dataset.js';
import { benchTasks } from '../../bench/tasks/task-definitions.js';

const missing = (dataset: Dataset, name: string) =>
  dataset.features.find((column) => column.name === name)!.values.filter((value) => value === null).length;

describe('bench datasets (shipped in npm packages)', () => {
  it.each(benchTasks.map((task) => [task.task, task] as const))('%s matches its task definition', (_, task) => {
    const dataset = loadDataset(task.dataset as string);
    expect(dataset.kind).toBe(task.kind);
    expect(dataset.targetName).toBe(task.target);
    expect(dataset.features.filter((column) => column.kind === 'numeric').map((column) => column.name)).toEqual(task.numericFeatures);
    expect(dataset.features.filter((column) => column.kind === 'categorical').map((column) => column.name)).toEqual(
      task.categoricalFeatures,
    );
    for (const column of dataset.features) expect(column.values).toHaveLength(datasetRows(dataset));
    expect(dataset.target.every(Number.isFinite)).toBe(true);
  });

  it('has the expected sizes, classes and missing values', () => {
    expect(datasetRows(loadDataset('boston'))).toBe(506);
    expect(datasetRows(loadDataset('cps-wages'))).toBe(534);
    expect(datasetRows(loadDataset('cars-mpg'))).toBe(398);
    const weather = loadDataset('seattle-weather');
    expect(datasetRows(weather)).toBe(1461);
    expect(weather.classes).toEqual(['drizzle', 'fog', 'rain', 'snow', 'sun']);
    const counts = weather.classes.map((_, label) => weather.target.filter((value) => value === label).length);
    expect(Math.min(...counts)).toBeLessThan(Math.max(...counts) / 10); // imbalanced
    const penguins = loadDataset('penguins');
    expect(datasetRows(penguins)).toBe(344);
    expect(penguins.classes).toEqual(['Adelie', 'Chinstrap', 'Gentoo']);
    expect(missing(penguins, 'beak_length_mm')).toBe(2);
    expect(missing(penguins, 'sex')).toBeGreaterThan(0);
    expect(missing(loadDataset('cars-mpg'), 'horsepower')).toBe(6);
    // Every sixth hour of the 8,759 hourly normals (from 01 h on 1 January), in time order: day 1 at 06, 12, 18 h, ..., day 365 at 18 h.
    const hourly = loadDataset('seattle-hourly-normals');
    expect(datasetRows(hourly)).toBe(1459);
    const column = (name: string) => hourly.features.find((feature) => feature.name === name)!.values as number[];
    expect(new Set(column('hour'))).toEqual(new Set([0, 6, 12, 18]));
    expect(column('day_of_year').every((day, index, days) => index === 0 || day >= days[index - 1]!)).toBe(true);
    expect([column('day_of_year')[0], column('day_of_year').at(-1)]).toEqual([1, 365]);
  });
});
