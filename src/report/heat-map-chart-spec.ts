import { z } from 'zod';
import { parseOptions } from '../options/parse-options.js';
import type { ChartSpec } from './chart-svg.js';
import { chartConfig, ChartRowsSchema, distinctValues } from './chart-theme.js';

/** Options of `heatMapChartSpec`; field names refer to keys of `rows` (plain names, no dots). */
export const heatMapChartOptionsSchema = z.strictObject({
  title: z.string().min(1),
  rows: ChartRowsSchema,
  /** Fields of the two axes, read as labels. */
  x: z.string().min(1),
  y: z.string().min(1),
  /** Field holding the count or value a cell's colour shows. */
  value: z.string().min(1),
  xTitle: z.string().min(1),
  yTitle: z.string().min(1),
  valueTitle: z.string().min(1),
  /** Axis orders; default the rows' first-seen order. */
  xOrder: z.array(z.string()).optional(),
  yOrder: z.array(z.string()).optional(),
});

/** Options of `heatMapChartSpec` as callers write them. */
export type HeatMapChartOptions = z.input<typeof heatMapChartOptionsSchema>;

/**
 * A Vega-Lite heat map: one rectangle per (x, y) pair of the rows, coloured by `value` and labelled with it (a MAP-
 * Elites archive's cells over two axes). Its size follows the number of labels. Throws `InvalidOptionsError`.
 */
export function heatMapChartSpec(options: HeatMapChartOptions): ChartSpec {
  const parsed = parseOptions(heatMapChartOptionsSchema, options, 'heatMapChartSpec');
  const xOrder = parsed.xOrder ?? distinctValues(parsed.rows, parsed.x);
  const yOrder = parsed.yOrder ?? distinctValues(parsed.rows, parsed.y);
  const x = { field: parsed.x, type: 'nominal' as const, sort: xOrder, title: parsed.xTitle, axis: { labelAngle: -30, labelLimit: 160 } };
  const y = { field: parsed.y, type: 'nominal' as const, sort: yOrder, title: parsed.yTitle, axis: { labelLimit: 220 } };
  return {
    title: parsed.title,
    width: Math.max(160, 42 * xOrder.length),
    height: Math.max(80, 24 * yOrder.length),
    config: chartConfig,
    data: { values: parsed.rows.map((row) => ({ ...row })) },
    layer: [
      {
        mark: { type: 'rect' },
        encoding: { x, y, color: { field: parsed.value, type: 'quantitative', title: parsed.valueTitle, scale: { scheme: 'blues' } } },
      },
      { mark: { type: 'text', fontSize: 10 }, encoding: { x, y, text: { field: parsed.value, type: 'quantitative' } } },
    ],
  };
}
