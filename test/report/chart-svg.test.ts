import { describe, expect, it } from 'vitest';
import { ChartRenderError } from '../../src/errors/chart-render-error.js';
import { InvalidOptionsError } from '../../src/errors/invalid-options-error.js';
import { renderChartSvg } from '../../src/report/chart-svg.js';
import { chartHeight } from '../../src/report/chart-theme.js';
import { distributionChartSpec } from '../../src/report/distribution-chart-spec.js';
import { lineChartSpec } from '../../src/report/line-chart-spec.js';
import { stackedShareChartSpec } from '../../src/report/stacked-share-chart-spec.js';

/** How many times `needle` occurs in `text`. */
function count(text: string, needle: string | RegExp): number {
  return text.split(needle).length - 1;
}

/** The mark groups of a Vega SVG: `<g class="mark-<type> role-mark ...">`, one per mark instance (per series for lines). */
function markGroups(svg: string, type: string): string[] {
  return [...svg.matchAll(new RegExp(`<g class="mark-${type} role-mark[^"]*"[^>]*>(.*?)</g>`, 'g'))].map((match) => match[1]!);
}

const lineRows = [0, 1, 2, 3].flatMap((episode) => [
  { episode, value: 2 - 0.3 * episode, low: 1.5 - 0.3 * episode, high: 2.5 - 0.3 * episode, series: 'agent A' },
  { episode, value: 1 + 0.2 * episode, low: null, high: null, series: 'agent B' },
]);

describe('lineChartSpec + renderChartSvg', () => {
  it('draws one line per series, a band where the rows have one, axis titles and the title', async () => {
    const svg = await renderChartSvg(
      lineChartSpec({
        title: 'Mean level by index',
        rows: lineRows,
        x: 'episode',
        y: 'value',
        series: 'series',
        band: { lower: 'low', upper: 'high' },
        xTitle: 'episode index',
        yTitle: 'mean level',
        xIntegers: true,
      }),
    );
    expect(svg.startsWith('<svg')).toBe(true);
    expect(count(svg, '<svg')).toBe(1);
    expect(svg).toContain('>episode index</text>');
    expect(svg).toContain('>mean level</text>');
    expect(svg).toContain('>Mean level by index</text>');
    // Vega draws a line mark per series, each a single path.
    const lines = markGroups(svg, 'line');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(count(line, '<path')).toBe(1);
    // The band: agent A's area is a filled path; agent B has no band values, so its area has no outline.
    const areas = markGroups(svg, 'area');
    const drawn = areas.filter((area) => /<path[^>]* d="M[^"]+"/.test(area));
    expect(drawn).toHaveLength(1);
    // One point per row, and both series in the legend.
    expect(count(markGroups(svg, 'symbol').join(''), '<path')).toBe(8);
    expect(svg).toContain('>agent A</text>');
    expect(svg).toContain('>agent B</text>');
  });

  it('gives each series its own dash and point shape, so a line drawn exactly over another still shows', async () => {
    const same = [0, 1, 2].flatMap((episode) => ['unshaped', 'adaptive'].map((series) => ({ episode, value: 0.5, series })));
    const svg = await renderChartSvg(
      lineChartSpec({ title: 'Identical', rows: same, x: 'episode', y: 'value', series: 'series', xTitle: 'x', yTitle: 'y' }),
    );
    const lines = markGroups(svg, 'line');
    expect(lines).toHaveLength(2);
    const dashArrays = lines.map((line) => /stroke-dasharray="([^"]+)"/.exec(line)?.[1] ?? 'solid');
    expect(new Set(dashArrays).size).toBe(2);
    // Points of the two series differ in shape: their path outlines are not the same.
    const outlines = new Set(
      [
        ...markGroups(svg, 'symbol')
          .join('')
          .matchAll(/<path[^>]* d="([^"]+)"/g),
      ].map((match) => match[1]!.replace(/^M[^A-Za-z]+/, '')),
    );
    expect(outlines.size).toBeGreaterThanOrEqual(2);
    // One legend, not one per channel.
    expect(count(svg, '>unshaped</text>')).toBe(1);
  });

  it('renders the same spec to the same bytes, whatever was rendered before', async () => {
    const spec = lineChartSpec({
      title: 'Deterministic',
      rows: lineRows,
      x: 'episode',
      y: 'value',
      series: 'series',
      xTitle: 'x',
      yTitle: 'y',
    });
    const first = await renderChartSvg(spec);
    await renderChartSvg({ ...spec, title: 'Something else in between' });
    expect(await renderChartSvg(spec)).toBe(first);
  });

  it('rejects options that are not a line chart, naming the option', () => {
    expect(() => lineChartSpec({ title: '', rows: [], x: 'x', y: 'y', series: 's', xTitle: 'x', yTitle: 'y' })).toThrow(
      InvalidOptionsError,
    );
    expect(() =>
      lineChartSpec({ title: 't', rows: [], x: 'x', y: 'y', series: 's', xTitle: 'x', yTitle: 'y', band: { lower: 'l' } } as never),
    ).toThrow(/band\.upper/);
  });
});

