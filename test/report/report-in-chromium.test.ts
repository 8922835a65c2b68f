import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distributionChartSpec } from '../../src/report/distribution-chart-spec.js';
import { lineChartSpec } from '../../src/report/line-chart-spec.js';
import { countReportCharts, type ReportDocument } from '../../src/report/report-document.js';
import { renderReportHtml } from '../../src/report/report-html.js';
import { stackedShareChartSpec } from '../../src/report/stacked-share-chart-spec.js';
import { buildSweepReport } from '../../bench/sweep/sweep-report.js';
import { summarizeSweep } from '../../bench/sweep/summarize-sweep.js';
import { benchRunFixture } from '../bench/sweep/bench-run-fixture.js';
import { findChromium, launchHeadlessChromium } from '../support/headless-chromium.js';
import { runCli } from '../support/run-cli.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

const chromiumPath = findChromium();
if (chromiumPath === undefined) {
  console.warn('[boden tests] no Chromium at $CHROMIUM_PATH or /usr/bin/chromium: the report-in-Chromium tests are skipped.');
}

const directory = useTemporaryDirectory('boden-chromium-');
let browser: Browser | undefined;

beforeAll(async () => {
  if (chromiumPath !== undefined) browser = await launchHeadlessChromium(chromiumPath);
});

afterAll(async () => {
  await browser?.close();
});

/** What a report looks like in the browser. */
interface PageView {
  readonly consoleErrors: string[];
  readonly pageErrors: string[];
  /** Requests for anything but the report file itself (all refused). */
  readonly outsideRequests: string[];
  readonly svgBoxes: { width: number; height: number }[];
  readonly bodyHeight: number;
  readonly screenshot: Buffer;
}

/** Opens a report file in a fresh context, offline, and looks at it. */
async function view(path: string): Promise<PageView> {
  const context = await browser!.newContext({ viewport: { width: 1000, height: 800 } });
  try {
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    const pageErrors: string[] = [];
    const outsideRequests: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.route('**/*', async (route) => {
      const url = route.request().url();
      if (url === pathToFileURL(path).href) return route.continue();
      outsideRequests.push(url);
      return route.abort();
    });
    await page.goto(pathToFileURL(path).href, { waitUntil: 'load' });
    const svgs = page.locator('svg');
    const svgBoxes: { width: number; height: number }[] = [];
    for (let index = 0; index < (await svgs.count()); index += 1) {
      const box = await svgs.nth(index).boundingBox();
      svgBoxes.push({ width: box?.width ?? 0, height: box?.height ?? 0 });
    }
    const bodyHeight = (await page.locator('body').boundingBox())?.height ?? 0;
    const screenshot = await page.screenshot({ fullPage: true, type: 'png' });
    return { consoleErrors, pageErrors, outsideRequests, svgBoxes, bodyHeight, screenshot };
  } finally {
    await context.close();
  }
}

/** The pixel size in a PNG's IHDR chunk (bytes 16-23, big-endian). */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The checks every report must pass in the browser, with `charts` charts. */
function expectCleanReport(page: PageView, charts: number): void {
  expect(page.consoleErrors).toEqual([]);
  expect(page.pageErrors).toEqual([]);
  expect(page.outsideRequests).toEqual([]);
  expect(page.svgBoxes).toHaveLength(charts);
  // Every chart is laid out with a real size.
  for (const box of page.svgBoxes) {
    expect(box.width).toBeGreaterThan(300);
    expect(box.height).toBeGreaterThan(150);
  }
  expect(page.bodyHeight).toBeGreaterThan(charts * 150);
  // A blank page compresses to well under 5 KB; charts and text do not.
  expect(page.screenshot.length).toBeGreaterThan(5 * 1024);
  const size = pngSize(page.screenshot);
  expect(size.width).toBeGreaterThan(0);
  expect(size.height).toBeGreaterThanOrEqual(Math.floor(page.bodyHeight));
}

