import { describe, expect, it } from 'vitest';
import type { Embedder, EmbeddingInput } from '../../src/embedder/embedder.js';

/** Makes a fresh embedder of the implementation under test (with its default or test settings). */
export type EmbedderFactory = () => Embedder | Promise<Embedder>;

const inputs: readonly EmbeddingInput[] = [
  {
    plan: 'Train a LightGBM regressor with 5-fold cross-validation.',
    code: 'import lightgbm as lgb\nmodel = lgb.LGBMRegressor()\nmodel.fit(x, y)',
  },
  {
    plan: 'Fine-tune a small convolutional network with Adam.',
    code: 'import torch\nnet = torch.nn.Conv2d(3, 16, 3)\nopt = torch.optim.Adam(net.parameters())',
  },
  {
    plan: 'Ridge regression on TF-IDF features of the text.',
    code: 'from sklearn.linear_model import Ridge\nfrom sklearn.feature_extraction.text import TfidfVectorizer',
  },
];

/**
 * The `Embedder` conformance suite: one unit-norm `Float32Array` of `dimensions` per input, in order and
 * independent of batching, deterministic across calls and instances, empty plans and code handled, an empty batch
 * gives `[]`, returned vectors are the caller's to modify, and an aborted signal rejects. Every implementation runs it.
 */
export function describeEmbedder(name: string, factory: EmbedderFactory): void {
  describe(`${name} (Embedder conformance)`, () => {
    it('identifies itself', async () => {
      const embedder = await factory();
      expect(embedder.specificationVersion).toBe('v1');
      expect(typeof embedder.id).toBe('string');
      expect(embedder.id.length).toBeGreaterThan(0);
    });

    it('returns [] for an empty batch', async () => {
      const embedder = await factory();
      await expect(embedder.embed([])).resolves.toEqual([]);
    });

    it('returns one unit-norm Float32Array of `dimensions` per input', async () => {
      const embedder = await factory();
      const vectors = await embedder.embed(inputs);
      expect(vectors).toHaveLength(inputs.length);
      for (const vector of vectors) {
        expect(vector).toBeInstanceOf(Float32Array);
        expect(vector).toHaveLength(embedder.dimensions);
        expect(norm(vector)).toBeCloseTo(1, 5);
      }
    });

    it('keeps the order of the inputs, whatever the batching', async () => {
      const embedder = await factory();
      const together = await embedder.embed(inputs);
      const reversed = await (await factory()).embed([...inputs].reverse());
      const single = await factory();
      for (const [index, input] of inputs.entries()) {
        const [alone] = await single.embed([input]);
        expectClose(together[index]!, alone!);
        expectClose(reversed[inputs.length - 1 - index]!, alone!);
      }
      expect(cosine(together[0]!, together[1]!)).toBeLessThan(0.99);
    });

    it('is deterministic across calls and instances, and for duplicates in one batch', async () => {
      const embedder = await factory();
      const first = await embedder.embed(inputs);
      const again = await embedder.embed(inputs);
      const other = await (await factory()).embed(inputs);
      const [left, right] = await embedder.embed([inputs[1]!, inputs[1]!]);
      for (const [index, vector] of first.entries()) {
        expectClose(again[index]!, vector);
        expectClose(other[index]!, vector);
      }
      expectClose(left!, first[1]!);
      expectClose(right!, first[1]!);
    });

    it('handles an empty plan, empty code, or both', async () => {
      const embedder = await factory();
      const vectors = await embedder.embed([
        { plan: '', code: '' },
        { plan: 'Gradient boosting on the raw features.', code: '' },
        { plan: '', code: 'import xgboost\nmodel = xgboost.XGBClassifier()' },
      ]);
      for (const vector of vectors) {
        expect(vector).toHaveLength(embedder.dimensions);
        expect(norm(vector)).toBeCloseTo(1, 5);
      }
    });

    it('returns vectors the caller may modify without affecting later results', async () => {
      const embedder = await factory();
      const [vector] = await embedder.embed([inputs[0]!]);
      const copy = vector!.slice();
      vector!.fill(0);
      const [again] = await embedder.embed([inputs[0]!]);
      expectClose(again!, copy);
    });

    it('rejects when the signal is already aborted', async () => {
      const embedder = await factory();
      const controller = new AbortController();
      controller.abort(new Error('stop'));
      await expect(embedder.embed(inputs, { signal: controller.signal })).rejects.toThrow('stop');
    });
  });
}

function norm(vector: Float32Array): number {
  return Math.sqrt(vector.reduce((sum, component) => sum + component * component, 0));
}

function cosine(left: Float32Array, right: Float32Array): number {
  return left.reduce((sum, component, index) => sum + component * right[index]!, 0);
}

function expectClose(actual: Float32Array, expected: Float32Array): void {
  expect(actual).toHaveLength(expected.length);
  expect(Math.max(...actual.map((component, index) => Math.abs(component - expected[index]!)))).toBeLessThan(1e-6);
}
