import type { OperatorProposal } from 'boden/adapters/search-loop';
import type { PipelineConfig } from '../env/pipeline-config.js';

/** How a proposal came about: a draft, one of the three kinds of improvement, a crossover or a debug step. */
export type ProposalKind = 'draft' | 'refinement' | 'component' | 'family-switch' | 'crossover' | 'debug';

/**
 * One proposal of a bench agent: the configuration behind the plan and code (a pipeline on the tabular tasks, a
 * program on circle packing), and how it was made.
 */
export interface AgentProposal<Config = PipelineConfig> extends OperatorProposal {
  readonly config: Config;
  readonly kind: ProposalKind;
  /** True for a new component, a family switch or a crossover. */
  readonly strategic: boolean;
  /** A bug the script carries (it crashes before scoring), or null. */
  readonly bug: string | null;
  /** How many proposals the agent made before this one (the episode index in a run without rejections). */
  readonly episode: number;
  /** The novelty directive the operator was given, or null. */
  readonly directive: string | null;
  /** True when the operator was given a novelty directive and followed it. */
  readonly followedDirective: boolean;
}

/** A node as bench agents read it: its code, which leads back to the proposal behind it (and its id, if it has one). */
export interface AgentNode {
  readonly code: string;
  readonly id?: string;
}

/**
 * The operators every bench agent offers, shaped so that AIDE's, MCTS's and the evolutionary solver's operator
 * interfaces all accept them: each reads only the directive and its parents' code.
 */
export interface BenchAgentOperators {
  draft(input: { readonly directive?: string }): Promise<OperatorProposal>;
  improve(input: { readonly parent: AgentNode; readonly directive?: string }): Promise<OperatorProposal>;
  debug(input: { readonly parent: AgentNode }): Promise<OperatorProposal>;
  /** Combines two earlier solutions (the evolutionary solver's crossover). */
  crossover(input: { readonly parents: readonly [AgentNode, AgentNode]; readonly directive?: string }): Promise<OperatorProposal>;
}

/**
 * Role: an agent that proposes configurations for the benchmark. Implementations: `SimulatedAgent`, `LlmAgent`
 * (pipelines), `SimulatedPackingAgent` (circle-packing programs).
 */
export interface BenchAgent<Config = PipelineConfig> {
  /** The draft, improve, debug and crossover operators to inject into a search. */
  readonly operators: BenchAgentOperators;
  /** Every proposal so far, in call order. */
  readonly proposals: readonly AgentProposal<Config>[];
  /** The latest proposal with this code (the evaluator's way back from text to a configuration), if the agent made it. */
  proposalOf(code: string): AgentProposal<Config> | undefined;
  /** Tells the agent how a proposal did (its memory of the run, AIDE-style); agents that keep none ignore it. */
  observe?(code: string, outcome: { readonly score: number | null; readonly error: string | null }): void;
}
