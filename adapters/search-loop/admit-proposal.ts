import type { NodeAdmission } from '../../src/index.js';
import type { ProposedNode } from './operator-proposal.js';
import type { ShapingHooks } from './shaping-hooks.js';

/** The result of proposing until a node is admitted: the node, or the rejected attempts when the slot is given up. */
export interface AdmittedProposal<Extra> {
  /** The admitted proposal with whatever the attempt carried (its selection, its parents), or undefined. */
  readonly admitted: (Extra & { readonly node: ProposedNode }) | undefined;
  /** Admissions of the rejected attempts, in order. */
  readonly rejections: readonly NodeAdmission[];
}

/**
 * Runs `attempt` (select if the loop re-selects, call the operator) and asks shaping to admit its node; while the
 * novelty gate rejects it and asks for a resample, it tries again. A rejected node is never evaluated.
 */
export async function admitProposal<Extra>(
  attempt: () => Promise<Extra & { readonly node: ProposedNode }>,
  hooks: ShapingHooks,
): Promise<AdmittedProposal<Extra>> {
  const rejections: NodeAdmission[] = [];
  for (;;) {
    const proposal = await attempt();
    const admission = await hooks.admit(proposal.node);
    if (admission.accepted) return { admitted: proposal, rejections };
    rejections.push(admission);
    if (!admission.resample) return { admitted: undefined, rejections };
  }
}
