import { describe, expect, it } from 'vitest';
import type { EmbeddingInput } from '../../src/embedder/embedder.js';
import { HashingEmbedder } from '../../src/embedder/hashing-embedder.js';
import { InvalidOptionsError } from '../../src/errors/invalid-options-error.js';

const lightgbm: EmbeddingInput = {
  plan: 'Train a LightGBM regressor on log-transformed prices with 5-fold cross-validation.',
  code: [
    'import pandas as pd',
    'import lightgbm as lgb',
    'from sklearn.model_selection import KFold',
    'train = pd.read_csv("train.csv")',
    'y = train["SalePrice"]',
    'kf = KFold(n_splits=5, shuffle=True, random_state=42)',
    'for train_idx, val_idx in kf.split(train):',
    '    model = lgb.LGBMRegressor(n_estimators=500, learning_rate=0.05)',
    '    model.fit(train.iloc[train_idx], y.iloc[train_idx])',
  ].join('\n'),
};

// The same method with other comments, blank lines, indentation of continuation lines and hyper-parameters.
const lightgbmRestyled: EmbeddingInput = {
  plan: lightgbm.plan,
  code: [
    '# Load the data',
    'import pandas as pd',
    'import lightgbm as lgb',
    'from sklearn.model_selection import KFold',
    '',
    'train = pd.read_csv("./input/train.csv")  # training set',
    "y = train['SalePrice']",
    'kf = KFold(n_splits=10, shuffle=True, random_state=7)',
    'for train_idx, val_idx in kf.split(train):',
    '    model = lgb.LGBMRegressor(',
    '        n_estimators=3000,  # more trees',
    '        learning_rate=0.005,',
    '    )',
    '    model.fit(train.iloc[train_idx], y.iloc[train_idx])',
  ].join('\n'),
};

const xgboost: EmbeddingInput = {
  plan: 'Train an XGBoost regressor on log-transformed prices with 5-fold cross-validation.',
  code: lightgbm.code.replace('import lightgbm as lgb', 'import xgboost as xgb').replace('lgb.LGBMRegressor', 'xgb.XGBRegressor'),
};

const cnn: EmbeddingInput = {
  plan: 'Fine-tune a small convolutional network on the images with Adam and cross-entropy loss.',
  code: [
    'import torch',
    'import torch.nn as nn',
    'class Net(nn.Module):',
    '    def __init__(self):',
    '        super().__init__()',
    '        self.conv = nn.Conv2d(3, 16, 3)',
    '        self.head = nn.Linear(16, 2)',
    'model = Net()',
    'optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)',
    'loss_fn = nn.CrossEntropyLoss()',
  ].join('\n'),
};

function cosine(first: Float32Array, second: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < first.length; index += 1) sum += first[index]! * second[index]!;
  return sum;
}

function norm(vector: Float32Array): number {
  return Math.sqrt(cosine(vector, vector));
}

