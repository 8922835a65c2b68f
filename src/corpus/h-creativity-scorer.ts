import type { Run } from '../episode/run.js';
import type { JudgedEpisode } from '../judges/judge.js';
import type { JudgeVerdict } from '../judges/judge-verdict.js';
import { parseOptions } from '../options/parse-options.js';
import { hCreativityScorerOptionsSchema, type HCreativityScorerOptions } from './h-creativity-scorer-options.js';

/** An episode as the H-creativity scorer reads it. */
export interface HCreativityEpisode {
  readonly id: string;
  readonly plan: string;
  readonly code: string;
  readonly summary?: string | null;
  /** Its approach summary when already made (a corpus entry's `summary`); otherwise the corpus's summarizer makes it. */
  readonly approach?: string;
}

/** Options of one `HCreativityScorer.score` call. */
export interface HCreativityScoreOptions {
  readonly signal?: AbortSignal;
  /** Corpus ids to leave out of the neighbours, e.g. the solution itself when a corpus entry is scored (leave-one-out). */
  readonly exclude?: Iterable<string>;
}

/** A corpus solution retrieved for an episode, by id, with its cosine similarity to the episode's approach. */
export interface HCreativityNeighbour {
  readonly id: string;
  readonly similarity: number;
}

/** The H-creativity of one episode: the judge's 0-4 score and the continuous distance to the corpus. */
export interface HCreativityScore {
  /** The judge's rubric score 0-4 against the nearest corpus solutions. */
  readonly score: number;
  /** `1 − max similarity` to the corpus (0 for a copy of a corpus solution); 1 when the corpus is empty. */
  readonly distance: number;
  /** The nearest corpus solutions, most similar first. */
  readonly neighbours: readonly HCreativityNeighbour[];
  readonly rationale: string;
  readonly verdict: JudgeVerdict;
}

/** Scores episodes' H-creativity (novelty relative to a corpus of a task's solutions). */
export interface HCreativityScorer {
  /** The H-creativity of `episode` of run `runId`. */
  score(episode: HCreativityEpisode, runId: string, options?: HCreativityScoreOptions): Promise<HCreativityScore>;
}

// Corpus ids are namespaced so the judge's per-run cache never confuses a corpus solution with an episode.
const neighbourPrefix = 'corpus:';

/**
 * Creates the paper's two-stage H-creativity scorer: retrieve the `k` corpus solutions whose approach summary is
 * closest to the episode's, then ask the judge to score the episode 0-4 against them. The judge's
 * `JudgeInput.earlier` holds those neighbours, most similar first; since the corpus keeps approach summaries, not
 * code, both the neighbours and the episode are given to the judge as their approach summaries (as plan and code),
 * the paper's "same summarisation on both sides", and `novelty` carries `nearest-neighbour` = the distance. Each
 * episode is judged under its own run id (`<runId>/h-creativity/<episode id>`), because its neighbours are its own.
 * A bad option throws `InvalidOptionsError`.
 */
export function createHCreativityScorer(options: HCreativityScorerOptions): HCreativityScorer {
  const { corpus, judge, k } = parseOptions(hCreativityScorerOptionsSchema, options, 'createHCreativityScorer');
  return {
    async score(episode, runId, { signal, exclude = [] } = {}) {
      const callOptions = signal === undefined ? {} : { signal };
      const approach = episode.approach ?? corpus.approachInput(episode).plan;
      const hits = corpus.size === 0 ? [] : await corpus.searchApproach(approach, k, { ...callOptions, exclude });
      const neighbours = hits.map((hit) => ({ id: hit.entry.id, similarity: hit.similarity }));
      const distance = hits.length === 0 ? 1 : 1 - Math.max(...hits.map((hit) => hit.similarity));
      // Both sides in the summary space, as the paper does: a corpus keeps summaries, not code, so the episode is
      // judged by its approach summary too, and a copy of a corpus solution reads as the same approach.
      const earlier: JudgedEpisode[] = hits.map((hit) => ({
        id: `${neighbourPrefix}${hit.entry.id}`,
        plan: hit.entry.summary,
        code: hit.entry.summary,
        summary: hit.entry.summary,
      }));
      // Each episode has its own neighbours, so each judgement is its own "run" for judges that cache run history.
      const verdict = await judge.judge(
        {
          runId: `${runId}/h-creativity/${episode.id}`,
          episode: { id: episode.id, plan: approach, code: approach, summary: episode.summary ?? approach },
          earlier,
          novelty: { 'nearest-neighbour': distance },
        },
        callOptions,
      );
      return { score: verdict.score, distance, neighbours, rationale: verdict.rationale, verdict };
    },
  };
}

/** The H-creativity of every episode of `run`, in run order. */
export async function scoreRunHCreativity(
  run: Run,
  scorer: HCreativityScorer,
  options: { signal?: AbortSignal } = {},
): Promise<HCreativityScore[]> {
  const scores: HCreativityScore[] = [];
  for (const episode of run.episodes) scores.push(await scorer.score(episode, run.id, options));
  return scores;
}
