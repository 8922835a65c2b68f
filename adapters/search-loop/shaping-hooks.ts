import { isShapedSelector, type NodeAdmission, type ShapingNode, type ShapingOutcome } from '../../src/index.js';

/** The tell side of a selector: what a search loop reports about its nodes. */
export interface ShapingHooks {
  /** Before evaluation: may the node be evaluated? */
  admit(node: ShapingNode): Promise<NodeAdmission>;
  /** After evaluation. */
  observe(node: ShapingNode, outcome: ShapingOutcome): Promise<void>;
}

const unshaped: ShapingHooks = {
  admit: async (node) => ({ id: node.id, accepted: true, resample: false, novelty: {} }),
  observe: async () => {},
};

/**
 * The hooks of a shaped selector (`wrapSelector`'s `admit` and `observe`), or no-ops for a plain selector, so a
 * search loop runs the same code shaped and unshaped.
 */
export function shapingHooksOf(selector: unknown): ShapingHooks {
  if (!isShapedSelector(selector)) return unshaped;
  return { admit: (node) => selector.admit(node), observe: (node, outcome) => selector.observe(node, outcome) };
}
