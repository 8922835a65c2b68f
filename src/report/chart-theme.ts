import { z } from 'zod';

/** One row of chart data: plain JSON values keyed by field name. */
export type ChartRow = Readonly<Record<string, string | number | boolean | null>>;

/** Plot width in pixels (legends and axes come on top), so a chart fits a ~960px report column. */
export const chartWidth = 560;

/** Plot height in pixels. */
export const chartHeight = 260;

/**
 * The series colours, in order: Okabe and Ito's colour-blind-safe palette, fixed so a series keeps its colour
 * from chart to chart and from report to report.
 */
export const chartPalette = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#F0E442', '#000000'] as const;

/** The chart configuration every builder uses: readable axis titles, a white background, no outer border. */
export const chartConfig = {
  background: 'white',
  font: 'Helvetica, Arial, sans-serif',
  title: { fontSize: 15, anchor: 'start', offset: 12 },
  axis: { titleFontSize: 13, labelFontSize: 11, titlePadding: 8, gridColor: '#e6e6e6' },
  legend: { titleFontSize: 12, labelFontSize: 11, labelLimit: 280 },
  view: { stroke: null },
} as const;

/** The values of `field` in first-seen order: the default order of series and categories. */
export function distinctValues(rows: readonly ChartRow[], field: string): string[] {
  const seen = new Set<string>();
  for (const row of rows) {
    const value = row[field];
    if (value !== null && value !== undefined) seen.add(String(value));
  }
  return [...seen];
}

/** `count` colours from the palette, cycling when there are more series than colours. */
export function paletteColours(count: number): string[] {
  return Array.from({ length: count }, (_, index) => chartPalette[index % chartPalette.length]!);
}

/** A copy of `rows` that Vega may annotate freely (it adds fields to the objects it is given). */
export function copyRows(rows: readonly ChartRow[]): Record<string, string | number | boolean | null>[] {
  return rows.map((row) => ({ ...row }));
}

/** Zod schema of chart rows: plain JSON values keyed by field name. */
export const ChartRowsSchema = z.array(
  z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()], { error: 'expected a string, number, boolean or null' })),
);

/** Zod schema of a CSS colour list given to a builder. */
export const ChartColoursSchema = z.array(z.string().min(1)).min(1);
