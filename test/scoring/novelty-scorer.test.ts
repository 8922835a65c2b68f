import { describe, expect, it } from 'vitest';
import type { Embedder, EmbeddingInput } from '../../src/embedder/embedder.js';
import { HashingEmbedder } from '../../src/embedder/hashing-embedder.js';
import type { EpisodeScoredEvent } from '../../src/events/novelty-events.js';
import { InvalidOptionsError } from '../../src/index.js';
import { createNoveltyScorer } from '../../src/scoring/novelty-scorer.js';
import { createExactVectorIndex } from '../../src/vector-index/index.js';

/** A HashingEmbedder that counts what it is asked to embed and learn. */
class CountingEmbedder implements Embedder {
  readonly specificationVersion = 'v1' as const;
  readonly inner = new HashingEmbedder({ dimensions: 64 });
  readonly id = this.inner.id;
  readonly dimensions = 64;
  embedded = 0;
  observed = 0;
  async embed(inputs: readonly EmbeddingInput[]) {
    this.embedded += inputs.length;
    return this.inner.embed(inputs);
  }
  observe(inputs: readonly EmbeddingInput[]) {
    this.observed += inputs.length;
    this.inner.observe(inputs);
  }
}

const lightgbm = {
  id: 'a',
  plan: 'Train a LightGBM model with 5-fold cross-validation.',
  code: 'import lightgbm as lgb\nmodel = lgb.LGBMRegressor()\nmodel.fit(X, y)',
};
const sameAgain = { id: 'b', plan: lightgbm.plan, code: `${lightgbm.code}  # again` };
const cnn = {
  id: 'c',
  plan: 'Fine-tune a pretrained ResNet on the images with augmentation.',
  code: 'import torchvision\nmodel = torchvision.models.resnet18(weights="DEFAULT")\ntransforms.RandomHorizontalFlip()',
};

describe('createNoveltyScorer', () => {
  it('scores before the outcome, learns only valid outcomes, and embeds each node once', async () => {
    const embedder = new CountingEmbedder();
    const scorer = createNoveltyScorer({ runId: 'r', embedder, index: createExactVectorIndex({ dimensions: 64 }) });
    const first = await scorer.score(lightgbm);
    expect(first.priorEpisodes).toBe(0);
    expect(Object.values(first.scores).every((value) => value === 1)).toBe(true);
    await scorer.observe(lightgbm, { valid: true });
    expect(embedder.embedded).toBe(1);
    expect(embedder.observed).toBe(1);
    expect(scorer.size).toBe(1);

    const repeat = await scorer.score(sameAgain);
    expect(repeat.scores['nearest-neighbour']).toBeCloseTo(0, 6);
    expect(repeat.scores['unique-code']).toBe(0);
    expect(repeat.nearest[0]?.id).toBe('a');
    await scorer.observe(sameAgain, { valid: false });
    expect(scorer.size).toBe(1);
    expect(embedder.observed).toBe(1);

    const different = await scorer.score(cnn);
    expect(different.scores['nearest-neighbour']).toBeGreaterThan(0.5);
    expect(different.scores['concept-set']).toBeGreaterThan(0.5);
    expect(different.concepts.length).toBeGreaterThan(0);
  });

  it('emits episode-scored with scores and timing, and a throwing listener breaks nothing', async () => {
    let clock = 0;
    const scorer = createNoveltyScorer({ clock: () => (clock += 1) });
    const seen: EpisodeScoredEvent[] = [];
    const listenerErrors: unknown[] = [];
    scorer.events.on('episode-scored', () => {
      throw new Error('faulty logger');
    });
    scorer.events.on('episode-scored', (event) => seen.push(event));
    scorer.events.on('listener-error', ({ error }) => listenerErrors.push(error));
    const score = await scorer.score(lightgbm);
    expect(seen).toEqual([score]);
    expect(score.timing.totalMs).toBeGreaterThan(0);
    expect(score.timing.embeddingMs).toBeGreaterThan(0);
    expect((listenerErrors[0] as Error).message).toBe('faulty logger');
  });

  it('refuses to observe the same episode twice', async () => {
    const scorer = createNoveltyScorer();
    await scorer.observe(lightgbm, { valid: true });
    await expect(scorer.observe(lightgbm, { valid: true })).rejects.toThrow(/already observed/);
  });

  it('names a bad option', () => {
    expect(() => createNoveltyScorer({ nearest: -1 })).toThrow(InvalidOptionsError);
    expect(() => createNoveltyScorer({ embedder: {} as Embedder })).toThrow(/createNoveltyScorer: embedder/);
  });
});
