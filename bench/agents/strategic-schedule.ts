/**
 * When a simulated agent changes strategy (a new component, another family) rather than refining what it has:
 * the probability that its next improvement is strategic. Both simulated agents use one.
 */
export interface StrategicSchedule {
  /** Probability that an improvement made as the run's `episode`-th proposal is strategic. */
  probability(episode: number): number;
  /** Tells the schedule how a proposal did: its score, or null when it produced none. */
  observe(score: number | null): void;
}

/** How the strategic share falls over a run: with the clock (episode / budget) or with what the run has found. */
export type CollapseDriver = 'clock' | 'successes';

/**
 * The two ways the strategic share falls from `start` to `end`:
 * - `clock` (profile v1): linearly in episode / budget, whatever the run finds.
 * - `successes` (profile v2): by `lockIn` for every new best the run finds, `end + (start − end) · lockIn^bests`,
 *   whatever the episode: an agent that has something working refines it (the paper's collapse), and one whose
 *   scripts keep failing keeps trying other ideas. The first valid result counts as a new best.
 */
export function createStrategicSchedule(options: {
  readonly driver: CollapseDriver;
  readonly start: number;
  readonly end: number;
  readonly budget: number;
  readonly lockIn: number;
  readonly maximize: boolean;
}): StrategicSchedule {
  const { driver, start, end, budget, lockIn, maximize } = options;
  if (driver === 'clock') {
    return {
      probability: (episode) => {
        const progress = budget <= 1 ? 1 : Math.min(1, Math.max(0, episode / (budget - 1)));
        return start + (end - start) * progress;
      },
      observe: () => {},
    };
  }
  let best: number | undefined;
  let bests = 0;
  return {
    probability: () => end + (start - end) * lockIn ** bests,
    observe(score) {
      if (score === null || !Number.isFinite(score)) return;
      if (best === undefined || (maximize ? score > best : score < best)) {
        best = score;
        bests += 1;
      }
    },
  };
}
