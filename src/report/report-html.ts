import { renderChartSvg } from './chart-svg.js';
import { formatReportNumber } from './format-report-number.js';
import type { ReportDocument, ReportSection, ReportTable } from './report-document.js';

// Inline, so the file is self-contained; system fonts only, nothing is fetched.
const stylesheet = `
:root { color-scheme: light; }
body { margin: 0; background: #f7f7f5; color: #1d1d1f; font: 15px/1.55 Helvetica, Arial, sans-serif; }
main { max-width: 960px; margin: 0 auto; padding: 32px 24px 64px; background: #fff; }
header { border-bottom: 2px solid #1d1d1f; margin-bottom: 24px; }
h1 { font-size: 26px; margin: 0 0 4px; }
.subtitle { margin: 0 0 8px; color: #444; }
.generated { margin: 0 0 12px; color: #777; font-size: 13px; }
section { margin: 32px 0; }
h2 { font-size: 19px; margin: 0 0 8px; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
p { margin: 8px 0; max-width: 75ch; }
table { border-collapse: collapse; margin: 12px 0; font-size: 13px; }
th, td { padding: 4px 10px; border-bottom: 1px solid #e3e3e3; text-align: left; vertical-align: top; }
th { background: #f0f0ee; font-weight: 600; }
td.number { text-align: right; font-variant-numeric: tabular-nums; }
.table-wrap { overflow-x: auto; }
figure.chart { margin: 16px 0; overflow-x: auto; }
figure.chart svg { display: block; max-width: 100%; height: auto; }
`;

/**
 * Renders a report as one self-contained HTML file: inline CSS, every chart rendered by `renderChartSvg` and
 * inlined as an `<svg>` inside its own `<figure class="chart">` (Vega's SVG has no nested `<svg>`, so the file
 * holds exactly one `<svg` per chart and none besides), every text HTML-escaped, numbers in table cells
 * formatted by `formatReportNumber`, no `<script>` and no external URL (not even the SVG namespace, which inline
 * SVG does not need). Charts are rendered one after another, in document order; a chart that fails throws its
 * `ChartRenderError`.
 */
export async function renderReportHtml(report: ReportDocument): Promise<string> {
  const sections: string[] = [];
  let chartNumber = 0;
  for (const section of report.sections) {
    const figures: string[] = [];
    for (const chart of section.charts ?? []) {
      chartNumber += 1;
      // Vega restarts its clip ids in every chart; the prefix keeps them unique within the one HTML document.
      const svg = await renderChartSvg(chart.spec, { idPrefix: `chart${chartNumber}-` });
      figures.push(`<figure class="chart" id="chart-${chartNumber}" aria-label="${escapeHtml(chart.title)}">${inlineSvg(svg)}</figure>`);
    }
    sections.push(renderSection(section, figures));
  }
  const header = [
    `<h1>${escapeHtml(report.title)}</h1>`,
    report.subtitle === undefined ? '' : `<p class="subtitle">${escapeHtml(report.subtitle)}</p>`,
    report.generatedAt === undefined ? '' : `<p class="generated">Generated ${escapeHtml(report.generatedAt)}</p>`,
  ].join('');
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(report.title)}</title>`,
    `<style>${stylesheet}</style>`,
    '</head>',
    '<body>',
    '<main>',
    `<header>${header}</header>`,
    ...sections,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Escapes the five characters that are special in HTML text and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function renderSection(section: ReportSection, figures: readonly string[]): string {
  const parts = [`<h2>${escapeHtml(section.heading)}</h2>`];
  for (const paragraph of section.paragraphs ?? []) parts.push(`<p>${escapeHtml(paragraph)}</p>`);
  if (section.table) parts.push(renderTable(section.table));
  parts.push(...figures);
  return `<section>\n${parts.join('\n')}\n</section>`;
}

function renderTable(table: ReportTable): string {
  const head = `<tr>${table.columns.map((column) => `<th scope="col">${escapeHtml(column)}</th>`).join('')}</tr>`;
  const body = table.rows.map(
    (row) =>
      `<tr>${row
        .map((cell) =>
          typeof cell === 'string' ? `<td>${escapeHtml(cell)}</td>` : `<td class="number">${escapeHtml(formatReportNumber(cell))}</td>`,
        )
        .join('')}</tr>`,
  );
  return `<div class="table-wrap"><table>\n<thead>${head}</thead>\n<tbody>\n${body.join('\n')}\n</tbody>\n</table></div>`;
}

/** Vega's SVG as an inline HTML element: the XML namespace declarations are implied in HTML, so they go. */
function inlineSvg(svg: string): string {
  return svg.replace(/^<svg\b([^>]*)>/, (_, attributes: string) => `<svg${attributes.replace(/\s+xmlns(:\w+)?="[^"]*"/g, '')}>`);
}
