import { z } from 'zod';
import type { Embedder } from '../embedder/embedder.js';
import type { Run } from '../episode/run.js';
import { parseOptions } from '../options/parse-options.js';
import { NoveltyScorerOptionsSchema, type NoveltyScorerOptions } from '../scoring/novelty-scorer-options.js';
import { scoreRunNovelty } from '../scoring/score-run-novelty.js';

/** Novelty scores of a run by episode id, per metric id. */
export type RunNovelty = ReadonlyMap<string, Readonly<Record<string, number>>>;

/** Scores a run's novelty once, however many scorers ask for it. */
export type NoveltyPass = (run: Run) => Promise<RunNovelty>;

/** Options of `createNoveltyPass`: the scorer's but `runId` (each run's own), and `embedderFactory`; checked up front, not at the first run. */
const NoveltyPassOptionsSchema = NoveltyScorerOptionsSchema.omit({ runId: true }).extend({
  embedderFactory: z.custom<() => Embedder>((value) => typeof value === 'function', 'expected a function returning an Embedder').optional(),
});

/**
 * One novelty scoring pass per run, memoised by run: every metric row and every judge row of `boden validate`
 * reads the same scores instead of replaying the run through the scorer again. `embedderFactory` gives each run an
 * embedder of its own: an `embedder` in the options is shared by every run, and a `HashingEmbedder`'s online IDF
 * would then learn across runs.
 */
export function createNoveltyPass(
  options: Omit<NoveltyScorerOptions, 'runId'> & { readonly embedderFactory?: () => Embedder } = {},
): NoveltyPass {
  const { embedderFactory, ...scorerOptions } = parseOptions(NoveltyPassOptionsSchema, options, 'createNoveltyPass');
  const passes = new WeakMap<Run, Promise<RunNovelty>>();
  return (run) => {
    let pass = passes.get(run);
    if (pass === undefined) {
      pass = scoreRunNovelty(run, embedderFactory === undefined ? scorerOptions : { ...scorerOptions, embedder: embedderFactory() }).then(
        ({ scores }) => new Map([...scores].map(([id, score]) => [id, score.scores])),
      );
      passes.set(run, pass);
    }
    return pass;
  };
}
