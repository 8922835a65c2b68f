/** The benchmark's runner: search runs of a policy with an agent, recorded as JSON, and sweeps of them. */
export { agentSeedOf, runBenchRun, runRecordOf } from './run-bench-run.js';
export { runAgentSearch, type AgentSearchInput, type AgentSearchOutcome, type ConfigOutcome } from './run-agent-search.js';
export { BenchRunOptionsSchema, type BenchRunOptions } from './bench-run-options.js';
export {
  armName,
  benchPolicies,
  benchSchedules,
  isUnshapedArm,
  parseArmName,
  type BenchArm,
  type BenchPolicy,
  type BenchSchedule,
} from './bench-policy.js';
export { createPolicySearch, type PolicySearch, type PolicySearchInput } from './create-policy-search.js';
export { benchArmSpec, type BenchArmSpecInput } from './bench-arm-spec.js';
export {
  BenchEpisodeRecordSchema,
  BenchRunRecordSchema,
  EpisodeVerdictSchema,
  ModeSwitchSchema,
  searchMilliseconds,
  type BenchEpisodeRecord,
  type BenchRunRecord,
  type EpisodeVerdict,
  type ModeSwitch,
} from './bench-run-record.js';
