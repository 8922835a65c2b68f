import { describe, expect, it } from 'vitest';
import { planTermHash, scanPlanTerms, tokenizePlan } from '../../src/embedder/plan-tokenizer.js';

describe('tokenizePlan', () => {
  it('lower-cases, drops stop words and numbers, folds plurals and forms bigrams within sentences', () => {
    expect(tokenizePlan('We train 3 models. Losses drop!')).toEqual(['train', 'model', 'train model', 'loss', 'drop', 'loss drop']);
  });

  it('keeps dotted API names and identifiers whole and as parts', () => {
    const tokens = tokenizePlan('Use torch.optim.AdamW with LGBMClassifier');
    expect(tokens).toEqual(
      expect.arrayContaining(['torch.optim.adamw', 'torch', 'optim', 'adamw', 'adam', 'lgbmclassifier', 'lgbm', 'classifier']),
    );
    expect(tokens).toContain('adamw lgbmclassifier');
  });

  it('treats hyphenated words as compounds and drops numeric segments', () => {
    const tokens = tokenizePlan('5-fold cross-validation with a 1e-3 learning rate and 32x32 images');
    expect(tokens).toEqual(
      expect.arrayContaining(['fold', 'cross-validation', 'cross', 'validation', 'cross validation', 'learning rate']),
    );
    expect(tokens.some((token) => /\d/.test(token))).toBe(false);
  });

  it('honours maxNgram', () => {
    expect(tokenizePlan('gradient boosted trees', { maxNgram: 1 })).toEqual(['gradient', 'boosted', 'tree']);
    expect(tokenizePlan('gradient boosted trees', { maxNgram: 3 })).toContain('gradient boosted tree');
  });

  it('hands scanPlanTerms sinks the planTermHash of each token', () => {
    const plan = 'Fine-tune DistilBERT on SST-2 and AG News; compare with a TF-IDF logistic regression.';
    const hashes: number[] = [];
    scanPlanTerms(plan, { maxNgram: 3 }, (hash) => hashes.push(hash));
    expect(hashes).toEqual(tokenizePlan(plan, { maxNgram: 3 }).map(planTermHash));
  });
});
