import { z } from 'zod';
import { parseOptions } from '../options/parse-options.js';
import { functionSchema } from './collaborator-schemas.js';
import { createCachedNoveltySource, type NoveltySource } from './novelty-source.js';
import type { ShapingNode, ShapingOutcome } from './shaping-node.js';

/** Measures a node's novelty in [0, 1]; undefined when it cannot. */
export type NoveltyFunction = (node: ShapingNode) => number | undefined | PromiseLike<number | undefined>;

/** Options of `functionNoveltySource`. */
export const FunctionNoveltySourceOptionsSchema = z
  .object({
    /** Names the source in events. */
    id: z.string().min(1),
    /** The host's own novelty measure. */
    novelty: functionSchema<NoveltyFunction>('a novelty function'),
    /** Told each outcome once, e.g. to add a valid node to the host's own archive. */
    observe: functionSchema<(node: ShapingNode, outcome: ShapingOutcome) => void | PromiseLike<void>>('an observe function').optional(),
  })
  .strict();

/** Options of `functionNoveltySource` as callers write them. */
export type FunctionNoveltySourceOptions = z.input<typeof FunctionNoveltySourceOptionsSchema>;

/**
 * Novelty from a function the host supplies (its own archive, a cached judge, a test script). Values are clamped
 * to [0, 1]; NaN counts as unknown.
 *
 * @example
 * const novelty = functionNoveltySource({ id: 'archive', novelty: (node) => archive.novelty(node.code) });
 */
export function functionNoveltySource(options: FunctionNoveltySourceOptions): NoveltySource {
  const parsed = parseOptions(FunctionNoveltySourceOptionsSchema, options, 'functionNoveltySource');
  return createCachedNoveltySource({
    id: parsed.id,
    async measure(node) {
      const value = await parsed.novelty(node);
      return { novelty: value === undefined || Number.isNaN(value) ? undefined : Math.min(1, Math.max(0, value)) };
    },
    async learn(node, outcome) {
      await parsed.observe?.(node, outcome);
    },
  });
}
