import { describe, expect, it } from 'vitest';
import { formatSweepSummary } from '../../../bench/sweep/format-sweep-summary.js';
import { buildSweepReport } from '../../../bench/sweep/sweep-report.js';
import { summarizeSweep, type PairedComparison, type SweepSummaryRow } from '../../../bench/sweep/summarize-sweep.js';
import { verdictSentences } from '../../../bench/sweep/verdict-sentences.js';
import { benchRunFixture } from './bench-run-fixture.js';

/** A summary row with only what the verdicts read set; the rest are placeholders. */
function row(fields: {
  task?: string;
  policy?: SweepSummaryRow['policy'];
  arm: string;
  impactDifference?: number | null;
  paired?: Partial<PairedComparison> | null;
}): SweepSummaryRow {
  const unshaped = fields.arm === 'unshaped';
  return {
    task: fields.task ?? 'boston',
    policy: fields.policy ?? 'aide',
    arm: fields.arm,
    strength: 0,
    schedule: 'none',
    runs: 20,
    finalImpact: { mean: 0.5, low: 0.4, high: 0.6 },
    finalRegret: null,
    impactAuc: 0.4,
    medalRate: 0,
    firstMedal: null,
    pCreativityByQuarter: [null, null, null, null],
    pCreativity: null,
    embeddingNoveltyByQuarter: [null, null, null, null],
    qualityDiversity: null,
    evaluations: 40,
    buggyShare: 0,
    bonusShift: null,
    searchMilliseconds: 100,
    overheadRatio: unshaped ? 1 : 1.1,
    pValueVsUnshaped: unshaped ? null : 0.5,
    impactDifference: fields.impactDifference ?? null,
    paired:
      fields.paired === undefined || fields.paired === null
        ? null
        : { seeds: 20, wilcoxonP: 0.5, holmP: 1, a12: { mean: 0.5, low: 0.4, high: 0.6 }, ...fields.paired },
  };
}

describe('verdictSentences', () => {
  it('says who wins, who loses and where no difference shows, one sentence per compared arm in row order', () => {
    const rows = [
      row({ task: 'circle-packing-26', arm: 'unshaped' }),
      row({ task: 'circle-packing-26', arm: 'adaptive', impactDifference: 0.0851, paired: { wilcoxonP: 0.00049, holmP: 0.0049 } }),
      row({ task: 'circle-packing-26', arm: 'shift-0.3', impactDifference: -0.03, paired: { wilcoxonP: 0.0021, holmP: 0.0123 } }),
      row({ task: 'circle-packing-26', policy: 'mcts', arm: 'unshaped' }),
      row({
        task: 'circle-packing-26',
        policy: 'mcts',
        arm: 'adaptive',
        impactDifference: 0.0042,
        paired: { seeds: 10, wilcoxonP: 0.62, holmP: 1 },
      }),
    ];
    expect(verdictSentences(rows)).toEqual([
      'adaptive beats unshaped on circle-packing-26 under aide by +0.085 final impact (paired Wilcoxon p < 0.001, Holm 0.005, 20 seeds)',
      'shift-0.3 loses to unshaped on circle-packing-26 under aide by -0.030 final impact (paired Wilcoxon p 0.002, Holm 0.012, 20 seeds)',
      'no difference we can tell from 10 seeds: adaptive against unshaped on circle-packing-26 under mcts, +0.004 final impact (paired Wilcoxon p 0.620, Holm 1.000)',
    ]);
  });

  it('judges significance by the Holm-adjusted p against alpha, not by the raw p', () => {
    const rows = [
      row({ arm: 'unshaped' }),
      row({ arm: 'gate', impactDifference: 0.02, paired: { seeds: 1, wilcoxonP: 0.01, holmP: 0.06 } }),
    ];
    expect(verdictSentences(rows)).toEqual([
      'no difference we can tell from 1 seed: gate against unshaped on boston under aide, +0.020 final impact (paired Wilcoxon p 0.010, Holm 0.060)',
    ]);
    expect(verdictSentences(rows, 0.1)).toEqual([
      'gate beats unshaped on boston under aide by +0.020 final impact (paired Wilcoxon p 0.010, Holm 0.060, 1 seed)',
    ]);
  });

  it('says an arm without a shared seed was not tested, rather than leaving it out', () => {
    const rows = [row({ arm: 'unshaped' }), row({ arm: 'adaptive', impactDifference: 0.0125, paired: null })];
    expect(verdictSentences(rows)).toEqual([
      'no paired test for adaptive against unshaped on boston under aide: no seed ran in both arms (+0.013 final impact, unpaired)',
    ]);
  });

  it('says there is nothing to compare in a sweep without an unshaped arm, or in a task and policy without one', () => {
    expect(verdictSentences([row({ arm: 'adaptive' }), row({ arm: 'gate' })])).toEqual([
      'nothing to compare: the sweep ran no unshaped arm, the reference every verdict is against',
    ]);
    expect(verdictSentences([])).toEqual(['nothing to compare: the sweep ran no unshaped arm, the reference every verdict is against']);
    expect(verdictSentences([row({ arm: 'unshaped' }), row({ policy: 'mcts', arm: 'unshaped' })])).toEqual([
      'nothing to compare: the sweep ran only the unshaped arm',
    ]);
    const partial = [
      row({ arm: 'unshaped' }),
      row({ arm: 'adaptive', impactDifference: 0, paired: { wilcoxonP: 1, holmP: 1 } }),
      row({ policy: 'mcts', arm: 'adaptive' }),
      row({ policy: 'mcts', arm: 'gate' }),
    ];
    expect(verdictSentences(partial)).toEqual([
      'no difference we can tell from 20 seeds: adaptive against unshaped on boston under aide, +0.000 final impact (paired Wilcoxon p 1.000, Holm 1.000)',
      'nothing to compare on boston under mcts: no unshaped arm ran there',
    ]);
  });

  it('opens the text summary and the report with the verdicts, before the tables', () => {
    const unshaped = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7].map((best, seed) => benchRunFixture({ seed, impacts: [0, best] }));
    const better = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8].map((best, seed) => benchRunFixture({ seed, strength: 1, impacts: [0, best] }));
    const rows = summarizeSweep([...unshaped, ...better]);
    const verdict = 'bonus-1 beats unshaped on boston under aide by +0.100 final impact (paired Wilcoxon p 0.031, Holm 0.031, 6 seeds)';
    expect(verdictSentences(rows)).toEqual([verdict]);
    expect(formatSweepSummary(rows)).toMatch(new RegExp(`^${escapeRegExp(verdict)}\\n\\ntask +policy +arm +runs `));
    // The provenance goes between the verdicts and the tables.
    expect(formatSweepSummary(rows, ['boden bench: 12 runs', 'wall time over all sessions: 3 s'])).toMatch(
      new RegExp(`^${escapeRegExp(verdict)}\\n\\nboden bench: 12 runs\\nwall time over all sessions: 3 s\\n\\ntask +policy +arm +runs `),
    );
    const report = buildSweepReport({ records: [...unshaped, ...better], rows, provenance: ['boden bench (fixture records)'] });
    expect(report.sections[0]).toEqual({ heading: 'Verdicts', paragraphs: [verdict] });
    expect(report.sections[1]!.heading).toBe('Summary');
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
