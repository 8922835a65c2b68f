/**
 * shaping: novelty shaping as middleware around a host's own selection step (the paper's proposed fix).
 *
 * - the wrapping API: `Selector` (a host's policy as a selection function), `SelectorMiddleware`, `wrapSelector`
 * - middleware: `noveltyBonus`, `adaptiveExploration` (with `createExplorationSchedule`), `noveltyGate`,
 *   `paretoObjective`
 * - novelty sources: `scorerNoveltySource`, `judgeNoveltySource`, `functionNoveltySource`, `kNearestSparsitySource`
 * - helpers for policies: `normaliseValue`, `valueRangeOf`, `usefulnessOf`; `formatNoveltyDirective`,
 *   `parseNoveltyVerdict`; Pareto ranks and crowding distances
 * - events: `ShapingEvents` (`node-scored`, `selection-made`, `mode-changed`, `candidate-rejected`, and the
 *   quality-diversity archive's `cell-discovered`, `elite-replaced`)
 */
export {
  defaultExploration,
  type ExplorationSettings,
  type Selection,
  type SelectionAction,
  type SelectionCandidate,
  type SelectionRequest,
  type Selector,
  type ValueRange,
} from './selector.js';
export type { MiddlewareAdmission, SelectorMiddleware } from './selector-middleware.js';
export type { NodeAdmission, ShapingNode, ShapingOutcome } from './shaping-node.js';
export { isShapedSelector, wrapSelector, type ShapedSelector } from './wrap-selector.js';
export { WrapSelectorOptionsSchema, type WrapSelectorOptions } from './wrap-selector-options.js';
export type {
  CandidateRejectedEvent,
  CellDiscoveredEvent,
  EliteReplacedEvent,
  ModeChangeReason,
  ModeChangedEvent,
  NodeScoredEvent,
  RejectionReason,
  SelectionMadeEvent,
  ShapedValue,
  ShapingEvents,
} from './shaping-events.js';
export { shapingEventNames } from './shaping-events.js';

export { createCachedNoveltySource, type NoveltyAssessment, type NoveltySource, type NoveltySourceParts } from './novelty-source.js';
export { scorerNoveltySource, ScorerNoveltySourceOptionsSchema, type ScorerNoveltySourceOptions } from './scorer-novelty-source.js';
export { judgeNoveltySource, JudgeNoveltySourceOptionsSchema, type JudgeNoveltySourceOptions } from './judge-novelty-source.js';
export {
  functionNoveltySource,
  FunctionNoveltySourceOptionsSchema,
  type FunctionNoveltySourceOptions,
  type NoveltyFunction,
} from './function-novelty-source.js';
export { kNearestSparsitySource } from './k-nearest-sparsity-source.js';
export { KNearestSparsitySourceOptionsSchema, type KNearestSparsitySourceOptions } from './k-nearest-sparsity-source-options.js';

export { normaliseValue, usefulnessOf, valueRangeOf } from './normalise-value.js';
export { noveltyBonus, type NoveltyBonusMiddleware } from './novelty-bonus.js';
export { NoveltyBonusOptionsSchema, type NoveltyBonusOptions } from './novelty-bonus-options.js';
export { adaptiveExploration, type AdaptiveExplorationMiddleware } from './adaptive-exploration.js';
export {
  AdaptiveExplorationOptionsSchema,
  type AdaptiveExplorationOptions,
  type DirectiveConcepts,
} from './adaptive-exploration-options.js';
export {
  createExplorationSchedule,
  type ExplorationSchedule,
  type ScheduledEpisode,
  type ScheduleState,
} from './exploration-schedule.js';
export { ExplorationScheduleOptionsSchema, type ExplorationScheduleOptions } from './exploration-schedule-options.js';
export {
  formatNoveltyDirective,
  NoveltyDirectiveOptionsSchema,
  type NoveltyDirectiveAsk,
  type NoveltyDirectiveOptions,
} from './novelty-directive.js';
export { noveltyGate } from './novelty-gate.js';
export {
  NoveltyGateOptionsSchema,
  type NoveltyConfirmation,
  type NoveltyConfirmationRequest,
  type NoveltyGateOptions,
} from './novelty-gate-options.js';
export { parseNoveltyVerdict, NoveltyVerdictSchema, type NoveltyVerdict } from './novelty-verdict.js';
export { paretoObjective } from './pareto-objective.js';
export { ParetoObjectiveOptionsSchema, type ParetoObjectiveOptions } from './pareto-objective-options.js';
export { crowdingDistances, paretoRanks, type ObjectivePoint } from './pareto-front.js';
