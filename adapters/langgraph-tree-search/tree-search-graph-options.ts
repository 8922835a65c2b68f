import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseCheckpointSaver } from '@langchain/langgraph';
import { z } from 'zod';
import { InvalidOptionsError, type NoveltySource, type SelectorMiddleware } from '../../src/index.js';
import type { AideOperators } from '../aide-greedy/index.js';
import { EvolutionarySearchOptionsSchema, EvolutionarySelectorOptionsSchema, type EvolutionaryOperators } from '../evolutionary/index.js';
import { MctsSearchOptionsSchema, UctSelectorOptionsSchema, type MctsOperators } from '../mcts/index.js';
import type { NodeEvaluator } from '../search-loop/index.js';

const isFunction = (value: unknown) => typeof value === 'function';

/** MCTS settings: the adapter's (AIRA-dojo's MLE-bench preset by default) and its UCT step's. */
export const MctsPolicyOptionsSchema = MctsSearchOptionsSchema.pick({ numChildren: true, maxDebugDepth: true })
  .extend(UctSelectorOptionsSchema.shape)
  .strict();

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

/** The host's own operators, as the policy's adapter calls them (evolutionary ones also cross over). */
export type TreeSearchOperators = AideOperators | MctsOperators | EvolutionaryOperators;

/** What `shaping` makes: the middleware, or (MCTS) the middleware and a source whose novelty is backed up the tree. */
export type TreeSearchShaping =
  | readonly SelectorMiddleware[]
  | { readonly middleware: readonly SelectorMiddleware[]; readonly noveltyBackup?: NoveltySource };

const operatorNames = {
  greedy: ['draft', 'improve', 'debug'],
  mcts: ['draft', 'improve', 'debug'],
  evolutionary: ['draft', 'improve', 'crossover', 'debug'],
} as const;

/** Options of `createTreeSearchGraph`. */
export const TreeSearchGraphOptionsSchema = z
  .strictObject({
    /** The chat model behind the operators (any LangChain `BaseChatModel`); or give `operators`. */
    model: z
      .custom<BaseChatModel>(
        (value) => value !== null && typeof value === 'object' && isFunction((value as { invoke?: unknown }).invoke),
        'expected a LangChain chat model',
      )
      .optional(),
    /** The task, in words, for the operators' prompts (with `model`). */
    task: z.string().min(1).optional(),
    /**
     * The host's own operators instead of `model` and `task` (e.g. the benchmark's LLM agent, whose prompts ask for a
     * pipeline): draft, improve and debug, and crossover for the evolutionary policy.
     */
    operators: z
      .custom<TreeSearchOperators>((value) => value !== null && typeof value === 'object', 'expected an object of operator functions')
      .optional(),
    /** Runs a proposal and reports its metric (the host's executor). */
    evaluate: z.custom<NodeEvaluator>(isFunction, 'expected an evaluate function'),
    /**
     * The search policy: AIDE's greedy tree search (`aide-greedy` adapter's selector), AIRA-dojo's MCTS (`mcts`
     * adapter) or AIRA-dojo's evolutionary solver (`evolutionary` adapter).
     */
    policy: z.enum(['greedy', 'mcts', 'evolutionary']).default('greedy'),
    /** Evaluations the search may make; a proposal slot the gate gave up counts too. */
    budget: z.number().int().min(1),
    /** AIDE's `num_drafts` (greedy only; the `aide-greedy` adapter's default). */
    numDrafts: z.number().int().min(1).default(5),
    /** Settings of the MCTS policy (numChildren, maxDebugDepth, explorationConstant, unvisitedValue). */
    mcts: MctsPolicyOptionsSchema.optional(),
    /** Settings of the evolutionary policy (numIslands, individualsPerGeneration, numGenerations, parentSampling, ...). */
    evolutionary: EvolutionaryPolicyOptionsSchema.optional(),
    /** Seed of the policy's random source (its draws are counted in the state, so a resumed run draws on from there). */
    seed: z.number().int().default(0),
    lowerIsBetter: z.boolean().default(false),
    /**
     * Makes the shaping middleware (`noveltyGate`, `adaptiveExploration`, `noveltyBonus`, over a source of their own):
     * called for every search the graph builds, so a search rebuilt after a crash starts fresh and replays the
     * checkpointed record into it. For MCTS it may return `{ middleware, noveltyBackup }` (the `mcts` adapter's option).
     */
    shaping: z.custom<() => TreeSearchShaping>(isFunction, 'expected a function returning selector middleware').optional(),
    /** A LangGraph checkpointer (`MemorySaver`, SQLite, ...): every step is saved, so a crashed run resumes. */
    checkpointer: z
      .custom<BaseCheckpointSaver>((value) => value !== null && typeof value === 'object', 'expected a LangGraph checkpointer')
      .optional(),
  })
  .superRefine((options, context) => {
    if (options.operators === undefined && (options.model === undefined || options.task === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [options.model === undefined ? 'model' : 'task'],
        message: 'give model and task (chat-model operators), or operators of your own',
      });
    }
    if (options.operators !== undefined && options.model !== undefined) {
      context.addIssue({ code: 'custom', path: ['operators'], message: 'give either operators or a model, not both' });
    }
    if (options.operators !== undefined) {
      const missing = operatorNames[options.policy].filter(
        (name) => !isFunction((options.operators as unknown as Record<string, unknown>)[name]),
      );
      if (missing.length > 0)
        context.addIssue({
          code: 'custom',
          path: ['operators'],
          message: `the ${options.policy} policy needs operators ${operatorNames[options.policy].join(', ')}; missing ${missing.join(', ')}`,
        });
    }
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

/** The parts `shaping` made (none without it): middleware for the selector, and MCTS's novelty backup source. */
export function shapingParts(options: ParsedTreeSearchGraphOptions): {
  readonly middleware: SelectorMiddleware[];
  readonly noveltyBackup?: NoveltySource;
} {
  const made = options.shaping?.() ?? [];
  if (Array.isArray(made)) return { middleware: [...(made as readonly SelectorMiddleware[])] };
  const parts = made as Exclude<TreeSearchShaping, readonly SelectorMiddleware[]>;
  if (parts.noveltyBackup !== undefined && options.policy !== 'mcts') {
    throw new InvalidOptionsError({
      target: 'createTreeSearchGraph',
      issues: [{ path: 'shaping', message: `noveltyBackup is the mcts policy's; policy is '${options.policy}'` }],
    });
  }
  return { middleware: [...parts.middleware], ...(parts.noveltyBackup === undefined ? {} : { noveltyBackup: parts.noveltyBackup }) };
}
