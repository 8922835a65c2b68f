import { z } from 'zod';
import type { RandomSource, Selector } from '../../src/index.js';
import type { NodeEvaluator } from '../search-loop/index.js';
import type { EvolutionaryNode } from './evolutionary-node.js';
import type { EvolutionaryOperators } from './evolutionary-operators.js';
import type { EvolutionaryContext } from './evolutionary-selector.js';

const isFunction = (value: unknown) => typeof value === 'function';

/** Options of `createEvolutionarySearch`; numeric defaults are AIRA-dojo's MLE-bench preset (`configs/solver/mlebench/evo.yaml`). */
export const EvolutionarySearchOptionsSchema = z
  .object({
    /** The host's draft, improve, crossover and debug operators. */
    operators: z.custom<EvolutionaryOperators>(
      (value) =>
        value !== null &&
        typeof value === 'object' &&
        ['draft', 'improve', 'crossover', 'debug'].every((name) => isFunction((value as Record<string, unknown>)[name])),
      'expected operators with draft(), improve(), crossover() and debug()',
    ),
    /** Runs a proposal and reports its metric. */
    evaluate: z.custom<NodeEvaluator>(isFunction, 'expected an evaluate function'),
    /** The parent sampler: default `createEvolutionarySelector()`; pass `wrapSelector(...)` to shape it. */
    selector: z.custom<Selector<EvolutionaryNode, EvolutionaryContext>>(isFunction, 'expected a Selector').optional(),
    /** The seeded random source; default `createSeededRandom(seed)`. */
    random: z.custom<RandomSource>(isFunction, 'expected a RandomSource').optional(),
    seed: z.number().int().default(0),
    /** The task's metric direction (`lower_is_better`). */
    lowerIsBetter: z.boolean().default(false),
    numIslands: z.number().int().min(1).default(1),
    maxIslandSize: z.number().int().min(1).default(500),
    individualsPerGeneration: z.number().int().min(1).default(5),
    numGenerations: z.number().int().min(1).default(100),
    /** The temperature decays linearly from `initialTemperature` to `finalTemperature` over `numGenerations`. */
    initialTemperature: z.number().positive().default(1),
    finalTemperature: z.number().positive().default(1),
    crossoverProbability: z.number().min(0).max(1).default(0.5),
    /** Crossover is off before this generation (`num_generations_till_crossover`). */
    generationsTillCrossover: z.number().int().min(0).default(2),
    migrationProbability: z.number().min(0).max(1).default(0),
    /** Migration is off before this generation (`num_generations_till_migration`). */
    generationsTillMigration: z.number().int().min(0).default(999),
    /** Chained debug attempts for a buggy child (`max_debug_depth`). */
    maxDebugDepth: z.number().int().min(0).default(10),
    idPrefix: z.string().min(1).default('node'),
  })
  .strict();

/** Options of `createEvolutionarySearch` as callers write them. */
export type EvolutionarySearchOptions = z.input<typeof EvolutionarySearchOptionsSchema>;
