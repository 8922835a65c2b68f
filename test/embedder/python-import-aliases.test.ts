import { describe, expect, it } from 'vitest';
import { readPythonImport } from '../../src/embedder/python-import-aliases.js';

describe('readPythonImport', () => {
  it('reads import … as …, from … import … [as …] and parenthesised lists', () => {
    expect(readPythonImport('import numpy as np, pandas as pd, os\n', 0)).toEqual([
      ['np', 'numpy'],
      ['pd', 'pandas'],
    ]);
    expect(readPythonImport('from lightgbm import LGBMClassifier, LGBMRegressor as Reg\n', 0)).toEqual([
      ['LGBMClassifier', 'lightgbm.LGBMClassifier'],
      ['Reg', 'lightgbm.LGBMRegressor'],
    ]);
    expect(readPythonImport('from torch.optim import (\n    Adam,  # default\n    AdamW,\n)\n', 0)).toEqual([
      ['Adam', 'torch.optim.Adam'],
      ['AdamW', 'torch.optim.AdamW'],
    ]);
    expect(readPythonImport('x = 1\nfrom . import utils\n', 6)).toEqual([['utils', 'utils']]);
    expect(readPythonImport('from x import *\n', 0)).toEqual([]);
    expect(readPythonImport('print(1)\n', 0)).toEqual([]);
  });
});
