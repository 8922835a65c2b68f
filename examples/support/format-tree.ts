/** One node of a search, as the examples print it. */
export interface TreeRow {
  readonly id: string;
  /** Parent ids; the first is the tree parent, others (crossover) are noted. */
  readonly parents: readonly string[];
  readonly label: string;
}

/** The search tree as indented text, children under their first parent in creation order. */
export function formatTree(rows: readonly TreeRow[]): string {
  const known = new Set(rows.map((row) => row.id));
  const children = new Map<string | undefined, TreeRow[]>();
  for (const row of rows) {
    const parent = row.parents.find((id) => known.has(id));
    const siblings = children.get(parent);
    if (siblings === undefined) children.set(parent, [row]);
    else siblings.push(row);
  }
  const lines: string[] = [];
  const visit = (row: TreeRow, depth: number): void => {
    const others = row.parents.slice(1);
    lines.push(
      `${'  '.repeat(depth)}${depth === 0 ? '' : '└ '}${row.id} ${row.label}${others.length === 0 ? '' : ` (+ ${others.join(', ')})`}`,
    );
    for (const child of children.get(row.id) ?? []) visit(child, depth + 1);
  };
  for (const root of children.get(undefined) ?? []) visit(root, 0);
  return lines.join('\n');
}

/** A short label for a scripted solution: its approach and refinements, and its metric or `buggy`. */
export function describeSolution(node: { readonly code: string; readonly metric: number | null; readonly operator: string }): string {
  const approach = /^# approach: (.*)$/m.exec(node.code)?.[1] ?? '?';
  const members = /^# blend-of: (.*)$/m.exec(node.code)?.[1];
  const refinements = /^# refinements: (\d+)$/m.exec(node.code)?.[1];
  const what = members === undefined ? `${approach}${refinements === undefined ? '' : ` r${refinements}`}` : `blend(${members})`;
  return `[${node.operator}] ${what} → ${node.metric === null ? 'buggy' : node.metric.toFixed(4)}`;
}
