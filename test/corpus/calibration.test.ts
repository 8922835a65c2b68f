import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildCorpus,
  createHCreativityScorer,
  nearestHumanNeighbourTimeline,
  openCorpus,
  scoreMedalTiers,
  solutionTime,
  type Corpus,
} from '../../src/corpus/index.js';
import type { Judge, JudgeInput } from '../../src/judges/judge.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';
import { trajectoryReader } from '../../adapters/trajectory/index.js';

const directory = useTemporaryDirectory('boden-corpus-calibration-');

/** Records of a small tabular competition: medals on some, publication dates on most, one agent trajectory. */
const records = [
  { id: 'gold-lgbm', text: 'LightGBM with target encoding and stratified k-fold.', medal: 'gold', timestamp: '2019-01-10' },
  { id: 'gold-stack', text: 'Stacking of XGBoost and CatBoost with a ridge meta-model, k-fold.', medal: 'Gold', timestamp: '2019-06-01' },
  { id: 'silver-xgb', text: 'XGBoost with one-hot encoding and k-fold cross-validation.', medal: 'silver', timestamp: 1_546_300_800 },
  {
    id: 'bronze-rf',
    text: 'Random forest on label-encoded features, holdout validation.',
    medal: 'bronze',
    timestamp: '2020-03-03T10:00:00Z',
  },
  { id: 'lgbm-2', text: 'LightGBM with target encoding, stratified k-fold and early stopping.', timestamp: '2020-08-08' },
  { id: 'cnn', text: 'A convolutional neural network with mixup augmentation and cosine annealing.', timestamp: '2021-01-01' },
  { id: 'logreg', text: 'Logistic regression on one-hot encoded features with 5-fold cross-validation.', timestamp: '2021-05-05' },
  { id: 'svm', text: 'Support vector machine with an RBF kernel on standardised features.', timestamp: 'not a date' },
  { id: 'knn', text: 'k-nearest neighbours on PCA-reduced features.' },
].map((record) => ({ task: 'tabular', ...record }));

/** A judge that scores 4 minus twice the nearest similarity, rounded, and records what it was asked. */
function distanceJudge(inputs: JudgeInput[]): Judge {
  return {
    specificationVersion: 'v1',
    id: 'distance',
    async judge(input) {
      inputs.push(input);
      const score = Math.max(0, Math.min(4, Math.round(4 * (input.novelty?.['nearest-neighbour'] ?? 1))));
      return { score, label: 'Combinational', modes: [], rationale: 'by distance', confidence: 1, judge: 'distance' };
    },
  };
}

