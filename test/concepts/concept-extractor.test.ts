import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Concept } from '../../src/concepts/concept.js';
import { ConceptExtractor } from '../../src/concepts/concept-extractor.js';
import { InvalidArgumentError } from '../../src/errors/invalid-argument-error.js';
import { InvalidOptionsError } from '../../src/errors/invalid-options-error.js';
import { hasSharedData, sharedDataPath } from '../support/shared-data.js';

const extractor = new ConceptExtractor();

function cosine(first: Float32Array, second: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < first.length; index += 1) sum += first[index]! * second[index]!;
  return sum;
}

describe('ConceptExtractor', () => {
  it('matches aliases in any spelling: LGBMClassifier, lightgbm and LightGBM are all LightGBM', () => {
    expect(extractor.extractFromText('clf = LGBMClassifier()')).toEqual(['lightgbm']);
    expect(extractor.extractFromText('import lightgbm as lgb')).toEqual(['lightgbm']);
    expect(extractor.extractFromText('We train a LightGBM model.')).toEqual(['lightgbm']);
    expect(extractor.extractFromText('Use light-gbm here')).toEqual(['lightgbm']);
  });

  it('matches multi-word aliases across separators and plurals', () => {
    for (const text of ['5-fold cross-validation', 'cross_val_score(model)', 'crossValidation', 'Cross Validation']) {
      expect(extractor.extractFromText(text)).toContain('cross-validation');
    }
    expect(extractor.extractFromText('an ensemble of random forests')).toEqual(['ensemble', 'random-forest']);
    expect(extractor.extractFromText('gradient boosted trees')).toEqual(['gradient-boosted-trees']);
  });

  it('is word-boundary aware: no svm inside svmlight, no gan inside organ, no adam inside adamant', () => {
    expect(extractor.extractFromText('load_svmlight_file(path)')).toEqual([]);
    expect(extractor.extractFromText('organ donors')).toEqual([]);
    expect(extractor.extractFromText('an adamant reviewer')).toEqual([]);
    expect(extractor.extractFromText('svm_model = SVC(kernel="rbf")')).toEqual(['support-vector-machine']);
  });

  it("reads scikit-learn's ColumnTransformer as preprocessing, not as a transformer model", () => {
    expect(extractor.extractFromText('from sklearn.compose import ColumnTransformer\nct = ColumnTransformer([])')).toEqual([
      'column-transformer',
    ]);
    expect(extractor.extractFromText('from transformers import AutoModel  # a transformer encoder')).toContain('transformer');
  });

  // The class names of the shared trajectories' code that name a concept (swept 2026-12-02: every CamelCase name used
  // three or more times, read one by one), each with what it must mean; none of them matched a wrong concept.
  it.each([
    ['StandardScaler', ['feature-scaling']],
    ['LabelEncoder', ['label-encoding']],
    ['TfidfVectorizer', ['tf-idf']],
    ['CountVectorizer', ['bag-of-words']],
    ['LayerNorm', ['layer-normalisation']],
    ['BatchNorm1d', ['batch-normalisation']],
    ['MultiheadAttention', ['multi-head-attention']],
    ['MemoryTransformerLayer', ['transformer']],
    ['ImprovedTransformerXLModel', ['transformer-xl']],
    ['CosineAnnealingLR', ['cosine-annealing']],
    ['CrossEntropyLoss', ['cross-entropy']],
    ['RandomHorizontalFlip', ['flip']],
    ['DistilBertTokenizerFast', ['distilbert', 'subword-tokenisation']],
  ] as const)('reads the library class %s as %j', (name, concepts) => {
    expect(extractor.extractFromText(`x = ${name}()`)).toEqual([...concepts].sort());
  });

  it('prefers the longest alias: StratifiedKFold is stratified k-fold, AdamW is not also Adam', () => {
    expect(extractor.extractFromText('skf = StratifiedKFold(n_splits=5)')).toEqual(['stratified-k-fold']);
    expect(extractor.extractFromText('opt = torch.optim.AdamW(params)')).toEqual(['adamw']);
    expect(extractor.extractFromText('loss = nn.TripletMarginLoss(margin=1.0)')).toEqual(['triplet-loss']);
  });

  it('does not join words across punctuation that ends a phrase', () => {
    expect(extractor.extractFromText('x = random(seed)\nforest = 3')).toEqual([]);
    expect(extractor.extractFromText('We set a random seed. Forest plots follow.')).toEqual([]);
  });

  it('extracts sorted unique ids from plan and code together', () => {
    const ids = extractor.extract({
      plan: 'Fine-tune DistilBERT on SST-2 with AdamW and a linear warmup schedule.',
      code: 'from transformers import DistilBertForSequenceClassification\nds = load_dataset("glue", "sst2")\n',
    });
    expect(ids).toEqual([...new Set(ids)].sort());
    expect(ids).toEqual(
      expect.arrayContaining([
        'distilbert',
        'sst-2',
        'adamw',
        'warmup',
        'transfer-learning',
        'transformer',
        'huggingface-datasets',
        'glue',
      ]),
    );
  });

  it('gives categories, families and paradigms', () => {
    expect(extractor.categoryOf('lightgbm')).toBe('model');
    expect(extractor.categoryOf('gradient-boosted-trees')).toBe('model-family');
    expect(extractor.categoryOf('k-fold')).toBe('validation');
    expect(extractor.categoryOf('label-smoothing')).toBe('regulariser');
    expect(extractor.familyOf('lightgbm')).toBe('gradient-boosted-trees');
    expect(extractor.familyOf('roberta')).toBe('transformer');
    expect(extractor.familyOf('convolutional-network')).toBe('convolutional-network');
    expect(extractor.familyOf('dropout')).toBeUndefined();
    expect(extractor.paradigmOf('lightgbm')).toBe('tree-ensemble');
    expect(extractor.paradigmOf('ridge-regression')).toBe('linear');
    expect(extractor.paradigmOf('resnet')).toBe('convolutional-network');
    expect(extractor.paradigmOf('adam')).toBeUndefined();
    expect(extractor.ancestorsOf('lightgbm')).toEqual(['gradient-boosted-trees', 'tree-ensemble']);
    expect(extractor.groupByCategory(['xgboost', 'k-fold', 'lightgbm'])).toEqual({
      model: ['lightgbm', 'xgboost'],
      validation: ['k-fold'],
    });
    expect(() => extractor.categoryOf('no-such-concept')).toThrow(InvalidArgumentError);
  });

  it('adds ancestors when asked', () => {
    const withAncestors = new ConceptExtractor({ includeAncestors: true });
    expect(withAncestors.extractFromText('LGBMRegressor')).toEqual(['gradient-boosted-trees', 'lightgbm', 'tree-ensemble']);
  });

  it('embeds concepts so that one family is closer than one paradigm, one category, or nothing shared', () => {
    const similarity = (first: string, second: string): number =>
      cosine(extractor.conceptEmbedding(first), extractor.conceptEmbedding(second));
    expect(extractor.conceptEmbedding('lightgbm')).toHaveLength(extractor.embeddingDimensions);
    expect(similarity('lightgbm', 'lightgbm')).toBeCloseTo(1, 5);
    expect(similarity('lightgbm', 'xgboost')).toBeGreaterThan(similarity('lightgbm', 'random-forest'));
    expect(similarity('lightgbm', 'random-forest')).toBeGreaterThan(similarity('lightgbm', 'ridge-regression'));
    expect(similarity('lightgbm', 'ridge-regression')).toBeGreaterThan(0);
    expect(similarity('lightgbm', 'dropout')).toBe(0);
    expect(similarity('adam', 'adamw')).toBeGreaterThan(similarity('adam', 'sgd'));
    expect(similarity('bert', 'roberta')).toBeGreaterThan(similarity('bert', 'resnet'));
    expect(Array.from(new ConceptExtractor().conceptEmbedding('bert'))).toEqual(Array.from(extractor.conceptEmbedding('bert')));
  });

  it('accepts a custom vocabulary and rejects a malformed one naming the entry', () => {
    const vocabulary: Concept[] = [
      { id: 'boosting', name: 'Boosting', category: 'model-family', paradigm: 'tree-ensemble', aliases: ['boosting'] },
      { id: 'my-booster', name: 'My booster', category: 'model', parent: 'boosting', aliases: ['MyBooster', 'my booster'] },
    ];
    const custom = new ConceptExtractor({ vocabulary });
    expect(custom.extractFromText('model = MyBooster()')).toEqual(['my-booster']);
    expect(custom.paradigmOf('my-booster')).toBe('tree-ensemble');

    const attempts: [Concept[], string][] = [
      [[{ ...vocabulary[0]!, paradigm: undefined }], 'vocabulary.0.paradigm'],
      [[vocabulary[0]!, { ...vocabulary[1]!, parent: 'nothing' }], 'vocabulary.1.parent'],
      [[vocabulary[0]!, { ...vocabulary[1]!, aliases: ['boosting'] }], 'vocabulary.1.aliases.0'],
      [[vocabulary[0]!, { ...vocabulary[1]!, id: 'Not Kebab' }], 'vocabulary.1.id'],
      [[vocabulary[0]!, vocabulary[0]!], 'vocabulary.1.id'],
    ];
    for (const [bad, path] of attempts) {
      try {
        new ConceptExtractor({ vocabulary: bad });
        expect.unreachable(path);
      } catch (error) {
        expect(InvalidOptionsError.isInstance(error)).toBe(true);
        expect((error as InvalidOptionsError).issues.map((issue) => issue.path)).toContain(path);
      }
    }
  });
});

