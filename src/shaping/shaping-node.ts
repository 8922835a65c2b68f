import { z } from 'zod';

/** A node as shaping sees it when the host creates it: its id, plan and code, and the operator that made it. */
export interface ShapingNode {
  readonly id: string;
  readonly plan: string;
  readonly code: string;
  /** The operator that produced the node (`draft`, `improve`, `debug`, `crossover`, ...), when the host knows it. */
  readonly operator?: string;
}

/** What a shaped selector's `admit` and `observe` check a node against (the host's other fields are allowed and kept). */
export const ShapingNodeSchema = z.object({ id: z.string().min(1), plan: z.string(), code: z.string(), operator: z.string().optional() });

/** What `observe` checks an outcome against. */
export const ShapingOutcomeSchema = z.object({ valid: z.boolean(), value: z.number().nullable().optional() });

/** A node's outcome once the host evaluated it. */
export interface ShapingOutcome {
  /** True when the node ran and produced a valid score (it ends an episode). */
  readonly valid: boolean;
  /** Usefulness, higher is better (direction applied), e.g. the validation metric or the paper's impact. */
  readonly value?: number | null;
}

/** The answer to `ShapedSelector.admit`: may the host evaluate this node? */
export interface NodeAdmission {
  readonly id: string;
  /** False when a middleware (the novelty gate) rejected the node: do not evaluate it, do not keep it. */
  readonly accepted: boolean;
  /** For a rejected node: true when the host should sample a new parent and propose again. */
  readonly resample: boolean;
  /** Novelty in [0, 1] by novelty-source id, as the middleware saw it. */
  readonly novelty: Readonly<Record<string, number>>;
  /** Name of the middleware that rejected the node, and why. */
  readonly rejectedBy?: string;
  readonly reason?: string;
}
