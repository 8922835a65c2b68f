import { z } from 'zod';
import { parseOptions } from '../options/parse-options.js';
import type { ChartSpec } from './chart-svg.js';
import {
  chartConfig,
  chartHeight,
  chartWidth,
  ChartColoursSchema,
  ChartRowsSchema,
  distinctValues,
  paletteColours,
} from './chart-theme.js';

/** The field `stackedShareChartSpec` adds to each row so the stack follows the category order. */
const orderField = '__boden_order';

/** Options of `stackedShareChartSpec`; field names refer to keys of `rows` (plain names, no dots). */
export const stackedShareChartOptionsSchema = z.strictObject({
  title: z.string().min(1),
  rows: ChartRowsSchema,
  /** Field on the x axis (e.g. the quarter of the run), read as ordered labels. */
  x: z.string().min(1),
  /** Field naming the part of the whole (e.g. the rubric level). */
  category: z.string().min(1),
  /** Field holding the share, in [0, 1]; the shares of one x value should add up to 1. */
  share: z.string().min(1),
  xTitle: z.string().min(1),
  shareTitle: z.string().min(1).default('share'),
  /** Legend title; empty hides it. */
  categoryTitle: z.string().default(''),
  /** x values in axis order; default their first-seen order. */
  xOrder: z.array(z.string()).optional(),
  /** Categories from the bottom of the stack up, also the legend order; default their first-seen order. */
  categoryOrder: z.array(z.string()).optional(),
  /** One colour per category in `categoryOrder`; default the fixed palette. */
  colours: ChartColoursSchema.optional(),
  /** Bars per x value, or areas for a continuous feel. */
  mark: z.enum(['bar', 'area']).default('bar'),
});

/** Options of `stackedShareChartSpec` as callers write them. */
export type StackedShareChartOptions = z.input<typeof stackedShareChartOptionsSchema>;

/** A Vega-Lite spec of shares stacked to 100% per x value (bars or areas), y axis in percent. Throws `InvalidOptionsError`. */
export function stackedShareChartSpec(options: StackedShareChartOptions): ChartSpec {
  const parsed = parseOptions(stackedShareChartOptionsSchema, options, 'stackedShareChartSpec');
  const categories = parsed.categoryOrder ?? distinctValues(parsed.rows, parsed.category);
  const xOrder = parsed.xOrder ?? distinctValues(parsed.rows, parsed.x);
  const values = parsed.rows.map((row) => ({ ...row, [orderField]: categories.indexOf(String(row[parsed.category])) }));
  return {
    title: parsed.title,
    width: chartWidth,
    height: chartHeight,
    config: chartConfig,
    data: { values },
    mark: parsed.mark === 'bar' ? { type: 'bar', width: { band: 0.7 } } : { type: 'area', opacity: 0.9 },
    encoding: {
      x: { field: parsed.x, type: 'ordinal', sort: xOrder, title: parsed.xTitle, axis: { labelAngle: 0 } },
      y: {
        field: parsed.share,
        type: 'quantitative',
        stack: 'zero',
        title: parsed.shareTitle,
        scale: { domain: [0, 1] },
        axis: { format: '.0%' },
      },
      color: {
        field: parsed.category,
        type: 'nominal',
        sort: categories,
        scale: { domain: categories, range: parsed.colours ?? paletteColours(categories.length) },
        legend: { title: parsed.categoryTitle === '' ? null : parsed.categoryTitle, orient: 'right' },
      },
      order: { field: orderField, type: 'quantitative' },
    },
  };
}
