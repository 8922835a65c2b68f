import type { SafeEventEmitter, ShapingEvents } from '../../src/index.js';

/** What the examples collect from a shaped selector's events. */
export interface ShapingLog {
  /** One line per mode switch, rejection, and explore-mode selection. */
  readonly lines: string[];
  readonly modeChanges: number;
  readonly rejections: number;
  readonly exploreSelections: number;
  readonly selections: number;
}

/** Listens to a shaped selector's events and keeps readable lines of what shaping did. */
export function recordShapingEvents(events: SafeEventEmitter<ShapingEvents>): ShapingLog {
  const log = { lines: [] as string[], modeChanges: 0, rejections: 0, exploreSelections: 0, selections: 0 };
  events.on('mode-changed', (event) => {
    log.modeChanges += 1;
    log.lines.push(
      `mode-changed ${event.from} → ${event.to} after episode ${event.episode} (${event.reason}: mean P-creativity ` +
        `${event.averageNovelty.toFixed(3)}, threshold ${event.threshold}, ${event.episodesSinceBest} episodes since the best)`,
    );
  });
  events.on('candidate-rejected', (event) => {
    log.rejections += 1;
    log.lines.push(
      `candidate-rejected ${event.id} before evaluation (${event.reason}: ${event.source} ${event.novelty.toFixed(4)} < ${event.threshold}` +
        `${event.nearest[0] === undefined ? '' : `, nearest ${event.nearest[0]}`}; ${event.resample ? 'resample' : 'slot given up'})`,
    );
  });
  events.on('selection-made', (event) => {
    log.selections += 1;
    if (event.exploration.mode !== 'explore') return;
    log.exploreSelections += 1;
    const moved = event.values.filter((value) => value.before !== value.after).length;
    const chosen = event.chosen.length === 0 ? '' : ` ${event.chosen.join(', ')}`;
    const directive = event.directive === undefined ? '' : ', with a novelty directive';
    log.lines.push(`selection-made #${event.selection} [explore]: ${event.action}${chosen} (${moved} values shaped${directive})`);
  });
  return log;
}
