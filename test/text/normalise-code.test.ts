import { describe, expect, it } from 'vitest';
import { normaliseCode } from '../../src/index.js';

describe('normaliseCode', () => {
  it('drops comments and folds whitespace', () => {
    const a = 'import numpy as np\n\n# load data\nx = np.zeros(3)  # three\n';
    const b = 'import numpy as np\nx=np.zeros(3)\n';
    expect(normaliseCode(a)).toBe(normaliseCode(b));
    expect(normaliseCode(b)).toBe('import numpy as np x=np.zeros(3)');
  });

  it('keeps string and numeric literals, and # inside strings', () => {
    expect(normaliseCode('print("a # not a comment")')).toBe('print("a # not a comment")');
    expect(normaliseCode('lr = 0.1')).not.toBe(normaliseCode('lr = 0.01'));
    expect(normaliseCode('"""doc\n# still doc"""\nx=1')).toBe('"""doc\n# still doc"""x=1');
  });

  it('handles C-style comments in C-family code', () => {
    expect(normaliseCode('a = 1; // one\n/* block\n */ b = 2;')).toBe('a=1;b=2;');
  });

  it('keeps Python floor division, which is not a comment', () => {
    const python = (divisor: string) => `import numpy as np\nhalf = n // ${divisor}\n`;
    expect(normaliseCode(python('2'))).toBe('import numpy as np half=n//2');
    expect(normaliseCode(python('2'))).not.toBe(normaliseCode(python('3')));
  });
});
