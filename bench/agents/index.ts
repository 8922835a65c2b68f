/** Agents for the benchmark: stand-ins for the LLM agents the paper measured, over the pipeline space. */
export type { AgentNode, AgentProposal, BenchAgent, BenchAgentOperators, ProposalKind } from './bench-agent.js';
export { createSimulatedAgent, type SimulatedAgent } from './simulated-agent.js';
export { defaultFamilyPrior, SimulatedAgentOptionsSchema, type SimulatedAgentOptions } from './simulated-agent-options.js';
export { familiesNamedIn, familyWords } from './directive-families.js';
export {
  addComponent,
  crossPipelines,
  draftPreprocessing,
  drawFamily,
  familiesOf,
  repairPipeline,
  switchFamily,
} from './pipeline-moves.js';
export { createLlmAgent, type LlmAgent, type LlmAgentUsage } from './llm-agent.js';
export { LlmAgentOptionsSchema, type LlmAgentOptions } from './llm-agent-options.js';
export { LlmAgentError, type LlmAgentOperator, type LlmAgentProblem } from './llm-agent-error.js';
export { checkLlmAgentAnswer, LlmAgentAnswerSchema, type LlmAgentAnswer } from './llm-agent-answer.js';
export { describePipelineSpace, summarisePipeline, type LlmAgentMemoryEntry, type LlmAgentRequest } from './llm-agent-prompt.js';
export { classifyChange, type ChangeKind } from './classify-change.js';
