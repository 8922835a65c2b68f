import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashSequence53, hashString53 } from '../../src/text/string-hash.js';
import { codeLines, hashedCodeLines } from '../../src/judges/code-lines.js';
import { codesToString } from '../../src/text/codes-to-string.js';
import { normaliseCode, normalisedCodeHash } from '../../src/text/normalise-code.js';
import { referenceCodeLines, referenceNormaliseCode } from '../fixtures/reference-code-text.js';

// Pieces that exercise every branch of both scanners: comments of both languages, every quote (tripled, escaped,
// unterminated), brackets, backslash continuations, layout, digits, non-ASCII and lone surrogates; and the markers
// that make the language guess say Python or C-family.
const piece = fc.constantFrom(
  'import numpy as np\n',
  'int main() {\n',
  '};\n',
  'x',
  'return',
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  '\u00a0',
  '\u3000',
  '#',
  '# note\n',
  '//',
  '/*',
  '*/',
  '/',
  '"',
  "'",
  '"""',
  "'''",
  '`',
  '\\',
  '\\\n',
  '\\"',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  ', )',
  '=',
  '0.01',
  'fc3',
  '1e-4',
  'é',
  '\ud800',
  '\udc00',
  '😀',
);
const code = fc.array(piece, { maxLength: 60 }).map((pieces) => pieces.join(''));

describe('the buffered code scanners against their slice-and-join reference', () => {
  it('normaliseCode equals the reference on any text', () => {
    fc.assert(
      fc.property(code, (text) => {
        expect(normaliseCode(text)).toBe(referenceNormaliseCode(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('normalisedCodeHash is the 53-bit hash of the reference normalisation, on any text', () => {
    fc.assert(
      fc.property(code, (text) => {
        expect(normalisedCodeHash(text)).toBe(hashString53(referenceNormaliseCode(text)));
      }),
      { numRuns: 3000 },
    );
  });

  it('codeLines equals the reference on any text', () => {
    fc.assert(
      fc.property(code, (text) => {
        expect(codeLines(text)).toEqual(referenceCodeLines(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('hashedCodeLines gives the reference lines and the 53-bit hash of each line and masked line, on any text', () => {
    fc.assert(
      fc.property(code, (text) => {
        const { lines, masked, lineHashes, maskedHashes } = hashedCodeLines(text);
        const reference = referenceCodeLines(text);
        expect({ lines, masked }).toEqual(reference);
        expect([...lineHashes]).toEqual(reference.lines.map(hashString53));
        expect([...maskedHashes]).toEqual(reference.masked.map(hashString53));
      }),
      { numRuns: 3000 },
    );
  });

  it('both equal the reference on a text longer than their first scratch buffer', () => {
    const long = `import os\n${'value = compute(a ,\n  b, )  # note\ntext = "x  y" \\\n  + 1\n'.repeat(1200)}`;
    expect(long.length).toBeGreaterThan(1 << 14);
    expect(normaliseCode(long)).toBe(referenceNormaliseCode(long));
    expect(normalisedCodeHash(long)).toBe(hashString53(referenceNormaliseCode(long)));
    expect(codeLines(long)).toEqual(referenceCodeLines(long));
    expect([...hashedCodeLines(long).lineHashes]).toEqual(referenceCodeLines(long).lines.map(hashString53));
  });
});

describe('codesToString', () => {
  it('gives the string of the first `length` code units, lone surrogates kept', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), fc.nat({ max: 20 }), (text, extra) => {
        const codes = new Uint16Array(text.length + extra).fill(120);
        for (let index = 0; index < text.length; index += 1) codes[index] = text.charCodeAt(index);
        expect(codesToString(codes, text.length)).toBe(text);
      }),
    );
  });
});

describe('hashSequence53', () => {
  it('is a deterministic safe integer that depends on the order and the number of its values', () => {
    const lines = ['import numpy as np', 'x = np.zeros(§)', 'print(x)'].map(hashString53);
    const hash = hashSequence53(lines);
    expect(Number.isSafeInteger(hash)).toBe(true);
    expect(hashSequence53(Float64Array.from(lines))).toBe(hash);
    expect(hashSequence53([...lines].reverse())).not.toBe(hash);
    expect(hashSequence53(lines.slice(0, 2))).not.toBe(hash);
    expect(hashSequence53([])).not.toBe(hashSequence53([0]));
  });

  it('tells apart 50,000 programs that differ in one line', () => {
    const body = ['import numpy as np', 'model = fit(x, y)', 'print(score)'].map(hashString53);
    const programs = Array.from({ length: 50_000 }, (_, index) =>
      hashSequence53([body[0]!, hashString53(`features = make(${index})`), ...body.slice(1)]),
    );
    expect(new Set(programs).size).toBe(programs.length);
  });
});
