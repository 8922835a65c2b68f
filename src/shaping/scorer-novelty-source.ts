import { z } from 'zod';
import { InvalidOptionsError } from '../errors/invalid-options-error.js';
import { parseOptions } from '../options/parse-options.js';
import type { NoveltyScore, NoveltyScorer } from '../scoring/novelty-scorer.js';
import { hasMethods } from './collaborator-schemas.js';
import { createCachedNoveltySource, type NoveltySource } from './novelty-source.js';
import type { ShapingNode, ShapingOutcome } from './shaping-node.js';

/** Options of `scorerNoveltySource`. */
export const ScorerNoveltySourceOptionsSchema = z
  .object({
    /** The run's online novelty scorer (`createNoveltyScorer`). */
    scorer: z.custom<NoveltyScorer>(hasMethods('score', 'observe'), 'expected a NoveltyScorer (score() and observe())'),
    /** Which of the scorer's metrics is the novelty; default the paper's best embedding metric. */
    metric: z.string().min(1).default('nearest-neighbour'),
  })
  .strict();

/** Options of `scorerNoveltySource` as callers write them. */
export type ScorerNoveltySourceOptions = z.input<typeof ScorerNoveltySourceOptionsSchema>;

/** What every source over one scorer shares: one score per node, one outcome per node. */
interface ScorerSession {
  readonly scores: Map<string, Promise<NoveltyScore>>;
  readonly observed: Set<string>;
}

// Several sources (one per metric) may read one scorer: it must score each node once and observe it once.
const sessions = new WeakMap<NoveltyScorer, ScorerSession>();

function sessionOf(scorer: NoveltyScorer): ScorerSession {
  let session = sessions.get(scorer);
  if (session === undefined) {
    session = { scores: new Map(), observed: new Set() };
    sessions.set(scorer, session);
  }
  return session;
}

/**
 * Novelty from one metric of the online P-creativity scorer, in [0, 1]. The node is scored when the host creates
 * it (before evaluation) and observed when its outcome is known, so shaping sees exactly the novelty the scorer
 * reports in its `episode-scored` events. Sources over the same scorer share its calls.
 *
 * @example
 * const scorer = createNoveltyScorer({ runId: 'run-1' });
 * const novelty = scorerNoveltySource({ scorer, metric: 'nearest-neighbour' });
 */
export function scorerNoveltySource(options: ScorerNoveltySourceOptions): NoveltySource {
  const { scorer, metric } = parseOptions(ScorerNoveltySourceOptionsSchema, options, 'scorerNoveltySource');
  if (!scorer.metricIds.includes(metric)) {
    throw new InvalidOptionsError({
      target: 'scorerNoveltySource',
      issues: [{ path: 'metric', message: `the scorer has no metric "${metric}" (it has ${scorer.metricIds.join(', ')})` }],
    });
  }
  const session = sessionOf(scorer);
  const scoreOnce = (node: ShapingNode): Promise<NoveltyScore> => {
    let score = session.scores.get(node.id);
    if (score === undefined) {
      score = scorer.score({ id: node.id, plan: node.plan, code: node.code });
      session.scores.set(node.id, score);
    }
    return score;
  };
  return createCachedNoveltySource({
    id: metric,
    async measure(node) {
      const score = await scoreOnce(node);
      return { novelty: score.scores[metric], concepts: score.concepts, nearest: score.nearest.map((neighbour) => neighbour.id) };
    },
    async learn(node: ShapingNode, outcome: ShapingOutcome) {
      if (session.observed.has(node.id)) return;
      session.observed.add(node.id);
      await scorer.observe({ id: node.id, plan: node.plan, code: node.code }, { valid: outcome.valid });
    },
  });
}
