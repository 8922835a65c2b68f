import { describe, expect, it } from 'vitest';
import { detectCodeLanguage } from '../../src/text/code-language.js';
import { scanCodeTerms, tokenizeCode } from '../../src/embedder/code-tokenizer.js';
import { codeTermHash } from '../../src/embedder/identifier-tokens.js';

describe('tokenizeCode', () => {
  it('splits camelCase and snake_case identifiers and keeps them whole', () => {
    const tokens = tokenizeCode('model = LGBMClassifier(n_estimators=500)\n');
    expect(tokens).toEqual(['model', 'lgbmclassifier', 'lgbm', 'classifier', 'n_estimators', 'estimators']);
  });

  it('keeps dotted API names whole and as parts', () => {
    const tokens = tokenizeCode('optimizer = torch.optim.AdamW(params)\n');
    expect(tokens).toContain('torch.optim.adamw');
    expect(tokens).toEqual(expect.arrayContaining(['torch', 'optim', 'adamw', 'adam']));
    expect(tokenizeCode('clf = lightgbm.LGBMClassifier()\n')).toContain('lightgbm.lgbmclassifier');
  });

  it('resolves Python import aliases, so how a name is imported does not matter', () => {
    const aliased = tokenizeCode('import lightgbm as lgb\nmodel = lgb.LGBMClassifier()\n');
    const fromImport = tokenizeCode('from lightgbm import LGBMClassifier\nmodel = LGBMClassifier()\n');
    expect(aliased).toContain('lightgbm.lgbmclassifier');
    expect(fromImport).toContain('lightgbm.lgbmclassifier');
    expect(aliased).not.toContain('lgb');
    expect(tokenizeCode('import numpy as np\nx = np.zeros(3)\n')).toContain('numpy.zeros');
    expect(tokenizeCode('import torch.nn.functional as F\ny = F.relu(x)\n')).toContain('torch.nn.functional.relu');
  });

  it('resolves an alias only from its import statement on and case-sensitively', () => {
    const tokens = tokenizeCode('def f(x):\n    return x\nimport torch.nn.functional as F\nF.relu(f(1))\n');
    expect(tokens.filter((token) => token === 'torch.nn.functional.relu')).toHaveLength(1);
    expect(tokens).not.toContain('f');
  });

  it('drops self/this receivers from dotted names', () => {
    expect(tokenizeCode('self.encoder.forward(x)\n', { language: 'python' })).toEqual(['encoder', 'forward', 'encoder.forward']);
  });

  it('strips Python comments, docstrings, string literals (with prefixes) and numbers', () => {
    const code = [
      '"""Module docstring mentioning xgboost."""',
      'x = 0.5 + 1e-3 + 3_000 + 0x1F + .25 + 2j  # comment about catboost',
      "s = 'ridge' + \"lasso\" + f'{svm}' + r'\\d+' + b'bytes' + '''triple ''' ",
      'y = model',
    ].join('\n');
    expect(tokenizeCode(code)).toEqual(['model']);
  });

  it('strips C-family comments and strings', () => {
    const code = 'const a = 1; // lightgbm\n/* xgboost\n catboost */ let b = `template ${c}` + "str" + \'s\';\nfit(model);\n';
    expect(detectCodeLanguage(code)).toBe('c-family');
    expect(tokenizeCode(code)).toEqual(['fit', 'model']);
  });

  it('drops keywords, builtins and one-letter names', () => {
    expect(tokenizeCode('for i in range(len(X)):\n    print(i)\n')).toEqual([]);
  });

  it('keeps name-like string literals when asked', () => {
    const code = 'tok = AutoTokenizer.from_pretrained("bert-base-uncased")\nds = load_dataset("ag_news", "a long sentence")\n';
    expect(tokenizeCode(code)).not.toContain('bert-base-uncased');
    const tokens = tokenizeCode(code, { keepNameStrings: true });
    expect(tokens).toEqual(expect.arrayContaining(['bert-base-uncased', 'bert', 'uncased', 'ag_news', 'news']));
    expect(tokens.some((token) => token.includes('sentence'))).toBe(false);
  });

  it('gives the same tokens whatever the comments, whitespace and numbers', () => {
    const first = 'import lightgbm as lgb\nmodel = lgb.LGBMRegressor(n_estimators=100, learning_rate=0.1)\nmodel.fit(X, y)\n';
    const second = [
      '# Train a gradient-boosted model',
      'import lightgbm as lgb',
      '',
      'model = lgb.LGBMRegressor(   # tuned',
      '    n_estimators=2000,',
      '    learning_rate=0.01,',
      ')',
      'model.fit(X, y)  # fit it',
    ].join('\n');
    expect(tokenizeCode(second)).toEqual(tokenizeCode(first));
  });

  it('hands scanCodeTerms sinks the codeTermHash of each token', () => {
    const code = 'import numpy as np\nfrom torch.optim import AdamW\nopt = AdamW(self.net.parameters())\nz = np.linalg.norm(v)\n';
    const tokens: string[] = [];
    const hashes: number[] = [];
    scanCodeTerms(code, { keepNameStrings: true }, (hash, prefix, start, end) => {
      tokens.push((prefix + code.slice(start, end)).toLowerCase());
      hashes.push(hash);
    });
    expect(tokens).toEqual(tokenizeCode(code, { keepNameStrings: true }));
    expect(hashes).toEqual(tokens.map(codeTermHash));
  });

  it('detects Python and C-family code', () => {
    expect(detectCodeLanguage('import torch\nx = 1\n')).toBe('python');
    expect(detectCodeLanguage('def main():\n    pass\n')).toBe('python');
    expect(detectCodeLanguage("import { x } from 'y';\nconst z = 1;\n")).toBe('c-family');
    expect(detectCodeLanguage('x <- 1 # R\n')).toBe('python');
  });

  it('keeps floor division in Python apart from C comments', () => {
    expect(tokenizeCode('half = total // batch_size\n', { language: 'python' })).toEqual(['half', 'total', 'batch_size', 'batch', 'size']);
  });
});
