import { describe, expect, it } from 'vitest';
import { splitIdentifier } from '../../src/embedder/split-identifier.js';

describe('splitIdentifier', () => {
  it.each([
    ['LGBMClassifier', ['lgbm', 'classifier']],
    ['lgbm_classifier', ['lgbm', 'classifier']],
    ['camelCaseName', ['camel', 'case', 'name']],
    ['AdamW', ['adam', 'w']],
    ['HTTPServer', ['http', 'server']],
    ['resnet50', ['resnet', '50']],
    ['Conv2d', ['conv', '2', 'd']],
    ['__init__', ['init']],
    ['X_train', ['x', 'train']],
    ['lightgbm', ['lightgbm']],
    ['', []],
  ])('%s → %j', (identifier, parts) => {
    expect(splitIdentifier(identifier)).toEqual(parts);
  });
});
