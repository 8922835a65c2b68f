import type { RandomSource } from '../../src/random/random-source.js';
import { functionNoveltySource } from '../../src/shaping/function-novelty-source.js';
import type { NoveltySource } from '../../src/shaping/novelty-source.js';
import type { SelectionCandidate } from '../../src/shaping/selector.js';
import type { ShapingNode } from '../../src/shaping/shaping-node.js';

/** A random source that returns `values` in order and fails when they run out (to pin down every draw). */
export function scriptedRandom(values: readonly number[]): RandomSource & { readonly used: number } {
  let used = 0;
  const random = () => {
    const value = values[used];
    if (value === undefined) throw new Error(`scripted random exhausted after ${used} draws`);
    used += 1;
    return value;
  };
  return Object.defineProperty(random, 'used', { get: () => used }) as RandomSource & { readonly used: number };
}

/** A random source that must not be called. */
export const forbiddenRandom: RandomSource = () => {
  throw new Error('the random source must not be drawn from');
};

/** A novelty source reading novelty from a table by node id (undefined for unknown ids). */
export function tableNovelty(table: Readonly<Record<string, number>>, id = 'table'): NoveltySource {
  return functionNoveltySource({ id, novelty: (node) => table[node.id] });
}

/** A node with some plan and code. */
export function shapingNode(id: string, operator?: string): ShapingNode {
  return { id, plan: `plan of ${id}`, code: `print("${id}")`, ...(operator === undefined ? {} : { operator }) };
}

/** Plain candidates over string nodes. */
export function candidates(
  values: Readonly<Record<string, number | null>>,
  children: Readonly<Record<string, number>> = {},
): SelectionCandidate<string>[] {
  return Object.entries(values).map(([id, value]) => ({ id, node: id, value, children: children[id] ?? 0 }));
}
