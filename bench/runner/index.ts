/** The benchmark's runner: one search run of a policy with the simulated agent, recorded as JSON. */
export { agentSeedOf, runBenchRun } from './run-bench-run.js';
export { BenchRunOptionsSchema, type BenchRunOptions } from './bench-run-options.js';
export {
  BenchEpisodeRecordSchema,
  BenchRunRecordSchema,
  ModeSwitchSchema,
  type BenchEpisodeRecord,
  type BenchRunRecord,
  type ModeSwitch,
} from './bench-run-record.js';
