import { z } from 'zod';
import { functionSchema, NoveltySourceSchema } from './collaborator-schemas.js';
import type { ShapingNode } from './shaping-node.js';

/** What a confirmation callback is shown: the near-duplicate candidate and its closest earlier episodes. */
export interface NoveltyConfirmationRequest {
  readonly node: ShapingNode;
  readonly novelty: number;
  /** Ids of the closest earlier episodes, nearest first, when the source knows them. */
  readonly nearest: readonly string[];
}

/** Asks a second opinion on a near-duplicate (an LLM call in practice); the reply must start with NOVEL or NOT_NOVEL. */
export type NoveltyConfirmation = (request: NoveltyConfirmationRequest) => string | PromiseLike<string>;

/** Options of `noveltyGate`. */
export const NoveltyGateOptionsSchema = z
  .object({
    /** The novelty the gate reads; a metric of the online scorer is the cheap check ShinkaEvolve runs. */
    source: NoveltySourceSchema,
    /** Reject a candidate whose novelty is below this; 0.01 on `nearest-neighbour` is ShinkaEvolve's cosine 0.99. */
    threshold: z.number().min(0).max(1).default(0.01),
    /** Proposals after a rejection before the host gives up the slot; 2 gives ShinkaEvolve's 3 attempts. */
    maxResamples: z.number().int().min(0).default(2),
    /** Operators whose nodes pass unchecked: a debug fix is meant to resemble its parent. */
    exempt: z.array(z.string()).default(['debug']),
    /** Optional second opinion on a near-duplicate; without it a near-duplicate is rejected. */
    confirm: functionSchema<NoveltyConfirmation>('a NoveltyConfirmation').optional(),
  })
  .strict();

/** Options of `noveltyGate` as callers write them. */
export type NoveltyGateOptions = z.input<typeof NoveltyGateOptionsSchema>;
