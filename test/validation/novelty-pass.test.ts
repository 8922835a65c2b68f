import { describe, expect, it } from 'vitest';
import { HashingEmbedder } from '../../src/embedder/hashing-embedder.js';
import { InvalidOptionsError } from '../../src/errors/invalid-options-error.js';
import { createNoveltyPass } from '../../src/validation/novelty-pass.js';
import { runOf } from './run-fixture.js';

/** A run of these (plan, code) episodes. */
const run = (id: string, texts: readonly (readonly [string, string])[]) =>
  runOf(
    id,
    texts.map(([plan, code]) => ({ plan, code })),
    'aide-journal-v2',
  );

const first = run('a', [
  ['Gradient boosting on raw features.', 'import lightgbm\nmodel = lightgbm.LGBMRegressor()'],
  ['Ridge regression.', 'from sklearn.linear_model import Ridge\nmodel = Ridge()'],
]);
const second = run('b', [
  ['A random forest.', 'from sklearn.ensemble import RandomForestRegressor\nmodel = RandomForestRegressor()'],
  ['Gradient boosting, more trees.', 'import lightgbm\nmodel = lightgbm.LGBMRegressor(n_estimators=500)'],
  [
    'Ridge regression with scaling.',
    'from sklearn.linear_model import Ridge\nfrom sklearn.preprocessing import StandardScaler\nmodel = Ridge()',
  ],
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

  it('checks its options when it is made, naming the bad one, not when the first run is scored', () => {
    // null was a bare TypeError; a wrong type was accepted, to fail (or not) at the first run.
    expect(() => createNoveltyPass(null as never)).not.toThrow();
    const badOptions: readonly (readonly [object, string])[] = [
      [{ embedderFactory: 'hashing' }, 'embedderFactory'],
      [{ nearest: 'three' }, 'nearest'],
      [{ embedder: {} }, 'embedder'],
      // runId is each run's own.
      [{ runId: 'r' }, ''],
    ];
    for (const [options, path] of badOptions) {
      const error = (() => {
        try {
          createNoveltyPass(options as never);
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(InvalidOptionsError.isInstance(error), JSON.stringify(options)).toBe(true);
      expect((error as InvalidOptionsError).target).toBe('createNoveltyPass');
      expect((error as InvalidOptionsError).issues.map((issue) => issue.path)).toEqual([path]);
    }
  });
});
