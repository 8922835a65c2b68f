// Bootstrap of a worker thread that runs a TypeScript module (`workerData.entry`, a file URL) through tsx.
// Plain JavaScript on purpose: on Node 20 a worker's `execArgv: ['--import', 'tsx']` does not apply tsx's hooks
// to the worker's own entry module ("Unknown file extension .ts"), while tsx's `tsImport` API works in workers,
// under vitest and under `node --import tsx` alike.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
