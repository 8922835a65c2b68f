import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseCheckpointSaver } from '@langchain/langgraph';
import { z } from 'zod';
import type { SelectorMiddleware } from '../../src/index.js';
import type { NodeEvaluator } from '../search-loop/index.js';

const isFunction = (value: unknown) => typeof value === 'function';

/** Options of `createTreeSearchGraph`. */
export const TreeSearchGraphOptionsSchema = z.strictObject({
  /** The chat model behind the draft, improve and debug operators (any LangChain `BaseChatModel`). */
  model: z.custom<BaseChatModel>((value) => value !== null && typeof value === 'object' && isFunction((value as { invoke?: unknown }).invoke), 'expected a LangChain chat model'),
  /** The task, in words, for the operators' prompts. */
  task: z.string().min(1),
  /** Runs a proposal and reports its metric (the host's executor). */
  evaluate: z.custom<NodeEvaluator>(isFunction, 'expected an evaluate function'),
  /** The search policy. Only AIDE's greedy policy so far; MCTS and evolutionary are to come (issue #13). */
  policy: z.enum(['greedy']).default('greedy'),
  /** Steps of the search (each a select, propose, evaluate, observe; a slot the gate gave up counts too). */
  budget: z.number().int().min(1),
  /** AIDE's `num_drafts`. */
  numDrafts: z.number().int().min(1).default(3),
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
});

/** Options of `createTreeSearchGraph` as callers write them. */
export type TreeSearchGraphOptions = z.input<typeof TreeSearchGraphOptionsSchema>;
