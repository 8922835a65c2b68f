import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConceptExtractor } from '../../src/concepts/concept-extractor.js';
import { InvalidOptionsError } from '../../src/errors/invalid-options-error.js';

// Aliases of several lengths and spellings, words that only start or end a phrase, every phrase break and separator
// (newline among them: the memo's exactness rests on a newline breaking every phrase), a sentence end before one, and
// the blanks the memo trims from a line's ends (indentation, tabs, carriage returns, other control characters).
const piece = fc.constantFrom(
  'LGBMClassifier',
  'lightgbm',
  'random',
  'forest',
  'forests',
  'Random Forest',
  'cross',
  'validation',
  'cross_val_score',
  'StratifiedKFold',
  'k-fold',
  'KFold',
  'gradient boosted',
  'trees',
  'BertForSequenceClassification',
  'svmlight',
  'svm',
  ' ',
  '    ',
  '\t',
  '.\t',
  '\u0001',
  '_',
  '-',
  '.',
  '. ',
  '.\n',
  '\n',
  '\r\n',
  '\n\n',
  '(',
  ')',
  ',',
  '=',
  '"',
  '# ',
  'é',
);
const text = fc.array(piece, { maxLength: 40 }).map((pieces) => pieces.join(''));

describe('ConceptExtractor line memo', () => {
  it('finds exactly what matching the whole text finds, on first sight and from the memo', () => {
    const memoised = new ConceptExtractor({ memoisedLines: 8 });
    const plain = new ConceptExtractor({ memoisedLines: 0 });
    fc.assert(
      fc.property(text, text, (plan, code) => {
        const expected = plain.extract({ plan, code });
        expect(memoised.extract({ plan, code })).toEqual(expected);
        // Second sight: every line now comes from the memo (or was pushed out of its small generations).
        expect(memoised.extract({ plan, code })).toEqual(expected);
        expect(memoised.extractFromText(code)).toEqual(plain.extractFromText(code));
      }),
      { numRuns: 3000, seed: 20261203 },
    );
  });

  it('finds the same in long texts read in turn and again (the last long text is remembered whole)', () => {
    const longText = fc.array(piece, { minLength: 200, maxLength: 400 }).map((pieces) => pieces.join(''));
    const memoised = new ConceptExtractor({ memoisedLines: 8 });
    const plain = new ConceptExtractor({ memoisedLines: 0 });
    fc.assert(
      fc.property(longText, longText, text, (first, second, plan) => {
        for (const code of [first, second, first, first, second]) {
          expect(code.length).toBeGreaterThanOrEqual(200);
          expect(memoised.extract({ plan, code })).toEqual(plain.extract({ plan, code }));
          expect(memoised.extractFromText(code)).toEqual(plain.extractFromText(code));
        }
      }),
      { numRuns: 300, seed: 20261203 },
    );
  });

  it('refuses a negative or fractional memo size, naming the option', () => {
    expect(() => new ConceptExtractor({ memoisedLines: -1 })).toThrow(InvalidOptionsError);
    expect(() => new ConceptExtractor({ memoisedLines: 1.5 })).toThrow(/memoisedLines/);
  });
});
