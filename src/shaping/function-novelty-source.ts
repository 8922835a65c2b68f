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
    /**
     * True when `novelty` may be called again for an assessed node, to give its novelty against the archive as it
     * is now (`currentNovelty`, read by `noveltyBonus({ timing: 'current' })`): novelty search's moving target.
     */
    current: z.boolean().default(false),
  })
  .strict();

/** Options of `functionNoveltySource` as callers write them. */
export type FunctionNoveltySourceOptions = z.input<typeof FunctionNoveltySourceOptionsSchema>;

/**
 * Novelty from a function the host supplies (its own archive, a cached judge, a test script). Values are clamped
 * to [0, 1]; NaN counts as unknown. With `current: true` the function is asked again at every selection that
 * reads the node's current novelty, so it must answer from the host's archive as it stands.
 *
 * @example
 * const novelty = functionNoveltySource({ id: 'archive', novelty: (node) => archive.novelty(node.code) });
 */
export function functionNoveltySource(options: FunctionNoveltySourceOptions): NoveltySource {
  const parsed = parseOptions(FunctionNoveltySourceOptionsSchema, options, 'functionNoveltySource');
  const clamped = async (node: ShapingNode): Promise<number | undefined> => {
    const value = await parsed.novelty(node);
    return value === undefined || Number.isNaN(value) ? undefined : Math.min(1, Math.max(0, value));
  };
  return createCachedNoveltySource({
    id: parsed.id,
    measure: async (node) => ({ novelty: await clamped(node) }),
    async learn(node, outcome) {
      await parsed.observe?.(node, outcome);
    },
    ...(parsed.current ? { remeasure: clamped } : {}),
  });
}
