import { z } from 'zod';
import type { NoveltySource, RandomSource, Selector } from '../../src/index.js';
import type { NodeEvaluator } from '../search-loop/index.js';
import type { MctsNode } from './mcts-node.js';
import type { MctsOperators } from './mcts-operators.js';
import type { UctContext } from './uct-selector.js';

const isFunction = (value: unknown) => typeof value === 'function';

/** Options of `createMctsSearch`; numeric defaults are AIRA-dojo's MLE-bench preset (`configs/solver/mlebench/mcts.yaml`). */
export const MctsSearchOptionsSchema = z
  .object({
    /** The host's draft, improve and debug operators. */
    operators: z.custom<MctsOperators>(
      (value) =>
        value !== null &&
        typeof value === 'object' &&
        ['draft', 'improve', 'debug'].every((name) => isFunction((value as Record<string, unknown>)[name])),
      'expected operators with draft(), improve() and debug()',
    ),
    /** Runs a proposal and reports its metric. */
    evaluate: z.custom<NodeEvaluator>(isFunction, 'expected an evaluate function'),
    /** The UCT step: default `createUctSelector()`; pass `wrapSelector({ selector, middleware })` to shape it. */
    selector: z.custom<Selector<MctsNode, UctContext>>(isFunction, 'expected a Selector').optional(),
    /** The seeded random source; default `createSeededRandom(seed)`. */
    random: z.custom<RandomSource>(isFunction, 'expected a RandomSource').optional(),
    seed: z.number().int().default(0),
    /** The task's metric direction (`lower_is_better`). */
    lowerIsBetter: z.boolean().default(false),
    /** Children created per expanded leaf (`num_children`). */
    numChildren: z.number().int().min(1).default(5),
    /** Chained debug attempts for a buggy child (`max_debug_depth`). */
    maxDebugDepth: z.number().int().min(0).default(20),
    /**
     * Back up each child's novelty from this source along the path, as the metric is; candidates then carry the
     * mean backed-up novelty for `noveltyBonus({ source: 'candidate' })`.
     */
    noveltyBackup: z
      .custom<NoveltySource>(
        (value) => value !== null && typeof value === 'object' && isFunction((value as Record<string, unknown>).assess),
        'expected a NoveltySource',
      )
      .optional(),
    idPrefix: z.string().min(1).default('node'),
  })
  .strict();

/** Options of `createMctsSearch` as callers write them. */
export type MctsSearchOptions = z.input<typeof MctsSearchOptionsSchema>;
