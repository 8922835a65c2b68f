import type { Run } from '../episode/run.js';
import { matchLabels, type RunsByFile, type UnmatchedLabel } from './match-labels.js';
import { createNoveltyPass, type NoveltyPass } from './novelty-pass.js';
import type { ReferenceLabel } from './reference-label.js';
import type { RubricEvidence } from '../judges/rubric-evidence.js';
import { toJudgedEpisode } from '../judges/judge-run.js';
import { RubricJudge } from '../judges/rubric-judge.js';

/** A labelled episode as the rubric judge is fitted on it: its evidence, its label, and its run (the CV group). */
export interface RubricExample {
  /** The run the episode belongs to: cross-validation leaves out one group at a time. */
  readonly group: string;
  readonly episodeId: string;
  readonly label: number;
  readonly evidence: RubricEvidence;
}

/**
 * The rubric evidence of every episode of a finished run, in run order, each against the episodes before it,
 * exactly as a `RubricJudge` sees them during a search. `novelty` holds each episode's novelty scores by id.
 */
export function rubricEvidenceOfRun(
  run: Pick<Run, 'id' | 'episodes'>,
  options: { readonly novelty?: ReadonlyMap<string, Readonly<Record<string, number>>>; readonly judge?: RubricJudge } = {},
): Map<string, RubricEvidence> {
  const judge = options.judge ?? new RubricJudge();
  const evidence = new Map<string, RubricEvidence>();
  const earlier = run.episodes.map(toJudgedEpisode);
  earlier.forEach((episode, index) => {
    const novelty = options.novelty?.get(episode.id);
    evidence.set(episode.id, judge.evidence({ runId: run.id, episode, earlier: earlier.slice(0, index), ...(novelty ? { novelty } : {}) }));
  });
  judge.forgetRun(run.id);
  return evidence;
}

/**
 * Joins reference labels to episodes by ending node id (as `boden validate` does), reads every matched run's
 * novelty from `novelty` (default: a fresh pass of the default novelty core), and returns one example per matched
 * label (grouped by the label's run) with the labels that matched nothing.
 */
export async function collectRubricExamples(options: {
  readonly labels: readonly ReferenceLabel[];
  readonly runsByFile: RunsByFile;
  readonly judge?: RubricJudge;
  readonly novelty?: NoveltyPass;
}): Promise<{ examples: RubricExample[]; unmatched: UnmatchedLabel[] }> {
  const { matches, unmatched } = matchLabels(options.labels, options.runsByFile);
  const novelty = options.novelty ?? createNoveltyPass();
  const evidenceByRun = new Map<Run, Map<string, RubricEvidence>>();
  const examples: RubricExample[] = [];
  for (const { label, run } of matches) {
    let evidence = evidenceByRun.get(run);
    if (evidence === undefined) {
      evidence = rubricEvidenceOfRun(run, { novelty: await novelty(run), ...(options.judge ? { judge: options.judge } : {}) });
      evidenceByRun.set(run, evidence);
    }
    examples.push({ group: label.run, episodeId: label.node_id, label: label.label, evidence: evidence.get(label.node_id)! });
  }
  return { examples, unmatched };
}
