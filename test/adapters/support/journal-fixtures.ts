import type { AideNode } from '../../../adapters/aide-greedy/index.js';
import type { SelectionCandidate } from '../../../src/index.js';

/** A compact AIDE node: `[id, parentId, metric | 'bug']`, debug depth and children derived from the list. */
export type JournalEntry = readonly [string, string | null, number | 'bug'];

/** An AIDE journal from entries, in order, with AIDE's derived fields. */
export function journal(entries: readonly JournalEntry[]): AideNode[] {
  const nodes: (AideNode & { children: string[] })[] = [];
  const byId = new Map<string, AideNode & { children: string[] }>();
  for (const [index, [id, parentId, metric]] of entries.entries()) {
    const parent = parentId === null ? undefined : byId.get(parentId)!;
    const operator = parent === undefined ? 'draft' : parent.buggy ? 'debug' : 'improve';
    const node = {
      id,
      step: index,
      parentId,
      operator,
      plan: `plan ${id}`,
      code: `code ${id}`,
      metric: metric === 'bug' ? null : metric,
      buggy: metric === 'bug',
      debugDepth: operator === 'debug' ? parent!.debugDepth + 1 : 0,
      children: [],
    } as const satisfies Omit<AideNode, 'children'> & { children: string[] };
    const mutable = { ...node, children: [] as string[] };
    nodes.push(mutable);
    byId.set(id, mutable);
    parent?.children.push(id);
  }
  return nodes;
}

/** The journal as AIDE greedy candidates (maximised metric). */
export function aideCandidates(nodes: readonly AideNode[]): SelectionCandidate<AideNode>[] {
  return nodes.map((node) => ({ id: node.id, node, value: node.metric, children: node.children.length }));
}
