import { formatNumber, formatTextTable, type TextColumn } from '../../src/cli/text-table.js';
import type { SweepSummaryRow } from './summarize-sweep.js';

/** The column headers and cells of the summary table, shared by the text table and the report's HTML table. */
export function sweepSummaryTable(rows: readonly SweepSummaryRow[]): { columns: TextColumn[]; cells: string[][] } {
  const columns: TextColumn[] = [
    { header: 'task' },
    { header: 'policy' },
    { header: 'arm' },
    { header: 'runs', alignRight: true },
    { header: 'final impact [95% CI]', alignRight: true },
    { header: 'regret', alignRight: true },
    { header: 'Δ vs unshaped', alignRight: true },
    { header: 'p Wilcoxon (Holm)', alignRight: true },
    { header: 'A12 [95% CI]', alignRight: true },
    { header: 'AUC', alignRight: true },
    { header: 'medal', alignRight: true },
    { header: 'P-creativity Q1 Q2 Q3 Q4', alignRight: true },
    { header: 'NN novelty Q1 Q2 Q3 Q4', alignRight: true },
    { header: 'evals', alignRight: true },
    { header: 'buggy', alignRight: true },
    { header: 'search ms', alignRight: true },
    { header: 'overhead ×', alignRight: true },
  ];
  const cells = rows.map((row) => [
    row.task,
    row.policy,
    row.arm,
    String(row.runs),
    `${formatNumber(row.finalImpact.mean)} [${formatNumber(row.finalImpact.low)}, ${formatNumber(row.finalImpact.high)}]`,
    formatNumber(row.finalRegret),
    row.impactDifference === null ? '-' : `${row.impactDifference >= 0 ? '+' : ''}${formatNumber(row.impactDifference)}`,
    row.paired === null ? '-' : `${formatNumber(row.paired.wilcoxonP)} (${formatNumber(row.paired.holmP)})`,
    row.paired === null ? '-' : `${formatNumber(row.paired.a12.mean, 2)} [${formatNumber(row.paired.a12.low, 2)}, ${formatNumber(row.paired.a12.high, 2)}]`,
    formatNumber(row.impactAuc),
    formatNumber(row.medalRate, 2),
    row.pCreativityByQuarter.map((value) => formatNumber(value, 2)).join(' '),
    row.embeddingNoveltyByQuarter.map((value) => formatNumber(value, 2)).join(' '),
    formatNumber(row.evaluations, 1),
    formatNumber(row.buggyShare, 2),
    formatNumber(row.searchMilliseconds, 0),
    formatNumber(row.overheadRatio, 2),
  ]);
  return { columns, cells };
}

/** The summary as a plain-text table. */
export function formatSweepSummary(rows: readonly SweepSummaryRow[]): string {
  const { columns, cells } = sweepSummaryTable(rows);
  return formatTextTable(columns, cells);
}
