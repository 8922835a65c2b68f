import {
  createSeededRandom,
  distributionChartSpec,
  lineChartSpec,
  type ReportChart,
  type ReportDocument,
  type ReportSection,
  statisticByIndex,
} from 'boden';
import { armName, parseArmName } from '../runner/bench-policy.js';
import type { BenchRunRecord } from '../runner/bench-run-record.js';
import { sweepSummaryLegend, sweepSummaryTable } from './format-sweep-summary.js';
import { finalImpactOf, type SweepSummaryRow } from './summarize-sweep.js';
import { verdictSentences } from './verdict-sentences.js';

/** What the report is built from: the runs, their summary and how the sweep was made. */
export interface SweepReportInput {
  readonly records: readonly BenchRunRecord[];
  readonly rows: readonly SweepSummaryRow[];
  /** Header lines: the command, sessions and wall time. */
  readonly provenance: readonly string[];
  readonly generatedAt?: string;
}

type Row = Record<string, string | number | null>;

const mean = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Per episode index and arm: the mean of `valueOf` over the runs that have a value there, with a 95 % bootstrap band. */
function perEpisodeRows(records: readonly BenchRunRecord[], valueOf: (record: BenchRunRecord, index: number) => number | null): Row[] {
  const byArm = new Map<string, BenchRunRecord[]>();
  for (const record of records) byArm.set(armName(record.arm), [...(byArm.get(armName(record.arm)) ?? []), record]);
  const settings = { resamples: 500, confidence: 0.95, random: createSeededRandom(1) };
  return [...byArm].flatMap(([arm, group]) =>
    statisticByIndex(
      group.map((record) => record.episodes.map((_, index) => valueOf(record, index))),
      mean,
      1,
      settings,
    ).map(({ index, value, low, high }) => ({ arm, episode: index + 1, value, low, high })),
  );
}

function cellCharts(records: readonly BenchRunRecord[], task: string, policy: string, arms: readonly string[]): ReportChart[] {
  const best = perEpisodeRows(records, (record, index) => record.bestImpactCurve[index] ?? null);
  const creativity = perEpisodeRows(records, (record, index) => record.episodes[index]?.verdict?.score ?? null);
  const finals = records.map((record) => ({ arm: armName(record.arm), impact: finalImpactOf(record) }));
  const title = (what: string) => `${task} · ${policy}: ${what}`;
  return [
    {
      title: title('best-so-far impact'),
      spec: lineChartSpec({
        title: title('best-so-far impact per episode (mean, 95% CI over seeds)'),
        rows: best,
        x: 'episode',
        y: 'value',
        series: 'arm',
        band: { lower: 'low', upper: 'high' },
        xTitle: 'episode',
        yTitle: 'best impact so far',
        xIntegers: true,
        seriesOrder: [...arms],
      }),
    },
    {
      title: title('P-creativity'),
      spec: lineChartSpec({
        title: title('P-creativity per episode (cheap judge, 0-4; mean, 95% CI)'),
        rows: creativity,
        x: 'episode',
        y: 'value',
        series: 'arm',
        band: { lower: 'low', upper: 'high' },
        xTitle: 'episode',
        yTitle: 'P-creativity (rubric level)',
        xIntegers: true,
        yDomain: [0, 4],
        seriesOrder: [...arms],
      }),
    },
    {
      title: title('final impact'),
      spec: distributionChartSpec({
        title: title('final best impact per run'),
        rows: finals,
        category: 'arm',
        value: 'impact',
        valueTitle: 'final best impact',
        categoryTitle: 'arm',
        categoryOrder: [...arms],
      }),
    },
  ];
}

/**
 * The sweep's report as a document: the verdicts (one sentence per compared arm), the summary table, then per task
 * and policy the best-so-far impact and the P-creativity per episode per arm (the paper's Figure 2) and the
 * final-impact distributions, and at the end final impact against bonus strength (arms without a schedule) per task
 * and policy.
 */
export function buildSweepReport(input: SweepReportInput): ReportDocument {
  const { records, rows } = input;
  const outcome = sweepSummaryTable(rows, 'outcome');
  const search = sweepSummaryTable(rows, 'search');
  const sections: ReportSection[] = [
    // First, so the page opens with the answer; the tables and charts below say how it was reached.
    { heading: 'Verdicts', paragraphs: verdictSentences(rows) },
    {
      heading: 'Summary',
      paragraphs: [
        ...input.provenance,
        ...sweepSummaryLegend,
        "Arms share their seeds (the agent's and the policy's random streams), so the runs of one seed are identical until shaping first changes a selection: the comparison is paired by design.",
      ],
      table: { columns: outcome.columns.map((column) => column.header), rows: outcome.cells },
    },
    {
      heading: 'How the searches went',
      paragraphs: [
        'P-creativity and novelty per quarter of the run, evaluations, crashes, what the bonus changed, and the search time shaping added.',
      ],
      table: { columns: search.columns.map((column) => column.header), rows: search.cells },
    },
  ];
  const cellsSeen = new Map<string, BenchRunRecord[]>();
  for (const record of records)
    cellsSeen.set(`${record.task}\u0000${record.policy}`, [...(cellsSeen.get(`${record.task}\u0000${record.policy}`) ?? []), record]);
  for (const [key, group] of cellsSeen) {
    const [task, policy] = key.split('\u0000') as [string, string];
    const arms = [...new Set(group.map((record) => armName(record.arm)))];
    sections.push({ heading: `${task} · ${policy}`, charts: cellCharts(group, task, policy, arms) });
  }
  const strengthRows = rows
    // Auto-scaled bonuses have no fixed strength to plot against.
    .filter((row) => row.schedule === 'none' && parseArmName(row.arm).shift === undefined)
    .map((row) => ({
      cell: `${row.task} · ${row.policy}`,
      strength: row.strength,
      impact: row.finalImpact.mean,
      low: Number.isFinite(row.finalImpact.low) ? row.finalImpact.low : null,
      high: Number.isFinite(row.finalImpact.high) ? row.finalImpact.high : null,
    }));
  // A line against strength needs two strengths in at least one task and policy.
  const strengthsPerCell = new Map<string, Set<number>>();
  for (const row of strengthRows) strengthsPerCell.set(row.cell, (strengthsPerCell.get(row.cell) ?? new Set()).add(row.strength));
  if ([...strengthsPerCell.values()].some((strengths) => strengths.size >= 2)) {
    sections.push({
      heading: 'Impact against bonus strength',
      paragraphs: [
        'Mean final impact (95% bootstrap CI over seeds) of the arms without a schedule, by novelty bonus strength; strength 0 is the unshaped arm.',
      ],
      charts: [
        {
          title: 'final impact vs bonus strength',
          spec: lineChartSpec({
            title: 'final best impact vs novelty bonus strength',
            rows: strengthRows,
            x: 'strength',
            y: 'impact',
            series: 'cell',
            band: { lower: 'low', upper: 'high' },
            xTitle: 'novelty bonus strength',
            yTitle: 'final best impact',
          }),
        },
      ],
    });
  }
  return {
    title: 'boden bench: shaped vs unshaped search',
    subtitle: `${records.length} runs`,
    ...(input.generatedAt === undefined ? {} : { generatedAt: input.generatedAt }),
    sections,
  };
}