const report: ReportDocument = {
  title: 'Browser check <&>',
  subtitle: 'three charts',
  sections: [
    {
      heading: 'Lines',
      paragraphs: ['A line per series with a band.'],
      table: {
        columns: ['series', 'value'],
        rows: [
          ['a', 1.23456],
          ['b', null],
        ],
      },
      charts: [
        {
          title: 'Lines',
          spec: lineChartSpec({
            title: 'Lines',
            rows: [0, 1, 2, 3, 4].flatMap((x) => [
              { x, y: 4 - x * 0.5, low: 3.5 - x * 0.5, high: 4.5 - x * 0.5, s: 'a' },
              { x, y: 1 + x * 0.2, low: null, high: null, s: 'b' },
            ]),
            x: 'x',
            y: 'y',
            series: 's',
            band: { lower: 'low', upper: 'high' },
            xTitle: 'episode index',
            yTitle: 'level',
          }),
        },
      ],
    },
    {
      heading: 'Distributions and shares',
      charts: [
        {
          title: 'Boxes',
          spec: distributionChartSpec({
            title: 'Boxes',
            rows: Array.from({ length: 40 }, (_, row) => ({ c: `c${row % 4}`, v: Math.sin(row) })),
            category: 'c',
            value: 'v',
            valueTitle: 'value',
          }),
        },
        {
          title: 'Shares',
          spec: stackedShareChartSpec({
            title: 'Shares',
            rows: ['Q1', 'Q2', 'Q3', 'Q4'].flatMap((q, position) => [
              { q, c: 'routine', p: 0.2 * position },
              { q, c: 'novel', p: 1 - 0.2 * position },
            ]),
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

describe('HTML reports in headless Chromium', () => {
  it.skipIf(chromiumPath === undefined)('renderReportHtml: no console or page errors, one svg per chart, a real screenshot', async () => {
    const path = join(directory, 'library.html');
    writeFileSync(path, await renderReportHtml(report));
    const page = await view(path);
    expectCleanReport(page, countReportCharts(report));
  });

  it.skipIf(chromiumPath === undefined)('boden report on the example journal: the same, with its six charts', async () => {
    const path = join(directory, 'cli.html');
    const result = await runCli(['report', 'examples/aide-tabular-run.journal.json', '--out', path]);
    expect(result.code, result.stderr).toBe(0);
    const page = await view(path);
    expectCleanReport(page, 6);
  });

  it.skipIf(chromiumPath === undefined)(
    'a boden bench report: the same, with three charts per task and policy plus impact vs strength',
    async () => {
      const records = ['aide', 'mcts'].flatMap((policy) =>
        [0, 0.3].flatMap((strength) =>
          [1, 2, 3].map((seed) =>
            benchRunFixture({
              policy: policy as 'aide' | 'mcts',
              strength,
              seed,
              impacts: [null, 0.2 * seed, 0.3 + strength, 0.5],
              verdicts: [0, 3, 2, 1],
            }),
          ),
        ),
      );
      const document = buildSweepReport({ records, rows: summarizeSweep(records), provenance: ['boden bench (fixture records)'] });
      expect(countReportCharts(document)).toBe(2 * 3 + 1);
      const path = join(directory, 'bench.html');
      writeFileSync(path, await renderReportHtml(document));
      expectCleanReport(await view(path), 7);
    },
  );

  it.skipIf(chromiumPath === undefined)('the checks catch a page that logs errors, throws or reaches out', async () => {
    const path = join(directory, 'broken.html');
    writeFileSync(
      path,
      '<!DOCTYPE html><html><body><p>broken</p><img src="http://192.0.2.1/pixel.png">' +
        '<script>console.error("logged error"); throw new Error("thrown error");</script></body></html>',
    );
    const page = await view(path);
    expect(page.consoleErrors).toContain('logged error');
    expect(page.pageErrors).toEqual(['thrown error']);
    expect(page.outsideRequests).toEqual(['http://192.0.2.1/pixel.png']);
    expect(page.svgBoxes).toEqual([]);
  });
});
