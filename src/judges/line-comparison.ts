import type { EpisodeProfile } from './episode-profile.js';
import type { RunHistory } from './run-history.js';
import { similarityWindow } from './similarity-window.js';

/** How an episode's lines differ from those of the episode it is compared with. */
export interface LineChanges {
  /** Substantive lines the episode adds, and those of them another earlier episode already has (borrowed). */
  readonly added: number;
  readonly borrowed: number;
  /** Substantive lines of the reference the episode drops. */
  readonly removed: number;
  /** Reporting, saving or bracket-only lines added or dropped. */
  readonly reporting: number;
}

/** The substantive (masked) lines `profile` adds to `reference` and those of `reference` it drops, in line order. */
export function substantiveChanges(
  profile: EpisodeProfile,
  reference: EpisodeProfile,
): { readonly added: string[]; readonly removed: string[] } {
  return {
    added: [...profile.substantiveLines].filter((line) => !reference.lines.has(line)),
    removed: [...reference.substantiveLines].filter((line) => !profile.lines.has(line)),
  };
}

/** Lines `profile` adds to and drops from `reference`, split into substantive, borrowed and reporting lines. */
export function compareLines(profile: EpisodeProfile, reference: EpisodeProfile, history: RunHistory): LineChanges {
  let added = 0;
  let borrowed = 0;
  let removed = 0;
  let reporting = 0;
  let index = 0;
  for (const line of profile.lines) {
    const hash = profile.lineHashes[index]!;
    index += 1;
    if (reference.lines.has(line)) continue;
    if (!profile.substantiveLines.has(line)) reporting += 1;
    else {
      added += 1;
      if (history.hasLineHash(hash)) borrowed += 1;
    }
  }
  for (const line of reference.lines) {
    if (profile.lines.has(line)) continue;
    if (reference.substantiveLines.has(line)) removed += 1;
    else reporting += 1;
  }
  return { added, removed, reporting, borrowed };
}

/** The latest earlier episode (of the latest `similarityWindow`) that has every substantive line of `profile`. */
export function coveringEpisode(profile: EpisodeProfile, earlier: readonly EpisodeProfile[]): EpisodeProfile | undefined {
  if (profile.substantiveLines.size === 0) return undefined;
  for (let index = earlier.length - 1; index >= Math.max(0, earlier.length - similarityWindow); index -= 1) {
    const candidate = earlier[index]!;
    let covered = true;
    for (const line of profile.substantiveLines) {
      if (!candidate.lines.has(line)) {
        covered = false;
        break;
      }
    }
    if (covered) return candidate;
  }
  return undefined;
}

/** The earlier episode (of the latest `similarityWindow`) whose line set overlaps `profile`'s most (Jaccard). */
export function mostSimilarEpisode(profile: EpisodeProfile, earlier: readonly EpisodeProfile[]): EpisodeProfile | undefined {
  let best: EpisodeProfile | undefined;
  let bestSimilarity = -1;
  for (let index = earlier.length - 1; index >= Math.max(0, earlier.length - similarityWindow); index -= 1) {
    const candidate = earlier[index]!;
    let shared = 0;
    for (const line of profile.lines) if (candidate.lines.has(line)) shared += 1;
    const similarity = shared / Math.max(1, profile.lines.size + candidate.lines.size - shared);
    if (similarity > bestSimilarity) {
      best = candidate;
      bestSimilarity = similarity;
    }
  }
  return best;
}
