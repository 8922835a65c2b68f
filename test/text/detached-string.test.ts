import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detachedString } from '../../src/text/detached-string.js';

describe('detachedString', () => {
  it('copies every UTF-16 code unit as it is, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(detachedString(text)).toBe(text);
      }),
    );
    expect(detachedString('a\ud800b\udfff')).toBe('a\ud800b\udfff');
    expect(detachedString('')).toBe('');
  });

  it('copies a slice of a longer text', () => {
    const text = `${'x'.repeat(1000)}import numpy as np${'y'.repeat(1000)}`;
    expect(detachedString(text.slice(1000, 1018))).toBe('import numpy as np');
  });
});
