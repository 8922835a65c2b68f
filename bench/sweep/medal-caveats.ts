import type { PackingTaskCard } from '../packing/packing-task-card.js';
import type { BenchTaskCard } from '../cards/bench-task-card.js';

/**
 * One line per swept card whose medals were not set from unshaped runs: a pipeline search's score quantiles say
 * nothing about what an agent's run reaches, so such a card's medal columns are said to be placeholders rather than
 * read like the calibrated cards'. Packing cards set theirs from runs.
 */
export function medalCaveats(cards: ReadonlyMap<string, BenchTaskCard | PackingTaskCard>): string[] {
  const placeholders = [...cards.values()]
    .filter((card): card is BenchTaskCard => 'searchSeed' in card.calibration && card.calibration.medalRuns === undefined)
    .map((card) => card.task);
  if (placeholders.length === 0) return [];
  return [
    `medals of ${placeholders.join(', ')}: NOT set from unshaped runs but quantiles of the card's calibration search, so their medal and 1st medal columns do not mean what a calibrated card's do (boden bench calibrate --stage medals sets them).`,
  ];
}