describe('distributionChartSpec + renderChartSvg', () => {
  const rows = Array.from({ length: 30 }, (_, row) => ({
    group: ['low', 'mid', 'high'][row % 3]!,
    impact: (row % 7) / 7 - (row === 4 ? 50 : 0),
  }));

  it('draws a box per category, every value as a point, and the axis titles', async () => {
    const svg = await renderChartSvg(
      distributionChartSpec({
        title: 'Impact by group',
        rows,
        category: 'group',
        value: 'impact',
        valueTitle: 'ΔImpact',
        categoryTitle: 'group of episodes',
        categoryOrder: ['low', 'mid', 'high'],
      }),
    );
    expect(count(svg, '<svg')).toBe(1);
    expect(svg).toContain('>ΔImpact</text>');
    expect(svg).toContain('>group of episodes</text>');
    expect(svg).toContain('>Impact by group</text>');
    // The boxes are the first rect mark of the box plot: one rect per category.
    const [boxes] = markGroups(svg, 'rect');
    expect(count(boxes!, '<path')).toBe(3);
    expect(count(markGroups(svg, 'symbol').join(''), '<path')).toBe(30);
    // Categories in the given order along the axis.
    const labels = [...svg.matchAll(/>(low|mid|high)<\/text>/g)].map((match) => match[1]);
    expect(labels).toEqual(['low', 'mid', 'high']);
  });

  it('clamps marks to valueDomain so one outlier does not flatten the boxes', async () => {
    const spec = distributionChartSpec({
      title: 'Clamped',
      rows,
      category: 'group',
      value: 'impact',
      valueTitle: 'v',
      valueDomain: [-2, 2],
    });
    const svg = await renderChartSvg(spec);
    // The y axis ends at the domain: its labels run from -2.0 to 2.0, nothing near -50.
    expect(svg).toContain('>−2.0</text>');
    expect(svg).not.toMatch(/>−50<\/text>/);
  });
});

describe('stackedShareChartSpec + renderChartSvg', () => {
  const quarters = ['Q1', 'Q2', 'Q3', 'Q4'];
  const levels = ['Routine', 'Exploratory', 'Transformational'];
  const rows = quarters.flatMap((quarter, position) => [
    { quarter, level: 'Routine', share: 0.1 + 0.2 * position },
    { quarter, level: 'Exploratory', share: 0.8 - 0.2 * position },
    { quarter, level: 'Transformational', share: 0.1 },
  ]);

  it('stacks one bar segment per quarter and level, with a percent axis and a legend in level order', async () => {
    const svg = await renderChartSvg(
      stackedShareChartSpec({
        title: 'Levels by quarter',
        rows,
        x: 'quarter',
        category: 'level',
        share: 'share',
        xTitle: 'quarter of the run',
        shareTitle: 'share of episodes',
        categoryTitle: 'rubric level',
        categoryOrder: levels,
      }),
    );
    expect(count(svg, '<svg')).toBe(1);
    expect(svg).toContain('>quarter of the run</text>');
    expect(svg).toContain('>share of episodes</text>');
    expect(svg).toContain('>100%</text>');
    const [bars] = markGroups(svg, 'rect');
    expect(count(bars!, '<path')).toBe(12);
    const legend = [...svg.matchAll(/>(Routine|Exploratory|Transformational)<\/text>/g)].map((match) => match[1]);
    expect(legend).toEqual(levels);
    // Stacked to 100%: in every quarter the segments' heights add up to the plot's height.
    const segments = [...bars!.matchAll(/aria-label="quarter of the run: (Q\d); [^"]*" [^>]*d="M[-\d.e]+,[-\d.e]+h[-\d.e]+v([-\d.e]+)h/g)];
    expect(segments).toHaveLength(12);
    for (const quarter of quarters) {
      const height = segments.filter((segment) => segment[1] === quarter).reduce((sum, segment) => sum + Number(segment[2]), 0);
      expect(height).toBeCloseTo(chartHeight, 6);
    }
  });
});

describe('renderChartSvg failures and ids', () => {
  it('refuses to load data from a URL, naming the chart, without touching the network', async () => {
    const spec = {
      title: 'Remote data',
      data: { url: 'http://127.0.0.1:9/data.csv' },
      mark: 'point',
      encoding: { x: { field: 'a', type: 'quantitative' } },
    };
    const error = await renderChartSvg(spec).catch((caught: unknown) => caught);
    expect(ChartRenderError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ chartTitle: 'Remote data' });
    expect((error as Error).message).toMatch(/^chart "Remote data": the spec asks to load http:\/\/127\.0\.0\.1:9\/data\.csv/);
  });

  it('translates a Vega-Lite failure into a ChartRenderError naming the chart', async () => {
    const error = await renderChartSvg({ title: { text: 'Broken chart' }, data: { values: [] }, mark: 'no-such-mark' }).catch(
      (caught: unknown) => caught,
    );
    expect(ChartRenderError.isInstance(error)).toBe(true);
    expect((error as ChartRenderError).chartTitle).toBe('Broken chart');
  });

  it('prefixes every id and its references with idPrefix', async () => {
    const spec = {
      title: 'Clipped',
      width: 100,
      height: 100,
      data: {
        values: [
          { x: 0, y: 0 },
          { x: 1, y: 5 },
        ],
      },
      mark: { type: 'line', clip: true },
      encoding: { x: { field: 'x', type: 'quantitative' }, y: { field: 'y', type: 'quantitative', scale: { domain: [0, 2] } } },
    };
    const plain = await renderChartSvg(spec);
    const prefixed = await renderChartSvg(spec, { idPrefix: 'chart7-' });
    expect(plain).toContain('id="clip1"');
    expect(prefixed).toContain('id="chart7-clip1"');
    expect(prefixed).toContain('url(#chart7-clip1)');
    expect(prefixed).not.toMatch(/id="clip1"|url\(#clip1\)/);
  });
});
