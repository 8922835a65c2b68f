import { InvalidArgumentError } from 'boden';
import type { Dataset } from './dataset.js';
import { loadBoston } from './load-boston.js';
import { loadCarsMpg } from './load-cars-mpg.js';
import { loadCo2Concentration } from './load-co2-concentration.js';
import { loadCpsWages } from './load-cps-wages.js';
import { loadPenguins } from './load-penguins.js';
import { loadSeattleHourlyNormals } from './load-seattle-hourly-normals.js';
import { loadSeattleWeather } from './load-seattle-weather.js';

/** The datasets the benchmark ships, each read from an npm package. */
export const datasetLoaders = {
  boston: loadBoston,
  'seattle-weather': loadSeattleWeather,
  'cps-wages': loadCpsWages,
  penguins: loadPenguins,
  'cars-mpg': loadCarsMpg,
  'co2-concentration': loadCo2Concentration,
  'seattle-hourly-normals': loadSeattleHourlyNormals,
} as const satisfies Record<string, () => Dataset>;

/** The name of a shipped dataset. */
export type DatasetName = keyof typeof datasetLoaders;

/** Names of the shipped datasets. */
export const datasetNames = Object.keys(datasetLoaders) as DatasetName[];

const loaded = new Map<string, Dataset>();

/** Loads a shipped dataset by name, once per thread (workers evaluate many pipelines on the same data). */
export function loadDataset(name: string): Dataset {
  const cached = loaded.get(name);
  if (cached) return cached;
  if (!Object.hasOwn(datasetLoaders, name)) {
    throw new InvalidArgumentError({ argument: 'dataset', reason: `unknown dataset "${name}" (known: ${datasetNames.join(', ')})` });
  }
  const dataset = datasetLoaders[name as DatasetName]();
  loaded.set(name, dataset);
  return dataset;
}
