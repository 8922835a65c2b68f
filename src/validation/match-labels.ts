import type { Run } from '../episode/run.js';
import type { ReferenceLabel } from './reference-label.js';

/** A label joined to the run holding the episode it labels. */
export interface LabelMatch {
  readonly label: ReferenceLabel;
  readonly run: Run;
}

/** A label that could not be joined to an episode, and why. */
export interface UnmatchedLabel {
  readonly label: ReferenceLabel;
  readonly reason: string;
}

/** The runs of each label `file`, or the reason the file could not be read. */
export type RunsByFile = ReadonlyMap<string, readonly Run[] | { readonly error: string }>;

/** Joins labels to episodes by ending node id within the label's file; the rest come back with the reason. */
export function matchLabels(
  labels: readonly ReferenceLabel[],
  runsByFile: RunsByFile,
): { matches: LabelMatch[]; unmatched: UnmatchedLabel[] } {
  const matches: LabelMatch[] = [];
  const unmatched: UnmatchedLabel[] = [];
  for (const label of labels) {
    const runs = runsByFile.get(label.file);
    if (runs === undefined) {
      unmatched.push({ label, reason: `${label.file} was not read` });
    } else if ('error' in runs) {
      unmatched.push({ label, reason: runs.error });
    } else {
      const run = runs.find((candidate) => candidate.episodes.some((episode) => episode.id === label.node_id));
      if (run === undefined) unmatched.push({ label, reason: `no episode of ${label.file} ends at node ${label.node_id}` });
      else matches.push({ label, run });
    }
  }
  return { matches, unmatched };
}
