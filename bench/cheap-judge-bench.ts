/**
 * Cheap-judge benchmark: the two per-episode costs of judging without an LLM, as targets rather than unit tests
 * (machines are shared, so no test may time them). Concept extraction of a 6 KB episode (target: well under 1 ms),
 * and the rubric judge over a 300-episode run, each episode judged against all earlier ones as a live search would
 * (target: well under 1 ms per episode on average; a judge that rescans the whole history grows with the run).
 *
 *   npm run bench:cheap-judge      # = tsx bench/cheap-judge-bench.ts [--repeats 200]
 */
import { parseArgs } from 'node:util';
import { ConceptExtractor, type JudgedEpisode, RubricJudge } from 'boden';
import { machineLine, micro, percentile } from './support/bench-measurements.js';

const { values } = parseArgs({ options: { repeats: { type: 'string', default: '200' } } });
const repeats = Number(values.repeats);
if (!Number.isInteger(repeats) || repeats < 1) throw new Error(`--repeats: expected a positive whole number, got ${values.repeats}`);

console.log(machineLine());
console.log('\n| what | n | mean µs | p50 µs | p95 µs | target |');
console.log('|---|---:|---:|---:|---:|---|');

const extractor = new ConceptExtractor();
const plan = 'Train a LightGBM model with 5-fold cross-validation, target encoding and early stopping. '.repeat(12);
const code =
  'import lightgbm as lgb\nfrom sklearn.model_selection import StratifiedKFold\nmodel = lgb.LGBMClassifier(n_estimators=500)\n'.repeat(45);
for (let warmUp = 0; warmUp < 50; warmUp += 1) extractor.extract({ plan, code });
const extraction = new Float64Array(repeats);
for (let repeat = 0; repeat < repeats; repeat += 1) {
  const start = performance.now();
  extractor.extract({ plan, code });
  extraction[repeat] = (performance.now() - start) * 1000;
}
row(`concept extraction, ${((plan.length + code.length) / 1024).toFixed(1)} KB episode`, extraction, '< 1,000 µs');

const baseCode = [
  'import pandas as pd',
  'from sklearn.ensemble import GradientBoostingRegressor',
  'from sklearn.model_selection import cross_val_score',
  'X = pd.read_csv("train.csv")',
  'y = X.pop("price")',
  'model = GradientBoostingRegressor(n_estimators=300, learning_rate=0.05)',
  'print(cross_val_score(model, X, y, cv=5).mean())',
  '',
].join('\n');
const run: JudgedEpisode[] = Array.from({ length: 300 }, (_, index) => ({
  id: `v${index}`,
  plan: `Variation ${index}: add a ratio feature of area and index ${index}.`,
  code: `${baseCode}X["f${index}"] = X["area"] * ${index}\nprint(${index})\n`,
  summary: null,
  parentEpisodeId: index === 0 ? null : `v${index - 1}`,
}));
const judge = new RubricJudge();
const judging = new Float64Array(run.length);
run.forEach((episode, index) => {
  const start = performance.now();
  judge.verdict({ runId: 'long', episode, earlier: run.slice(0, index) });
  judging[index] = (performance.now() - start) * 1000;
});
row('rubric judge, one episode of a 300-episode run', judging, '< 1,000 µs mean');
const lastTenth = judging.slice(-30);
row('rubric judge, episodes 271-300 only', lastTenth, 'about the mean above');

function row(what: string, samples: Float64Array, target: string): void {
  const mean = samples.reduce((sum, value) => sum + value, 0) / samples.length;
  console.log(
    `| ${what} | ${samples.length} | ${micro(mean)} | ${micro(percentile(samples, 0.5))} | ${micro(percentile(samples, 0.95))} | ${target} |`,
  );
}
