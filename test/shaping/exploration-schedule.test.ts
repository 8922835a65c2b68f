import { describe, expect, it } from 'vitest';
import { InvalidOptionsError } from '../../src/errors/invalid-options-error.js';
import { createExplorationSchedule, type ScheduledEpisode } from '../../src/shaping/exploration-schedule.js';

/** Feeds the episodes and returns the mode after each, with the switches. */
function replay(episodes: readonly ScheduledEpisode[], options: Parameters<typeof createExplorationSchedule>[0]) {
  const schedule = createExplorationSchedule(options);
  return episodes.map((episode) => {
    const state = schedule.record(episode);
    return state.change === undefined ? state.mode : `${state.mode} (${state.change.reason})`;
  });
}

describe('createExplorationSchedule', () => {
  it('keeps an exponential moving average with smoothing 2 / (window + 1)', () => {
    const schedule = createExplorationSchedule({ window: 3 });
    schedule.record({ novelty: 0.8 });
    schedule.record({ novelty: 0.4 });
    expect(schedule.state.averageNovelty).toBeCloseTo(0.6, 12);
    schedule.record({ novelty: undefined });
    expect(schedule.state.averageNovelty).toBeCloseTo(0.6, 12);
    schedule.record({ novelty: 0 });
    expect(schedule.state.averageNovelty).toBeCloseTo(0.3, 12);
  });

  it('explores once P-creativity is below the threshold and the best has stalled for `patience` episodes, then exploits on a new best', () => {
    const episodes: ScheduledEpisode[] = [
      { novelty: 1, value: 0.5 },
      { novelty: 0.1, value: 0.6 },
      { novelty: 0.05, value: 0.55 },
      { novelty: 0.02, value: 0.58 },
      { novelty: 0.02, value: 0.6 },
      { novelty: 0.01, value: 0.59 },
      { novelty: 0.01, value: 0.7 },
      { novelty: 0.01, value: 0.69 },
    ];
    expect(replay(episodes, { window: 1, threshold: 0.2, patience: 3 })).toEqual([
      'exploit',
      'exploit',
      'exploit',
      'exploit',
      'explore (stagnation)',
      'explore',
      'exploit (new-best)',
      'exploit',
    ]);
  });

  it('does not explore while the best keeps improving, however low P-creativity is', () => {
    const episodes = [0.5, 0.6, 0.7, 0.8, 0.9].map((value) => ({ novelty: 0, value }));
    expect(replay(episodes, { threshold: 0.5, patience: 1 })).toEqual(['exploit', 'exploit', 'exploit', 'exploit', 'exploit']);
  });

  it('returns to exploit when P-creativity recovers to `recovery`', () => {
    const episodes: ScheduledEpisode[] = [
      { novelty: 0.1, value: 1 },
      { novelty: 0.1, value: 0 },
      { novelty: 0.25, value: 0 },
      { novelty: 0.35, value: 0 },
    ];
    expect(replay(episodes, { window: 1, threshold: 0.2, recovery: 0.3, patience: 1 })).toEqual([
      'exploit',
      'explore (stagnation)',
      'explore',
      'exploit (novelty-recovered)',
    ]);
  });

  it('counts only improvements larger than `minImprovement`, so slow creeping still adds up', () => {
    const episodes = [0.8, 0.801, 0.8015, 0.802, 0.8031].map((value) => ({ novelty: 0, value }));
    expect(replay(episodes, { threshold: 0.5, patience: 3, minImprovement: 0.002 })).toEqual([
      'exploit',
      'exploit',
      'exploit',
      'explore (stagnation)',
      'exploit (new-best)',
    ]);
  });

  it('rejects a recovery below the threshold', () => {
    expect(() => createExplorationSchedule({ threshold: 0.3, recovery: 0.2 })).toThrowError(InvalidOptionsError);
    expect(() => createExplorationSchedule({ threshold: 0.3, recovery: 0.2 })).toThrowError(/recovery/);
  });
});