describe('HashingEmbedder', () => {
  it('implements the Embedder role with a settings id', () => {
    const embedder = new HashingEmbedder();
    expect(embedder.specificationVersion).toBe('v1');
    expect(embedder.dimensions).toBe(512);
    expect(embedder.id).toBe('hashing-v1/512');
    expect(new HashingEmbedder({ dimensions: 256 }).id).toBe('hashing-v1/256');
    expect(new HashingEmbedder({ planWeight: 0.5 }).id).toMatch(/^hashing-v1\/512\/[0-9a-f]{8}$/);
    expect(new HashingEmbedder({ planWeight: 0.5 }).id).not.toBe(new HashingEmbedder({ planWeight: 0.6 }).id);
  });

  it('returns deterministic, L2-normalised vectors of the configured dimension', () => {
    for (const dimensions of [64, 512, 1000]) {
      const first = new HashingEmbedder({ dimensions }).embedOne(lightgbm);
      const second = new HashingEmbedder({ dimensions }).embedOne(lightgbm);
      expect(first).toBeInstanceOf(Float32Array);
      expect(first).toHaveLength(dimensions);
      expect(Array.from(second)).toEqual(Array.from(first));
      expect(norm(first)).toBeCloseTo(1, 5);
    }
  });

  it('gives a unit vector to empty and one-sided inputs', () => {
    const embedder = new HashingEmbedder();
    for (const input of [
      { plan: '', code: '' },
      { plan: 'only a plan', code: '' },
      { plan: '', code: 'fit(model)' },
      { plan: '# 1 2 3', code: '"""doc"""' },
    ]) {
      expect(norm(embedder.embedOne(input))).toBeCloseTo(1, 5);
    }
    expect(norm(new HashingEmbedder({ planWeight: 0 }).embedOne({ plan: 'only a plan', code: '' }))).toBeCloseTo(1, 5);
  });

  it('does not reward style: comments, whitespace and numeric literals leave the vector unchanged', () => {
    const embedder = new HashingEmbedder();
    expect(Array.from(embedder.embedOne(lightgbmRestyled))).toEqual(Array.from(embedder.embedOne(lightgbm)));
  });

  it('ranks a switch of model below a restyle, and a switch of paradigm lower still', () => {
    const embedder = new HashingEmbedder();
    const base = embedder.embedOne(lightgbm);
    const restyled = cosine(base, embedder.embedOne(lightgbmRestyled));
    const otherBooster = cosine(base, embedder.embedOne(xgboost));
    const otherParadigm = cosine(base, embedder.embedOne(cnn));
    expect(restyled).toBeCloseTo(1, 5);
    expect(otherBooster).toBeLessThan(0.95);
    expect(otherParadigm).toBeLessThan(otherBooster);
  });

  it('splits cosine similarity between plan and code by planWeight', () => {
    const codeOnly = new HashingEmbedder({ planWeight: 0 });
    const planOnly = new HashingEmbedder({ planWeight: 1 });
    const mixed = new HashingEmbedder({ planWeight: 0.3 });
    const expected =
      0.3 * cosine(planOnly.embedOne(lightgbm), planOnly.embedOne(xgboost)) +
      0.7 * cosine(codeOnly.embedOne(lightgbm), codeOnly.embedOne(xgboost));
    expect(cosine(mixed.embedOne(lightgbm), mixed.embedOne(xgboost))).toBeCloseTo(expected, 5);
    expect(Array.from(codeOnly.embedOne({ ...lightgbm, plan: 'something else entirely' }))).toEqual(
      Array.from(codeOnly.embedOne(lightgbm)),
    );
  });

  it('embeds asynchronously and synchronously alike, and honours an abort signal', async () => {
    const embedder = new HashingEmbedder();
    const vectors = await embedder.embed([lightgbm, cnn]);
    expect(vectors.map((vector) => Array.from(vector))).toEqual(embedder.embedSync([lightgbm, cnn]).map((vector) => Array.from(vector)));
    const controller = new AbortController();
    controller.abort();
    await expect(embedder.embed([lightgbm], { signal: controller.signal })).rejects.toThrow();
  });

  it('learns IDF online: observed words weigh less, so shared boilerplate stops making episodes alike', () => {
    const embedder = new HashingEmbedder();
    const before = cosine(embedder.embedOne(lightgbm), embedder.embedOne(xgboost));
    const vectorBefore = embedder.embedOne(lightgbm);
    expect(embedder.idfDocumentCount).toBe(0);
    embedder.observe([lightgbm, lightgbmRestyled, xgboost]);
    expect(embedder.idfDocumentCount).toBe(3);
    expect(Array.from(embedder.embedOne(lightgbm))).not.toEqual(Array.from(vectorBefore));
    expect(cosine(embedder.embedOne(lightgbm), embedder.embedOne(xgboost))).toBeLessThan(before);
    expect(embedder.id).toBe('hashing-v1/512');
  });

  it('forks into a fresh embedder with the same options and no learned IDF', () => {
    const embedder = new HashingEmbedder({ dimensions: 128 });
    embedder.observe([lightgbm, xgboost]);
    const fork = embedder.fork();
    expect(fork).not.toBe(embedder);
    expect(fork.id).toBe(embedder.id);
    expect(fork.idfDocumentCount).toBe(0);
    expect(Array.from(fork.embedOne(cnn))).toEqual(Array.from(new HashingEmbedder({ dimensions: 128 }).embedOne(cnn)));
    fork.observe([cnn]);
    expect(embedder.idfDocumentCount).toBe(2);
  });

  it('freezes IDF from a corpus: observe is a no-op and forks keep the corpus', () => {
    const frozen = HashingEmbedder.fromCorpus([lightgbm, xgboost, cnn]);
    expect(frozen.id).toMatch(/^hashing-v1\/512\/[0-9a-f]{8}$/);
    expect(frozen.idfDocumentCount).toBe(3);
    const vector = Array.from(frozen.embedOne(lightgbm));
    frozen.observe([lightgbm, lightgbm, lightgbm]);
    expect(Array.from(frozen.embedOne(lightgbm))).toEqual(vector);
    const fork = frozen.fork();
    expect(fork.id).toBe(frozen.id);
    expect(Array.from(fork.embedOne(lightgbm))).toEqual(vector);

    const online = new HashingEmbedder();
    online.observe([lightgbm, xgboost, cnn]);
    expect(Array.from(online.embedOne(lightgbm))).toEqual(vector);
  });

  it('round-trips a frozen IDF through JSON', () => {
    const learned = new HashingEmbedder({ dimensions: 256 });
    learned.observe([lightgbm, cnn]);
    const idf = JSON.parse(JSON.stringify(learned.frozenIdf()));
    const restored = new HashingEmbedder({ dimensions: 256, idf });
    expect(Array.from(restored.embedOne(xgboost))).toEqual(Array.from(learned.embedOne(xgboost)));
    expect(restored.id).toBe(HashingEmbedder.fromCorpus([lightgbm, cnn], { dimensions: 256 }).id);
    expect(() => new HashingEmbedder().frozenIdf()).toThrow(/no documents/);
    expect(() => HashingEmbedder.fromCorpus([])).toThrow(/empty/);
  });

  it('throws InvalidOptionsError naming the bad option', () => {
    const attempts: [unknown, string][] = [
      [{ dimensions: 0 }, 'dimensions'],
      [{ dimensions: 12.5 }, 'dimensions'],
      [{ planWeight: 2 }, 'planWeight'],
      [{ codeLanguage: 'rust' }, 'codeLanguage'],
      [{ dimension: 512 }, ''],
      [{ idf: { mode: 'frozen', documentCount: 1, documentFrequencies: { nothex: 1 } } }, 'idf.documentFrequencies'],
    ];
    for (const [options, path] of attempts) {
      try {
        new HashingEmbedder(options as never);
        expect.unreachable(`accepted ${JSON.stringify(options)}`);
      } catch (error) {
        expect(InvalidOptionsError.isInstance(error)).toBe(true);
        expect((error as InvalidOptionsError).issues[0]?.path.startsWith(path)).toBe(true);
      }
    }
  });
});
