import type { SweepSummaryRow } from './summarize-sweep.js';

/** One sentence per arm compared with the unshaped arm of its task and policy: who wins on final impact, by how much, how sure. */
export function verdictSentences(rows: readonly SweepSummaryRow[], alpha = 0.05): string[] {
  // Significance is the Holm-adjusted p: the raw p of one row among many would claim wins that chance explains.
  // Every arm that ran gets a sentence (a verdict, "not tested" or "nothing to compare"), so none reads as forgotten.
  // Rows are named by armName, which names every unshaped arm (a bonus of strength 0 included) 'unshaped'.
  const isReference = (row: SweepSummaryRow) => row.arm === 'unshaped';
  if (!rows.some(isReference)) return ['nothing to compare: the sweep ran no unshaped arm, the reference every verdict is against'];
  if (rows.every(isReference)) return ['nothing to compare: the sweep ran only the unshaped arm'];
  const cellOf = (row: SweepSummaryRow) => `${row.task} under ${row.policy}`;
  const referenced = new Set(rows.filter(isReference).map(cellOf));
  const unreferenced = new Set<string>();
  const sentences: string[] = [];
  for (const row of rows) {
    if (isReference(row)) continue;
    const cell = cellOf(row);
    if (!referenced.has(cell)) {
      // One sentence per task and policy, not per arm: the missing reference is the cell's, not the arm's.
      if (!unreferenced.has(cell)) sentences.push(`nothing to compare on ${cell}: no unshaped arm ran there`);
      unreferenced.add(cell);
      continue;
    }
    // Never null with the cell's unshaped arm present; the check narrows the type.
    if (row.impactDifference === null) continue;
    const difference = `${signed(row.impactDifference)} final impact`;
    if (row.paired === null) {
      // Arms run on disjoint seeds: the mean difference exists, a paired test does not.
      sentences.push(`no paired test for ${row.arm} against unshaped on ${cell}: no seed ran in both arms (${difference}, unpaired)`);
      continue;
    }
    const { seeds, wilcoxonP, holmP } = row.paired;
    const test = `paired Wilcoxon p ${probability(wilcoxonP)}, Holm ${probability(holmP)}`;
    if (holmP < alpha) {
      // The direction is the mean difference's, the number the sentence quotes.
      const verb = row.impactDifference > 0 ? 'beats' : row.impactDifference < 0 ? 'loses to' : 'differs from';
      sentences.push(`${row.arm} ${verb} unshaped on ${cell} by ${difference} (${test}, ${count(seeds, 'seed')})`);
    } else {
      sentences.push(
        `no difference we can tell from ${count(seeds, 'seed')}: ${row.arm} against unshaped on ${cell}, ${difference} (${test})`,
      );
    }
  }
  return sentences;
}

/** A difference with its sign always shown, so a gain never reads like a level. */
function signed(value: number): string {
  return `${value >= 0 ? '+' : ''}${value.toFixed(3)}`;
}

/** A p-value to 3 decimals, or bounded below 0.001, where 3 decimals would print 0.000 (certainty) or round it up. */
function probability(value: number): string {
  return value < 0.001 ? '< 0.001' : value.toFixed(3);
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
