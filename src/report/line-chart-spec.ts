import { z } from 'zod';
import { parseOptions } from '../options/parse-options.js';
import type { ChartSpec } from './chart-svg.js';
import {
  chartConfig,
  chartHeight,
  chartWidth,
  ChartColoursSchema,
  ChartRowsSchema,
  copyRows,
  distinctValues,
  paletteColours,
} from './chart-theme.js';

/** Options of `lineChartSpec`; field names refer to keys of `rows` (plain names, no dots). */
export const lineChartOptionsSchema = z.strictObject({
  title: z.string().min(1),
  rows: ChartRowsSchema,
  /** Field on the x axis (e.g. the episode index). */
  x: z.string().min(1),
  /** Field on the y axis (e.g. the mean rubric level). */
  y: z.string().min(1),
  /** Field naming the series: one line (and one band) per value. */
  series: z.string().min(1),
  xTitle: z.string().min(1),
  yTitle: z.string().min(1),
  /** Legend title; empty hides it. */
  seriesTitle: z.string().default(''),
  /** Fields of a shaded band drawn behind each line (e.g. a 95% CI); rows where they are null get no band. */
  band: z.strictObject({ lower: z.string().min(1), upper: z.string().min(1) }).optional(),
  /** `quantitative` for numbers, `ordinal` for ordered labels. */
  xType: z.enum(['quantitative', 'ordinal']).default('quantitative'),
  /** Integer ticks only on a quantitative x axis (episode indices). */
  xIntegers: z.boolean().default(false),
  /** Fixed y range, values beyond it drawn at its edge; default fitted to the data (without forcing zero in). */
  yDomain: z.tuple([z.number(), z.number()]).optional(),
  /** Series in legend and colour order; default their first-seen order. */
  seriesOrder: z.array(z.string()).optional(),
  /** One colour per series in `seriesOrder`; default the fixed palette. */
  colours: ChartColoursSchema.optional(),
});

/** Options of `lineChartSpec` as callers write them. */
export type LineChartOptions = z.input<typeof lineChartOptionsSchema>;

/** Dash patterns of the series in order (solid first), so lines that coincide stay visible in print and grey. */
const dashes: readonly (readonly number[])[] = [
  [1, 0],
  [6, 3],
  [2, 2],
  [8, 3, 2, 3],
  [4, 4],
  [1, 3],
];
/** Point shapes of the series in order, for the same reason. */
const shapes: readonly string[] = ['circle', 'square', 'triangle-up', 'diamond', 'cross', 'triangle-down'];

/**
 * A Vega-Lite spec of one line per series, with a point on every row (so a one-row series still shows) and an
 * optional shaded band per series: a layered area (band) under the lines. Each series has its own colour, dash
 * pattern and point shape, so a series drawn exactly over another still shows. Throws `InvalidOptionsError`.
 */
export function lineChartSpec(options: LineChartOptions): ChartSpec {
  const parsed = parseOptions(lineChartOptionsSchema, options, 'lineChartSpec');
  const domain = parsed.seriesOrder ?? distinctValues(parsed.rows, parsed.series);
  const colour = {
    field: parsed.series,
    type: 'nominal',
    scale: { domain, range: parsed.colours ?? paletteColours(domain.length) },
    legend: parsed.seriesTitle === '' ? { title: null, orient: 'top' } : { title: parsed.seriesTitle, orient: 'top' },
  } as const;
  const cycle = <Value>(values: readonly Value[]) => domain.map((_, index) => values[index % values.length]!);
  const strokeDash = { field: parsed.series, type: 'nominal', scale: { domain, range: cycle(dashes) }, legend: colour.legend } as const;
  const shape = { field: parsed.series, type: 'nominal', scale: { domain, range: cycle(shapes) }, legend: colour.legend } as const;
  const x = {
    field: parsed.x,
    type: parsed.xType,
    title: parsed.xTitle,
    ...(parsed.xType === 'ordinal' ? { axis: { labelAngle: 0 } } : {}),
    ...(parsed.xType === 'quantitative' && parsed.xIntegers ? { axis: { tickMinStep: 1, format: 'd' } } : {}),
  } as const;
  const yScale = parsed.yDomain ? { domain: parsed.yDomain, zero: false, clamp: true } : { zero: false };
  const y = { field: parsed.y, type: 'quantitative', title: parsed.yTitle, scale: yScale } as const;
  const band = parsed.band
    ? [
        {
          mark: { type: 'area', opacity: 0.18 },
          encoding: {
            x,
            y: { field: parsed.band.lower, type: 'quantitative', title: parsed.yTitle, scale: yScale },
            y2: { field: parsed.band.upper },
            color: withoutLegend(colour),
          },
        } as const,
      ]
    : [];
  return {
    title: parsed.title,
    width: chartWidth,
    height: chartHeight,
    config: chartConfig,
    data: { values: copyRows(parsed.rows) },
    layer: [
      ...band,
      { mark: { type: 'line', strokeWidth: 2 }, encoding: { x, y, color: colour, strokeDash } },
      { mark: { type: 'point', filled: true, size: 28, opacity: 1 }, encoding: { x, y, color: colour, shape } },
    ],
  };
}

/** The colour encoding without its legend, for the layers drawn under the lines: they share the lines' legend. */
function withoutLegend<Encoding extends { legend: unknown }>(encoding: Encoding): Omit<Encoding, 'legend'> {
  const { legend: _legend, ...rest } = encoding;
  return rest;
}
