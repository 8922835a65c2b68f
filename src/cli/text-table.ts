/** A column of a text table: its header and whether its cells line up on the right (numbers). */
export interface TextColumn {
  readonly header: string;
  readonly alignRight?: boolean;
}

/**
 * A cell safe to print on a terminal: control characters (an ANSI escape's ESC, a newline, a tab, DEL, C1
 * controls) become visible escapes such as `\x1b` and `\n`, so a node id from a file can neither recolour the
 * terminal nor break the table's rows.
 */
export function escapeCell(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (character) => {
    const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
    return named[character] ?? `\\x${character.charCodeAt(0).toString(16).padStart(2, '0')}`;
  });
}

/** Renders rows as a plain-text table with a header rule, columns padded to their widest cell (cells escaped). */
export function formatTextTable(columns: readonly TextColumn[], rawRows: readonly (readonly string[])[]): string {
  const rows = rawRows.map((row) => row.map(escapeCell));
  const widths = columns.map((column, index) => Math.max(column.header.length, ...rows.map((row) => (row[index] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, index) => (columns[index]?.alignRight ? cell.padStart(widths[index]!) : cell.padEnd(widths[index]!)))
      .join('  ')
      .trimEnd();
  return [line(columns.map((column) => column.header)), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/** A number with `digits` decimals, or `-` when it is null or not finite. */
export function formatNumber(value: number | null | undefined, digits = 3): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '-' : value.toFixed(digits);
}
