import type { Run } from '../../src/episode/run.js';

/** A run whose episodes have these plans and codes, one node each; the rest of each episode does not matter to the validation tests. */
export function runOf(
  id: string,
  texts: readonly { readonly plan: string; readonly code: string }[],
  format: Run['source']['format'] = 'ai-scientist-v2-stage-journal',
): Run {
  return {
    id,
    source: { path: `${id}.json`, format },
    metric: { name: null, maximize: true },
    nodeCount: texts.length,
    infeasibleAttempts: [],
    episodes: texts.map(({ plan, code }, index) => ({
      id: `${id}-${index}`,
      runId: id,
      index,
      steps: { first: index, last: index },
      plan,
      code,
      summary: null,
      score: 1,
      maximize: true,
      failedAttempts: 0,
      parentEpisodeId: null,
      otherParentEpisodeIds: [],
      timestamps: { start: null, end: null },
      nodeIds: [`${id}-${index}`],
      operators: [],
      flags: [],
      metadata: {},
    })),
  };
}
