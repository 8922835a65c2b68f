import { z } from 'zod';
import type { RandomSource, Selector } from '../../src/index.js';
import type { NodeEvaluator } from '../search-loop/index.js';
import type { AideNode } from './aide-node.js';
import type { AideOperators } from './aide-operators.js';

const isFunction = (value: unknown) => typeof value === 'function';

/** Options of `createAideGreedySearch`. */
export const AideGreedySearchOptionsSchema = z
  .object({
    /** The host's draft, improve and debug operators. */
    operators: z.custom<AideOperators>(
      (value) =>
        value !== null &&
        typeof value === 'object' &&
        ['draft', 'improve', 'debug'].every((name) => isFunction((value as Record<string, unknown>)[name])),
      'expected operators with draft(), improve() and debug()',
    ),
    /** Runs a proposal and reports its metric. */
    evaluate: z.custom<NodeEvaluator>(isFunction, 'expected an evaluate function'),
    /** The policy: default `createAideGreedySelector()`; pass `wrapSelector({ selector, middleware })` to shape it. */
    selector: z.custom<Selector<AideNode>>(isFunction, 'expected a Selector').optional(),
    /** The seeded random source the policy draws from; default `createSeededRandom(seed)`. */
    random: z.custom<RandomSource>(isFunction, 'expected a RandomSource').optional(),
    /** Seed of the default random source. */
    seed: z.number().int().default(0),
    /** The metric's direction (AIRA-dojo takes it from the task; AIDE asks its reviewer per node). */
    lowerIsBetter: z.boolean().default(false),
    /** Prefix of node ids: `node-1`, `node-2`, ... */
    idPrefix: z.string().min(1).default('node'),
  })
  .strict();

/** Options of `createAideGreedySearch` as callers write them. */
export type AideGreedySearchOptions = z.input<typeof AideGreedySearchOptionsSchema>;
