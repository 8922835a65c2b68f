/** Simulated agents for the benchmark: stand-ins for the LLM agents the paper measured, over the pipeline space. */
export { createSimulatedAgent, type AgentProposal, type ProposalKind, type SimulatedAgent } from './simulated-agent.js';
export { defaultFamilyPrior, SimulatedAgentOptionsSchema, type SimulatedAgentOptions } from './simulated-agent-options.js';
export { familiesNamedIn, familyConceptIds } from './directive-families.js';
export { addComponent, draftPreprocessing, drawFamily, familiesOf, repairPipeline, switchFamily } from './pipeline-moves.js';