describe.skipIf(!hasSharedData)('ConceptExtractor on the shared trajectories', () => {
  const nodes = (file: string): { plan: string; code: string }[] =>
    (JSON.parse(readFileSync(sharedDataPath('trajectories', file), 'utf8')) as { nodes: { plan?: string; code?: string }[] }).nodes.map(
      (node) => ({
        plan: node.plan ?? '',
        code: node.code ?? '',
      }),
    );

  it('finds the models, encodings and validation of the AIDE house-prices run', () => {
    const found = new Set(nodes('aide-house-prices.journal.json').flatMap((node) => extractor.extract(node)));
    for (const id of [
      'lightgbm',
      'xgboost',
      'catboost',
      'ridge-regression',
      'k-fold',
      'one-hot-encoding',
      'label-encoding',
      'log-transform',
      'imputation',
    ]) {
      expect(found).toContain(id);
    }
  });

  it('finds the networks, losses and datasets of AI-Scientist-v2 runs', () => {
    const found = new Set(
      [
        'aisv2-benchmark-lifecycle-s4.journal.json',
        'aisv2-tracecode-contrastive-s4.journal.json',
        'aisv2-clarify-to-retrieve-s2.journal.json',
      ].flatMap((file) => nodes(file).flatMap((node) => extractor.extract(node))),
    );
    for (const id of [
      'convolutional-network',
      'lstm',
      'bert',
      'label-smoothing',
      'triplet-loss',
      'mc-dropout',
      'ag-news',
      'sst-2',
      'yelp',
      'mnist',
      'synthetic-data',
      'contrastive-learning',
    ]) {
      expect(found).toContain(id);
    }
  });
});
