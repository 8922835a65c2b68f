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

/** The field `distributionChartSpec` adds to each row for its horizontal jitter. */
const jitterField = '__boden_jitter';

/** Options of `distributionChartSpec`; field names refer to keys of `rows` (plain names, no dots). */
export const distributionChartOptionsSchema = z.strictObject({
  title: z.string().min(1),
  rows: ChartRowsSchema,
  /** Field holding the category (one box per value). */
  category: z.string().min(1),
  /** Field holding the measured value. */
  value: z.string().min(1),
  valueTitle: z.string().min(1),
  /** Title of the category axis; default the field name. */
  categoryTitle: z.string().min(1).optional(),
  /** Categories in axis order; default their first-seen order. */
  categoryOrder: z.array(z.string()).optional(),
  /**
   * Visible value range: boxes and whiskers are still computed from every value, but marks beyond it are drawn
   * at its edge, so a heavy tail does not flatten the boxes.
   */
  valueDomain: z.tuple([z.number(), z.number()]).optional(),
  /** One colour per category in `categoryOrder`; default the fixed palette. */
  colours: ChartColoursSchema.optional(),
});

/** Options of `distributionChartSpec` as callers write them. */
export type DistributionChartOptions = z.input<typeof distributionChartOptionsSchema>;

/**
 * A Vega-Lite spec of one box plot per category (median, quartiles, 1.5 IQR whiskers) with every value drawn as
 * a point beside it, spread sideways by a deterministic jitter (the same rows always give the same picture).
 * Throws `InvalidOptionsError`.
 */
export function distributionChartSpec(options: DistributionChartOptions): ChartSpec {
  const parsed = parseOptions(distributionChartOptionsSchema, options, 'distributionChartSpec');
  const order = parsed.categoryOrder ?? distinctValues(parsed.rows, parsed.category);
  const seen = new Map<string, number>();
  const values = parsed.rows.map((row) => {
    const key = String(row[parsed.category]);
    const position = seen.get(key) ?? 0;
    seen.set(key, position + 1);
    // Golden-ratio steps spread each category's points evenly over [-1, 1] without a random source.
    return { ...row, [jitterField]: ((position * 0.618033988749895) % 1) * 2 - 1 };
  });
  const x = {
    field: parsed.category,
    type: 'nominal',
    sort: order,
    title: parsed.categoryTitle ?? parsed.category,
    axis: { labelAngle: 0 },
  } as const;
  const scale = parsed.valueDomain ? { domain: parsed.valueDomain, clamp: true, zero: false } : { zero: false };
  const y = { field: parsed.value, type: 'quantitative', title: parsed.valueTitle, scale } as const;
  const colour = {
    field: parsed.category,
    type: 'nominal',
    legend: null,
    scale: { domain: order, range: parsed.colours ?? paletteColours(order.length) },
  } as const;
  return {
    title: parsed.title,
    width: chartWidth,
    height: chartHeight,
    config: chartConfig,
    data: { values },
    layer: [
      {
        mark: { type: 'boxplot', extent: 1.5, size: 34, opacity: 0.45, outliers: false, median: { color: '#222222' } },
        encoding: { x, y, color: colour },
      },
      {
        mark: { type: 'point', filled: true, size: 16, opacity: 0.6 },
        encoding: { x, xOffset: { field: jitterField, type: 'quantitative', scale: { domain: [-2.5, 2.5] } }, y, color: colour },
      },
    ],
  };
}
