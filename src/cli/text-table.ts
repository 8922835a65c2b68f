/** A column of a text table: its header and whether its cells line up on the right (numbers). */
export interface TextColumn {
  readonly header: string;
  readonly alignRight?: boolean;
}

/** Renders rows as a plain-text table with a header rule, columns padded to their widest cell. */
export function formatTextTable(columns: readonly TextColumn[], rows: readonly (readonly string[])[]): string {
  const widths = columns.map((column, index) =>
    Math.max(column.header.length, ...rows.map((row) => (row[index] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, index) => (columns[index]?.alignRight ? cell.padStart(widths[index]!) : cell.padEnd(widths[index]!)))
      .join('  ')
      .trimEnd();
  return [
    line(columns.map((column) => column.header)),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
  ].join('\n');
}

/** A number with `digits` decimals, or `-` when it is null or not finite. */
export function formatNumber(value: number | null | undefined, digits = 3): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '-' : value.toFixed(digits);
}
