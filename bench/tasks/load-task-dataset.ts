import type { BenchTask } from './bench-task.js';
import type { Dataset } from './dataset.js';
import { loadCsvDataset } from './load-csv-dataset.js';
import { loadDataset } from './load-dataset.js';

const loadedCsv = new Map<string, Dataset>();

/** The dataset of a task: a shipped one by name, or the card's CSV file; each loaded once per thread. */
export function loadTaskDataset(task: BenchTask): Dataset {
  const { dataset } = task;
  if (typeof dataset === 'string') return loadDataset(dataset);
  const key = `${task.task}\0${dataset.csv}\0${dataset.sha256 ?? ''}`;
  let loaded = loadedCsv.get(key);
  if (loaded === undefined) loadedCsv.set(key, (loaded = loadCsvDataset({ ...task, dataset })));
  return loaded;
}
