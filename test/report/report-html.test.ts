import { describe, expect, it } from 'vitest';
import { ChartRenderError } from '../../src/errors/chart-render-error.js';
import { formatReportNumber } from '../../src/report/format-report-number.js';
import { countReportCharts, type ReportDocument } from '../../src/report/report-document.js';
import { escapeHtml, renderReportHtml } from '../../src/report/report-html.js';
import { stackedShareChartSpec } from '../../src/report/stacked-share-chart-spec.js';

const hostile = '<script>alert("x")</script> & \'quoted\'';

/** A clipped line chart: clipping makes Vega emit `<clipPath id="clip1">`, the same id in every chart. */
function clippedChart(title: string) {
  return {
    title,
    spec: {
      title,
      width: 200,
      height: 100,
      data: { values: [0, 1, 2].map((x) => ({ x, y: x * x })) },
      mark: { type: 'line', clip: true },
      encoding: {
        x: { field: 'x', type: 'quantitative', title: 'x axis' },
        y: { field: 'y', type: 'quantitative', title: 'y axis', scale: { domain: [0, 2] } },
      },
    },
  };
}

const report: ReportDocument = {
  title: `Report ${hostile}`,
  subtitle: 'sub & title',
  generatedAt: '2025-01-02T03:04:05Z',
  sections: [
    {
      heading: `Heading ${hostile}`,
      paragraphs: [`Paragraph ${hostile}`, 'second paragraph'],
      table: {
        columns: ['name <b>', 'value'],
        rows: [
          [hostile, 0.123456],
          ['big', 1234.56],
          ['none', null],
          ['count', 12],
          ['tiny', 0.0000123],
        ],
      },
      charts: [clippedChart('First <chart>'), clippedChart('Second & chart')],
    },
    { heading: 'Only text' },
    {
      heading: 'Shares',
      charts: [
        {
          title: 'Shares',
          spec: stackedShareChartSpec({
            title: 'Shares',
            rows: [
              { q: 'Q1', c: 'a', p: 0.4 },
              { q: 'Q1', c: 'b', p: 0.6 },
            ],
            x: 'q',
            category: 'c',
            share: 'p',
            xTitle: 'quarter',
          }),
        },
      ],
    },
  ],
};

describe('renderReportHtml', () => {
  it('inlines exactly one <svg> per chart, each in its own figure', async () => {
    const html = await renderReportHtml(report);
    expect(countReportCharts(report)).toBe(3);
    expect(html.match(/<svg\b/g)).toHaveLength(3);
    expect(html.match(/<\/svg>/g)).toHaveLength(3);
    expect(html.match(/<figure class="chart"/g)).toHaveLength(3);
    // Each figure holds one whole svg.
    const figures = [...html.matchAll(/<figure class="chart"[^>]*>(.*?)<\/figure>/gs)].map((match) => match[1]!);
    expect(figures).toHaveLength(3);
    for (const figure of figures) {
      expect(figure.startsWith('<svg')).toBe(true);
      expect(figure.endsWith('</svg>')).toBe(true);
    }
  });

  it('escapes every text it writes and holds no script and no external URL', async () => {
    const html = await renderReportHtml(report);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/<link\b|@import|src=/);
    expect(html).toContain('<title>Report &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;quoted&#39;</title>');
    expect(html).toContain('<h2>Heading &#60;script&#62;');
    expect(html).toContain('<p>Paragraph &#60;script&#62;');
    expect(html).toContain('<th scope="col">name &#60;b&#62;</th>');
    expect(html).toContain('<p class="subtitle">sub &#38; title</p>');
    expect(html).toContain('Generated 2025-01-02T03:04:05Z');
    // Chart titles are escaped both by Vega inside the SVG and by the figure's label.
    expect(html).toContain('aria-label="First &#60;chart&#62;"');
    expect(html).toContain('>First &lt;chart&gt;</text>');
    expect(html).toContain('>Second &amp; chart</text>');
  });

  it('formats table numbers to three decimals, whole numbers above 1000, a dash for null', async () => {
    const html = await renderReportHtml(report);
    const cells = [...html.matchAll(/<td class="number">([^<]*)<\/td>/g)].map((match) => match[1]);
    expect(cells).toEqual(['0.123', '1235', '–', '12', '1.23e-5']);
  });

  it("keeps ids unique across charts, so one chart never clips with another's path", async () => {
    const html = await renderReportHtml(report);
    const ids = [...html.matchAll(/\bid="([^"]+)"/g)].map((match) => match[1]!);
    expect(ids).toContain('chart1-clip1');
    expect(ids).toContain('chart2-clip1');
    expect(new Set(ids).size).toBe(ids.length);
    for (const [, reference] of html.matchAll(/url\(#([^)]+)\)/g)) expect(ids).toContain(reference);
  });

  it('renders a report without charts, and fails naming the chart that cannot be drawn', async () => {
    const plain = await renderReportHtml({ title: 'Plain', sections: [{ heading: 'Nothing to draw', paragraphs: ['text'] }] });
    expect(plain).not.toContain('<svg');
    expect(plain).toContain('<h2>Nothing to draw</h2>');
    const broken = renderReportHtml({
      title: 'Broken',
      sections: [{ heading: 'h', charts: [{ title: 'Bad', spec: { title: 'Bad chart', data: { url: 'x.csv' }, mark: 'point' } }] }],
    });
    await expect(broken).rejects.toSatisfy((error: unknown) => ChartRenderError.isInstance(error) && error.chartTitle === 'Bad chart');
  });
});

describe('escapeHtml and formatReportNumber', () => {
  it('escape the five HTML specials and format numbers for reading', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
    expect([0, -3, 0.5, -0.98765, 999.9996, -1633.78, 0.0004, Number.NaN, Number.POSITIVE_INFINITY, null].map(formatReportNumber)).toEqual([
      '0',
      '-3',
      '0.500',
      '-0.988',
      '1000',
      '-1634',
      '4.00e-4',
      '–',
      '–',
      '–',
    ]);
  });
});
