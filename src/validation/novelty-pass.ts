import type { Embedder } from '../embedder/embedder.js';
import type { Run } from '../episode/run.js';
import type { NoveltyScorerOptions } from '../scoring/novelty-scorer-options.js';
import { scoreRunNovelty } from '../scoring/score-run-novelty.js';

/** Novelty scores of a run by episode id, per metric id. */
export type RunNovelty = ReadonlyMap<string, Readonly<Record<string, number>>>;

/** Scores a run's novelty once, however many scorers ask for it. */
export type NoveltyPass = (run: Run) => Promise<RunNovelty>;

/**
 * One novelty scoring pass per run, memoised by run: every metric row and every judge row of `boden validate`
 * reads the same scores instead of replaying the run through the scorer again. `embedderFactory` gives each run an
 * embedder of its own: an `embedder` in the options is shared by every run, and a `HashingEmbedder`'s online IDF
 * would then learn across runs.
 */
export function createNoveltyPass(options: Omit<NoveltyScorerOptions, 'runId'> & { readonly embedderFactory?: () => Embedder } = {}): NoveltyPass {
  const { embedderFactory, ...scorerOptions } = options;
  const passes = new WeakMap<Run, Promise<RunNovelty>>();
  return (run) => {
    let pass = passes.get(run);
    if (pass === undefined) {
      pass = scoreRunNovelty(run, embedderFactory === undefined ? scorerOptions : { ...scorerOptions, embedder: embedderFactory() }).then(({ scores }) => new Map([...scores].map(([id, score]) => [id, score.scores])));
      passes.set(run, pass);
    }
    return pass;
  };
}
