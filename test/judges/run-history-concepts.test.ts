import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConceptExtractor } from '../../src/concepts/concept-extractor.js';
import { profileEpisode } from '../../src/judges/episode-profile.js';
import { RunHistory } from '../../src/judges/run-history.js';

// Lines that name concepts (alone, in phrases, split by a newline), lines that name none, and layout: the history's
// new concepts must be exactly "the code's concepts that no earlier episode's code has".
const line = fc.constantFrom(
  'from lightgbm import LGBMClassifier',
  'model = RandomForestRegressor(n_estimators=100)',
  'kf = StratifiedKFold(n_splits=5)',
  'scores = cross_val_score(model, X, y)',
  'X = pd.get_dummies(X)  # one-hot encoding',
  'target encoding of the city',
  'target',
  'encoding',
  'x = x + 1',
  'print(score)',
  '',
  '    ',
  '\t# gradient boosting',
);
const code = fc.array(line, { maxLength: 8 }).map((lines) => lines.join('\n'));

describe('RunHistory.novelty concepts', () => {
  it.each([
    ['with the line memo', 32_768],
    ['without it', 0],
  ])('are the code concepts no earlier code has (%s)', (_, memoisedLines) => {
    fc.assert(
      fc.property(fc.array(code, { minLength: 1, maxLength: 6 }), (codes) => {
        const extractor = new ConceptExtractor({ memoisedLines });
        const reference = new ConceptExtractor({ memoisedLines: 0 });
        const history = new RunHistory(extractor);
        const known = new Set<string>();
        codes.forEach((text, index) => {
          const profile = profileEpisode({ id: `e${index}`, plan: 'plan', code: text, summary: null });
          const expected = reference.extractFromText(text).filter((id) => !known.has(id));
          expect(history.novelty(profile).concepts).toEqual(expected);
          history.add(profile);
          for (const id of reference.extractFromText(text)) known.add(id);
        });
      }),
      { numRuns: 300 },
    );
  });
});
