import { formatNumber, formatTextTable, type TextColumn } from 'boden/cli';
import type { SweepSummaryRow } from './summarize-sweep.js';
import { verdictSentences } from './verdict-sentences.js';

/** The two halves of the summary table: the search's outcome, and how the search went (split so neither scrolls). */
export type SweepSummaryPart = 'outcome' | 'search';

/**
 * The column headers and cells of one half of the summary table (each starts with task, policy and arm), shared by
 * the text table and the report's HTML tables.
 */
export function sweepSummaryTable(rows: readonly SweepSummaryRow[], part: SweepSummaryPart): { columns: TextColumn[]; cells: string[][] } {
  const key: TextColumn[] = [{ header: 'task' }, { header: 'policy' }, { header: 'arm' }];
  const keyCells = (row: SweepSummaryRow) => [row.task, row.policy, row.arm];
  if (part === 'outcome') {
    const columns: TextColumn[] = [
      ...key,
      { header: 'runs', alignRight: true },
      { header: 'final impact [95% CI]', alignRight: true },
      { header: 'regret', alignRight: true },
      { header: 'Δ vs unshaped', alignRight: true },
      { header: 'p Wilcoxon (Holm)', alignRight: true },
      { header: 'A12 [95% CI]', alignRight: true },
      { header: 'AUC', alignRight: true },
      { header: 'medal', alignRight: true },
      { header: '1st medal', alignRight: true },
    ];
    const cells = rows.map((row) => [
      ...keyCells(row),
      String(row.runs),
      `${formatNumber(row.finalImpact.mean)} [${formatNumber(row.finalImpact.low)}, ${formatNumber(row.finalImpact.high)}]`,
      formatNumber(row.finalRegret),
      row.impactDifference === null ? '-' : `${row.impactDifference >= 0 ? '+' : ''}${formatNumber(row.impactDifference)}`,
      row.paired === null ? '-' : `${formatNumber(row.paired.wilcoxonP)} (${formatNumber(row.paired.holmP)})`,
      row.paired === null
        ? '-'
        : `${formatNumber(row.paired.a12.mean, 2)} [${formatNumber(row.paired.a12.low, 2)}, ${formatNumber(row.paired.a12.high, 2)}]`,
      formatNumber(row.impactAuc),
      formatNumber(row.medalRate, 2),
      row.firstMedal === null || row.firstMedal.medianEpisode === null
        ? '-'
        : `${formatNumber(row.firstMedal.medianEpisode, 1)} (${row.firstMedal.runs})`,
    ]);
    return { columns, cells };
  }
  const columns: TextColumn[] = [
    ...key,
    { header: 'P-creativity Q1 Q2 Q3 Q4', alignRight: true },
    { header: 'NN novelty Q1 Q2 Q3 Q4', alignRight: true },
    { header: 'cells', alignRight: true },
    { header: 'QD-score', alignRight: true },
    { header: 'evals', alignRight: true },
    { header: 'buggy', alignRight: true },
    { header: 'bonus changed @ weight', alignRight: true },
    { header: 'search ms', alignRight: true },
    { header: 'overhead ×', alignRight: true },
  ];
  const cells = rows.map((row) => [
    ...keyCells(row),
    row.pCreativityByQuarter.map((value) => formatNumber(value, 2)).join(' '),
    row.embeddingNoveltyByQuarter.map((value) => formatNumber(value, 2)).join(' '),
    row.qualityDiversity === null ? '-' : formatNumber(row.qualityDiversity.coverage, 1),
    row.qualityDiversity === null ? '-' : formatNumber(row.qualityDiversity.qdScore, 2),
    formatNumber(row.evaluations, 1),
    formatNumber(row.buggyShare, 2),
    row.bonusShift === null ? '-' : `${formatNumber(row.bonusShift.changedShare, 2)} @ ${formatNumber(row.bonusShift.strength, 2)}`,
    formatNumber(row.searchMilliseconds, 0),
    formatNumber(row.overheadRatio, 2),
  ]);
  return { columns, cells };
}

/** What each column of the summary table means, for the text summary and the report. */
export const sweepSummaryLegend: readonly string[] = [
  "final impact: the run's best score between the card's baseline (0) and top-1 (1), the best pipeline or program known; regret: top-1 minus that best, in the metric's units (negative: the run beat top-1).",
  "Δ vs unshaped, p Wilcoxon (Holm), A12: the arm against the unshaped arm of the same task and policy, paired by seed (arms share seeds); Wilcoxon signed-rank, Holm-adjusted over every compared row; A12 = P(this arm's run beats unshaped's), 0.5 no effect.",
  'AUC: the mean best-so-far impact over the episodes. medal: the share of runs whose best earns a medal of the card (bronze / silver / gold thresholds, rare by design); 1st medal: the median episode at which a run first reached bronze (the runs that did, in brackets).',
  "P-creativity Q1-Q4: the cheap judge's 0-4 level (0 routine, 1 combinational, 2 exploratory, 3 both, 4 transformational) of valid episodes against the run's earlier ones, per quarter; NN novelty: nearest-neighbour embedding novelty (0-1), a measure the directive does not use.",
  "cells, QD-score: quality-diversity of a run's valid episodes in the task's cells (boden's concept descriptors; circle packing: layout x refinement), mean cells visited and mean QD-score (each cell's best impact, clipped to [0, 1], summed); - for runs recorded before cells were kept.",
  'evals: pipelines or programs evaluated per run; buggy: the share of episodes that crashed or were refused (work budget); bonus changed @ weight: the share of contested choices (improve, cross over or descend among two or more valued candidates) the novelty bonus changed against the same policy without it, and its weight at the end of a run (shift-<share> arms tune it to that share); search ms and overhead ×: search time without evaluation, and its ratio to unshaped.',
];

/**
 * The summary as text: the verdicts (one sentence per compared arm), the `provenance` lines if given, then two
 * plain-text tables (outcome, then how the search went) with the legend under them.
 */
export function formatSweepSummary(rows: readonly SweepSummaryRow[], provenance: readonly string[] = []): string {
  const tables = (['outcome', 'search'] as const).map((part) => {
    const { columns, cells } = sweepSummaryTable(rows, part);
    return formatTextTable(columns, cells);
  });
  // Verdicts first: a reader who stops after the first lines has the answer, the tables say how it was reached.
  const blocks = [verdictSentences(rows).join('\n'), ...(provenance.length === 0 ? [] : [provenance.join('\n')]), ...tables];
  return `${blocks.join('\n\n')}\n\n${sweepSummaryLegend.join('\n')}`;
}
