import { parseOptions } from '../options/parse-options.js';
import { ExplorationScheduleOptionsSchema, type ExplorationScheduleOptions } from './exploration-schedule-options.js';
import type { ModeChangeReason } from './shaping-events.js';

/** One valid episode as the schedule sees it. */
export interface ScheduledEpisode {
  /** The episode's P-creativity in [0, 1]; undefined when unknown (the average is left as it was). */
  readonly novelty: number | undefined;
  /** Usefulness, higher is better (the metric or the paper's impact); only its improvements matter. */
  readonly value?: number | null;
}

/** The schedule's state after an episode, with the switch it made, if any. */
export interface ScheduleState {
  readonly mode: 'exploit' | 'explore';
  readonly episode: number;
  readonly averageNovelty: number | undefined;
  /** The last value that counted as an improvement (more than `minImprovement` over the one before). */
  readonly bestValue: number | null;
  readonly episodesSinceBest: number;
  readonly change?: { readonly from: 'exploit' | 'explore'; readonly to: 'exploit' | 'explore'; readonly reason: ModeChangeReason };
}

/** The adaptive exploration schedule: feed it each valid episode, read the mode. */
export interface ExplorationSchedule {
  readonly state: ScheduleState;
  /** Records one valid episode and returns the new state. */
  record(episode: ScheduledEpisode): ScheduleState;
}

/**
 * The paper's adaptive exploration schedule as a state machine over valid episodes. It keeps an exponential moving
 * average of P-creativity and the best value. In exploit mode it switches to explore when the average is below
 * `threshold` and the best has not improved for `patience` episodes (the paradigm has hit a ceiling); in explore
 * mode it switches back when a new best appears or the average recovers to `recovery`.
 */
export function createExplorationSchedule(options: ExplorationScheduleOptions = {}): ExplorationSchedule {
  const {
    window,
    threshold,
    patience,
    minImprovement,
    recovery = threshold,
  } = parseOptions(ExplorationScheduleOptionsSchema, options, 'createExplorationSchedule');
  const smoothing = 2 / (window + 1);
  let state: ScheduleState = { mode: 'exploit', episode: 0, averageNovelty: undefined, bestValue: null, episodesSinceBest: 0 };

  return {
    get state() {
      return state;
    },
    record({ novelty, value }) {
      const known = novelty !== undefined && Number.isFinite(novelty);
      const previous = state.averageNovelty;
      const averageNovelty = !known ? previous : previous === undefined ? novelty : previous + smoothing * (novelty - previous);
      const improved =
        value !== undefined &&
        value !== null &&
        Number.isFinite(value) &&
        (state.bestValue === null || value > state.bestValue + minImprovement);
      // The best only moves on a counted improvement, so slow creeping gains still add up to one.
      const bestValue = improved ? value : state.bestValue;
      const episodesSinceBest = improved ? 0 : state.episodesSinceBest + 1;
      let change: ScheduleState['change'];
      if (state.mode === 'exploit') {
        if (averageNovelty !== undefined && averageNovelty < threshold && episodesSinceBest >= patience) {
          change = { from: 'exploit', to: 'explore', reason: 'stagnation' };
        }
      } else if (improved) {
        change = { from: 'explore', to: 'exploit', reason: 'new-best' };
      } else if (averageNovelty !== undefined && averageNovelty >= recovery) {
        change = { from: 'explore', to: 'exploit', reason: 'novelty-recovered' };
      }
      state = {
        mode: change?.to ?? state.mode,
        episode: state.episode + 1,
        averageNovelty,
        bestValue,
        episodesSinceBest,
        ...(change === undefined ? {} : { change }),
      };
      return state;
    },
  };
}
