import type { NodeEvaluator } from 'boden/adapters/search-loop';
import type { BenchAgentOperators } from '../agents/bench-agent.js';

/**
 * Independent sampling (`independent` policy): `episodes` drafts asked one after another, each evaluated, none
 * selected, improved or shown to the next (the agent's memory is the caller's to switch off). The baseline a tree
 * search must beat with the same budget. Hand-written: it is a loop, and no search-loop adapter is this plain.
 */
export function createIndependentSearch(input: { readonly operators: BenchAgentOperators; readonly evaluate: NodeEvaluator }): {
  run(episodes: number): Promise<void>;
} {
  return {
    async run(episodes) {
      for (let index = 0; index < episodes; index += 1) {
        const proposal = await input.operators.draft({});
        await input.evaluate({ ...proposal, id: `draft-${index}`, operator: 'draft' });
      }
    },
  };
}
