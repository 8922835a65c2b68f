import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseCheckpointSaver } from '@langchain/langgraph';
import { z } from 'zod';
import type { SelectorMiddleware } from '../../src/index.js';
import { EvolutionarySearchOptionsSchema, EvolutionarySelectorOptionsSchema } from '../evolutionary/index.js';
import { MctsSearchOptionsSchema, UctSelectorOptionsSchema } from '../mcts/index.js';
import type { NodeEvaluator } from '../search-loop/index.js';

const isFunction = (value: unknown) => typeof value === 'function';

/** MCTS settings: the adapter's (AIRA-dojo's MLE-bench preset by default) and its UCT step's. */
export const MctsPolicyOptionsSchema = MctsSearchOptionsSchema.pick({ numChildren: true, maxDebugDepth: true }).extend(UctSelectorOptionsSchema.shape).strict();

/** Evolutionary settings: the adapter's (AIRA-dojo's MLE-bench preset by default) and its parent sampler's. */
export const EvolutionaryPolicyOptionsSchema = EvolutionarySearchOptionsSchema.omit({
  operators: true,
  evaluate: true,
  selector: true,
  random: true,
  seed: true,
  lowerIsBetter: true,
  idPrefix: true,
})
  .extend(EvolutionarySelectorOptionsSchema.shape)
  .strict();

/** Options of `createTreeSearchGraph`. */
export const TreeSearchGraphOptionsSchema = z.strictObject({
  /** The chat model behind the draft, improve and debug operators (any LangChain `BaseChatModel`). */
  model: z.custom<BaseChatModel>((value) => value !== null && typeof value === 'object' && isFunction((value as { invoke?: unknown }).invoke), 'expected a LangChain chat model'),
  /** The task, in words, for the operators' prompts. */
  task: z.string().min(1),
  /** Runs a proposal and reports its metric (the host's executor). */
  evaluate: z.custom<NodeEvaluator>(isFunction, 'expected an evaluate function'),
  /**
   * The search policy: AIDE's greedy tree search (`aide-greedy` adapter's selector), AIRA-dojo's MCTS (`mcts`
   * adapter) or AIRA-dojo's evolutionary solver (`evolutionary` adapter).
   */
  policy: z.enum(['greedy', 'mcts', 'evolutionary']).default('greedy'),
  /** Evaluations the search may make; a proposal slot the gate gave up counts too. */
  budget: z.number().int().min(1),
  /** AIDE's `num_drafts` (greedy only). */
  numDrafts: z.number().int().min(1).default(3),
  /** Settings of the MCTS policy (numChildren, maxDebugDepth, explorationConstant, unvisitedValue). */
  mcts: MctsPolicyOptionsSchema.optional(),
  /** Settings of the evolutionary policy (numIslands, individualsPerGeneration, numGenerations, parentSampling, ...). */
  evolutionary: EvolutionaryPolicyOptionsSchema.optional(),
  /** Seed of the policy's random source (its draws are counted in the state, so a resumed run draws on from there). */
  seed: z.number().int().default(0),
  lowerIsBetter: z.boolean().default(false),
  /**
   * Makes the shaping middleware (`noveltyGate`, `adaptiveExploration`, `noveltyBonus`, over a source of their own):
   * called once per graph, so a graph built after a crash starts fresh and replays the checkpointed journal into it.
   */
  shaping: z.custom<() => readonly SelectorMiddleware[]>(isFunction, 'expected a function returning selector middleware').optional(),
  /** A LangGraph checkpointer (`MemorySaver`, SQLite, ...): every step is saved, so a crashed run resumes. */
  checkpointer: z.custom<BaseCheckpointSaver>((value) => value !== null && typeof value === 'object', 'expected a LangGraph checkpointer').optional(),
}).superRefine((options, context) => {
  // Settings for another policy than the one chosen would be ignored silently: say so instead.
  for (const policy of ['mcts', 'evolutionary'] as const) {
    if (options[policy] !== undefined && options.policy !== policy) {
      context.addIssue({ code: 'custom', path: [policy], message: `${policy} settings given, but policy is '${options.policy}'` });
    }
  }
});

/** Options of `createTreeSearchGraph` as callers write them. */
export type TreeSearchGraphOptions = z.input<typeof TreeSearchGraphOptionsSchema>;

/** Options of `createTreeSearchGraph` after validation, defaults applied. */
export type ParsedTreeSearchGraphOptions = z.output<typeof TreeSearchGraphOptionsSchema>;
