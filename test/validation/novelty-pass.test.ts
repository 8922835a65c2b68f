import { describe, expect, it } from 'vitest';
import { HashingEmbedder } from '../../src/embedder/hashing-embedder.js';
import type { Run } from '../../src/episode/run.js';
import { createNoveltyPass } from '../../src/validation/novelty-pass.js';

/** A run of three episodes with these plans and codes. */
function run(id: string, texts: readonly (readonly [string, string])[]): Run {
  return {
    id,
    source: { path: `${id}.json`, format: 'aide-journal-v2' },
    metric: { name: null, maximize: true },
    nodeCount: texts.length,
    infeasibleAttempts: [],
    episodes: texts.map(([plan, code], index) => ({
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

const first = run('a', [
  ['Gradient boosting on raw features.', 'import lightgbm\nmodel = lightgbm.LGBMRegressor()'],
  ['Ridge regression.', 'from sklearn.linear_model import Ridge\nmodel = Ridge()'],
]);
const second = run('b', [
  ['A random forest.', 'from sklearn.ensemble import RandomForestRegressor\nmodel = RandomForestRegressor()'],
  ['Gradient boosting, more trees.', 'import lightgbm\nmodel = lightgbm.LGBMRegressor(n_estimators=500)'],
  ['Ridge regression with scaling.', 'from sklearn.linear_model import Ridge\nfrom sklearn.preprocessing import StandardScaler\nmodel = Ridge()'],
]);

describe('createNoveltyPass', () => {
  it('with embedderFactory gives each run a fresh embedder, as the default does; one shared embedder learns across runs', async () => {
    const byDefault = await createNoveltyPass()(second);
    const factory = await createNoveltyPass({ embedderFactory: () => new HashingEmbedder() })(second);
    expect([...factory]).toEqual([...byDefault]);
    const shared = new HashingEmbedder();
    const pass = createNoveltyPass({ embedder: shared });
    await pass(first);
    // The shared embedder's online IDF has counted the first run's documents: the second run scores differently.
    expect([...(await pass(second))]).not.toEqual([...byDefault]);
  });
});
