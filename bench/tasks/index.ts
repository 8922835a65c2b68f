/** The benchmark's tasks: datasets shipped in npm packages, task definitions and calibrated task cards. */
export { BenchTaskSchema, benchTaskShape, type BenchTask } from './bench-task.js';
export {
  BenchTaskCardSchema,
  CalibrationSchema,
  loadBenchTaskCard,
  loadBenchTaskCards,
  medalFor,
  MedalsSchema,
  readBenchTaskCard,
  taskCardDirectory,
  type BenchTaskCard,
} from './bench-task-card.js';
export { datasetRows, type CategoricalColumn, type Dataset, type FeatureColumn, type NumericColumn, type TaskKind } from './dataset.js';
export { datasetLoaders, datasetNames, loadDataset, type DatasetName } from './load-dataset.js';
export { benchTaskNames, benchTasks } from './task-definitions.js';
