import type { CorpusEntry } from './corpus-entry.js';
import type { Corpus } from './corpus.js';
import type { HCreativityNeighbour } from './h-creativity-scorer.js';

/** One quartile of the corpus timeline and the episodes whose nearest human solution falls in it. */
export interface TimelineQuartile {
  /** 1 = the oldest quarter of the dated human solutions, 4 = the newest. */
  readonly quartile: 1 | 2 | 3 | 4;
  /** Date (UTC, `YYYY-MM-DD`) of its oldest and newest solution; null for an empty quartile. */
  readonly from: string | null;
  readonly to: string | null;
  /** Dated human solutions in it. */
  readonly solutions: number;
  /** Episodes whose nearest human neighbour is one of them. */
  readonly episodes: number;
  /** `episodes` over all episodes placed on the timeline; null when none was. */
  readonly share: number | null;
}

/** Where agents' episodes' nearest human neighbours sit on the corpus timeline (the paper's Figure 7). */
export interface NeighbourTimeline {
  /** Human solutions (files and records, not trajectories) with a usable timestamp. */
  readonly datedSolutions: number;
  /** Episodes considered. */
  readonly episodes: number;
  /** Episodes whose nearest human neighbour is dated, i.e. counted in a quartile. */
  readonly placed: number;
  /** Episodes whose nearest human neighbour has no usable timestamp. */
  readonly undated: number;
  /** Episodes with no human solution among their neighbours. */
  readonly withoutHumanNeighbour: number;
  readonly quartiles: readonly TimelineQuartile[];
}

/**
 * Places each episode's nearest human neighbour (the first of its `neighbours`, most similar first, that came from
 * a file or record rather than a trajectory) on the corpus timeline, split into quartiles of equal numbers of dated
 * human solutions (ties by id), and counts the episodes per quartile. Many episodes in the newest quartile means
 * agents land near recent public solutions. Null when the corpus has no dated human solution.
 */
export function nearestHumanNeighbourTimeline(
  corpus: Corpus,
  episodes: Iterable<{ readonly neighbours: readonly HCreativityNeighbour[] }>,
): NeighbourTimeline | null {
  const dated = corpus
    .entries()
    .filter((entry) => entry.origin !== 'trajectory')
    .map((entry) => ({ entry, time: solutionTime(entry.timestamp) }))
    .filter((item): item is { entry: CorpusEntry; time: number } => item.time !== null)
    .sort((left, right) => left.time - right.time || (left.entry.id < right.entry.id ? -1 : left.entry.id > right.entry.id ? 1 : 0));
  if (dated.length === 0) return null;
  const quartileOf = new Map(dated.map((item, rank) => [item.entry.id, Math.floor((4 * rank) / dated.length)]));
  const counts = [0, 0, 0, 0];
  let total = 0;
  let undated = 0;
  let withoutHumanNeighbour = 0;
  for (const episode of episodes) {
    total++;
    const nearest = episode.neighbours
      .map((neighbour) => corpus.entry(neighbour.id))
      .find((entry) => entry !== undefined && entry.origin !== 'trajectory');
    if (nearest === undefined) withoutHumanNeighbour++;
    else if (!quartileOf.has(nearest.id)) undated++;
    else counts[quartileOf.get(nearest.id)!]! += 1;
  }
  const placed = counts.reduce((sum, count) => sum + count, 0);
  const quartiles = counts.map((count, index) => {
    const members = dated.filter((item) => quartileOf.get(item.entry.id) === index);
    return {
      quartile: (index + 1) as 1 | 2 | 3 | 4,
      from: members.length === 0 ? null : isoDate(members[0]!.time),
      to: members.length === 0 ? null : isoDate(members.at(-1)!.time),
      solutions: members.length,
      episodes: count,
      share: placed === 0 ? null : count / placed,
    };
  });
  return { datedSolutions: dated.length, episodes: total, placed, undated, withoutHumanNeighbour, quartiles };
}

/**
 * A solution's timestamp in milliseconds since the epoch: a number is seconds since the epoch, a string an ISO date
 * (or a number of seconds written as text). Null when absent or unreadable.
 */
export function solutionTime(timestamp: string | number | null): number | null {
  if (timestamp === null) return null;
  if (typeof timestamp === 'number') return Number.isFinite(timestamp) ? timestamp * 1000 : null;
  const text = timestamp.trim();
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? null : parsed;
}

function isoDate(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}
