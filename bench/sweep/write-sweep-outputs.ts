import { join } from 'node:path';
import { renderReportHtml, writeFileAtomic, writeReportFile } from 'boden';
import { formatSweepSummary } from './format-sweep-summary.js';
import type { SweepResult } from './run-sweep.js';
import { medalCaveats } from './medal-caveats.js';
import { buildSweepReport } from './sweep-report.js';
import { summarizeSweep, type SweepSummaryRow } from './summarize-sweep.js';
import { verdictSentences } from './verdict-sentences.js';

/** The files `writeSweepOutputs` wrote and the summary it computed. */
export interface SweepOutputs {
  readonly rows: readonly SweepSummaryRow[];
  readonly table: string;
  readonly files: readonly string[];
}

/**
 * Writes `summary.txt` (the verdicts, the commands and the wall time, the table), `summary.json` and `report.html` (one
 * self-contained file with inline SVG charts) into the sweep's directory, each atomically.
 */
export async function writeSweepOutputs(result: SweepResult): Promise<SweepOutputs> {
  const rows = summarizeSweep(result.records, result.cards);
  const caveats = medalCaveats(result.cards);
  const table = [formatSweepSummary(rows), ...caveats].join('\n');
  const wallSeconds = result.sessions.reduce((sum, session) => sum + session.wallSeconds, 0);
  const header = [
    `boden bench: ${result.records.length} runs of ${result.options.episodes} episodes`,
    ...result.sessions.map(
      (session, index) =>
        `session ${index + 1}: ${session.started}, ${session.runs} runs, ${session.wallSeconds.toFixed(0)} s${session.command === null ? '' : ` — ${session.command}`}`,
    ),
    `wall time over all sessions: ${wallSeconds.toFixed(0)} s`,
  ].join('\n');
  const summaryText = `${[formatSweepSummary(rows, header.split('\n')), ...caveats].join('\n')}\n`;
  const textPath = join(result.options.out, 'summary.txt');
  const jsonPath = join(result.options.out, 'summary.json');
  await writeFileAtomic(textPath, summaryText);
  await writeFileAtomic(
    jsonPath,
    `${JSON.stringify({ options: result.options, sessions: result.sessions, verdicts: verdictSentences(rows), rows }, null, 2)}\n`,
  );
  const reportPath = join(result.options.out, 'report.html');
  const report = buildSweepReport({
    records: result.records,
    rows,
    provenance: [...header.split('\n'), ...caveats],
    generatedAt: new Date().toISOString(),
  });
  await writeReportFile(reportPath, await renderReportHtml(report));
  return { rows, table, files: [textPath, jsonPath, reportPath] };
}
