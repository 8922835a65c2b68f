/**
 * LangChain agent adapter: boden as `createAgent` middleware (`bodenMiddleware`), scoring, gating and steering the
 * agent's experiment tool.
 */
export { bodenMiddleware, BodenAgentStateSchema, BodenExperimentSchema, type BodenExperiment } from './boden-middleware.js';
export {
  BodenMiddlewareOptionsSchema,
  type BodenMiddlewareOptions,
  type ExperimentCandidate,
  type ExperimentOutcome,
} from './boden-middleware-options.js';