describe('corpus calibrations', () => {
  let corpus: Corpus;
  beforeAll(async () => {
    const input = join(directory, 'records.jsonl');
    mkdirSync(directory, { recursive: true });
    writeFileSync(input, records.map((record) => `${JSON.stringify(record)}\n`).join(''));
    await buildCorpus({
      trajectories: trajectoryReader,
      inputs: [input, 'examples/aide-tabular-run.journal.json'],
      task: 'tabular',
      out: join(directory, 'corpus'),
    });
    corpus = await openCorpus(join(directory, 'corpus'));
  });

  it('searches leave-one-out: excluded ids never come back, and k is clamped to the rest', async () => {
    const entry = corpus.entry('gold-lgbm')!;
    const withSelf = await corpus.searchApproach(entry.summary, 3);
    expect(withSelf[0]!.entry.id).toBe('gold-lgbm');
    expect(withSelf[0]!.similarity).toBeCloseTo(1, 5);
    const without = await corpus.searchApproach(entry.summary, 3, { exclude: ['gold-lgbm', 'no-such-id'] });
    expect(without.map((hit) => hit.entry.id)).not.toContain('gold-lgbm');
    expect(without).toHaveLength(3);
    expect(without[0]!.entry.id).toBe(withSelf[1]!.entry.id);
    expect(await corpus.searchApproach(entry.summary, 1000, { exclude: ['gold-lgbm'] })).toHaveLength(corpus.size - 1);
    const episode = { plan: 'LightGBM, target encoding, stratified k-fold', code: '' };
    expect(await corpus.search(episode, 2, { exclude: ['gold-lgbm'] })).toEqual(
      await corpus.searchApproach(corpus.approachInput(episode).plan, 2, { exclude: ['gold-lgbm'] }),
    );
  });

  it("scores each medal tier leave-one-out, gold first, with the solution's own summary as the episode", async () => {
    const inputs: JudgeInput[] = [];
    const scorer = createHCreativityScorer({ corpus, judge: distanceJudge(inputs), k: 3 });
    const tiers = await scoreMedalTiers(corpus, scorer);
    expect(tiers.map((tier) => [tier.medal, tier.solutions])).toEqual([
      ['gold', 2],
      ['silver', 1],
      ['bronze', 1],
    ]);
    expect(inputs).toHaveLength(4);
    for (const input of inputs) {
      const id = input.episode.id;
      expect(input.episode.plan).toBe(corpus.entry(id)!.summary);
      expect(input.earlier.map((neighbour) => neighbour.id)).not.toContain(`corpus:${id}`);
      expect(input.earlier).toHaveLength(3);
    }
    // Each tier's mean is the mean of its solutions' leave-one-out scores.
    const expected = async (id: string) =>
      scorer.score({ id, plan: '', code: '', approach: corpus.entry(id)!.summary }, 'check', { exclude: [id] });
    const gold = await Promise.all(['gold-lgbm', 'gold-stack'].map(expected));
    expect(tiers[0]!.meanDistance).toBeCloseTo((gold[0]!.distance + gold[1]!.distance) / 2, 10);
    expect(tiers[0]!.meanH).toBeCloseTo((gold[0]!.score + gold[1]!.score) / 2, 10);
    // Without itself, the gold LightGBM's nearest solution is its near twin.
    expect(gold[0]!.neighbours[0]!.id).toBe('lgbm-2');
    expect(gold[0]!.neighbours.map((neighbour) => neighbour.id)).not.toContain('gold-lgbm');
  });

  it('gives no tiers for a corpus without medals', async () => {
    const input = join(directory, 'plain.jsonl');
    writeFileSync(
      input,
      `${JSON.stringify({ id: 'a', task: 'plain', text: 'LightGBM' })}\n${JSON.stringify({ id: 'b', task: 'plain', text: 'ridge regression' })}\n`,
    );
    const { corpus: plain } = await buildCorpus({
      trajectories: trajectoryReader,
      inputs: [input],
      task: 'plain',
      out: join(directory, 'plain'),
    });
    expect(await scoreMedalTiers(plain, createHCreativityScorer({ corpus: plain }))).toEqual([]);
    expect(nearestHumanNeighbourTimeline(plain, [])).toBeNull();
  });

  it('places the nearest human neighbours on the timeline in quartiles of the dated human solutions', () => {
    // Dated human solutions in time order: silver-xgb (2019-01-01), gold-lgbm, gold-stack, bronze-rf, lgbm-2, cnn,
    // logreg: 7, so quartiles of ranks {0,1}, {2,3}, {4,5}, {6}. svm's date is unreadable, knn has none, and the
    // trajectory's episodes are agents', not humans'.
    const neighbours = (...ids: string[]) => ({ neighbours: ids.map((id) => ({ id, similarity: 0.5 })) });
    const trajectoryId = corpus.entries().find((entry) => entry.origin === 'trajectory')!.id;
    const timeline = nearestHumanNeighbourTimeline(corpus, [
      neighbours('gold-lgbm'),
      neighbours(trajectoryId, 'silver-xgb'),
      neighbours('lgbm-2', 'gold-lgbm'),
      neighbours('cnn'),
      neighbours('logreg'),
      neighbours('logreg'),
      neighbours('svm', 'cnn'),
      neighbours('knn'),
      neighbours(trajectoryId),
      neighbours(),
    ])!;
    expect(timeline).toMatchObject({ datedSolutions: 7, episodes: 10, placed: 6, undated: 2, withoutHumanNeighbour: 2 });
    expect(timeline.quartiles.map((quartile) => [quartile.solutions, quartile.episodes])).toEqual([
      [2, 2],
      [2, 0],
      [2, 2],
      [1, 2],
    ]);
    expect(timeline.quartiles[0]).toMatchObject({ quartile: 1, from: '2019-01-01', to: '2019-01-10', share: 2 / 6 });
    expect(timeline.quartiles[3]).toMatchObject({ quartile: 4, from: '2021-05-05', to: '2021-05-05' });
  });

  it('reads timestamps as ISO dates or seconds since the epoch', () => {
    expect(solutionTime('2019-01-10')).toBe(Date.UTC(2019, 0, 10));
    expect(solutionTime(1_546_300_800)).toBe(Date.UTC(2019, 0, 1));
    expect(solutionTime('1546300800')).toBe(Date.UTC(2019, 0, 1));
    expect(solutionTime('not a date')).toBeNull();
    expect(solutionTime(null)).toBeNull();
  });
});
