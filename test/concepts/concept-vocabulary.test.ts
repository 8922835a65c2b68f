import { describe, expect, it } from 'vitest';
import { ConceptSchema, conceptCategories } from '../../src/concepts/concept.js';
import { ConceptExtractor } from '../../src/concepts/concept-extractor.js';
import { conceptVocabulary } from '../../src/concepts/concept-vocabulary.js';

describe('conceptVocabulary', () => {
  it('has a few hundred valid concepts with unique ids', () => {
    expect(conceptVocabulary.length).toBeGreaterThanOrEqual(200);
    expect(conceptVocabulary.length).toBeLessThanOrEqual(400);
    for (const concept of conceptVocabulary) expect(ConceptSchema.safeParse(concept).success).toBe(true);
    expect(new Set(conceptVocabulary.map((concept) => concept.id)).size).toBe(conceptVocabulary.length);
  });

  it('passes the extractor’s hierarchy and alias checks', () => {
    expect(() => new ConceptExtractor()).not.toThrow();
  });

  it('covers every category, and every model has a family with a paradigm', () => {
    const extractor = new ConceptExtractor();
    expect(new Set(conceptVocabulary.map((concept) => concept.category))).toEqual(new Set(conceptCategories));
    for (const concept of conceptVocabulary.filter((entry) => entry.category === 'model' || entry.category === 'model-family')) {
      expect(extractor.familyOf(concept.id), concept.id).toBeDefined();
      expect(extractor.paradigmOf(concept.id), concept.id).toBeDefined();
    }
  });

  it('finds each concept by its name or first alias', () => {
    const extractor = new ConceptExtractor();
    const missed = conceptVocabulary.filter((concept) => !extractor.extractFromText(concept.aliases[0]!).includes(concept.id));
    expect(missed.map((concept) => concept.id)).toEqual([]);
  });
});
