import type { Concept } from './concept.js';

// Weights of the facets a concept vector is made of. Cosine similarity of two concepts is the weighted
// overlap of their facets. With the default vocabulary: LightGBM–gradient-boosted trees 0.73, LightGBM–XGBoost
// 0.55 (same family), LightGBM–random forest 0.40 (same paradigm), LightGBM–ridge 0.12 (both models),
// LightGBM–dropout 0, Adam–AdamW 0.64, Adam–SGD 0.20 (both optimisers).
const selfWeight = 1;
const ancestorWeight = 0.7; // a parent; each further generation is multiplied by it again
const paradigmWeight = 0.5;
const categoryWeight = 0.5;

/**
 * Deterministic unit vectors for the concepts of a vocabulary, for the fuzzy concept-novelty metric
 * (`exp(−‖u − u′‖² / 2σ²)`). Each coordinate is a facet: one per concept, one per model paradigm and one
 * per category (models and model families share one). A concept's vector weighs its own facet 1, its
 * ancestors' 0.7 per generation, its paradigm (own or inherited) 0.5 and its category 0.5, then is
 * L2-normalised; so concepts in one family are closer than concepts of one paradigm, which are closer than
 * concepts of one category, and unrelated concepts are orthogonal. Exact, not hashed: no collision noise.
 */
export class ConceptEmbeddings {
  /** Number of facets: the length of every vector. */
  readonly dimensions: number;
  readonly #byId: ReadonlyMap<string, Concept>;
  readonly #facets = new Map<string, number>();
  readonly #vectors = new Map<string, Float32Array>();

  /** Lays out the facets of `vocabulary` (which must satisfy the vocabulary rules). */
  constructor(vocabulary: readonly Concept[]) {
    this.#byId = new Map(vocabulary.map((concept) => [concept.id, concept]));
    for (const concept of vocabulary) {
      this.#facet(`concept:${concept.id}`);
      this.#facet(`category:${categoryFacet(concept)}`);
      const paradigm = this.paradigmOf(concept.id);
      if (paradigm !== undefined) this.#facet(`paradigm:${paradigm}`);
    }
    this.dimensions = this.#facets.size;
  }

  /** The unit vector of concept `id`, or undefined for an unknown id. The array is shared: do not modify it. */
  vector(id: string): Float32Array | undefined {
    const cached = this.#vectors.get(id);
    if (cached !== undefined) return cached;
    const concept = this.#byId.get(id);
    if (concept === undefined) return undefined;
    const vector = new Float32Array(this.dimensions);
    const add = (facet: string, weight: number): void => {
      const index = this.#facets.get(facet);
      if (index !== undefined) vector[index] = vector[index]! + weight;
    };
    add(`concept:${id}`, selfWeight);
    let weight = ancestorWeight;
    for (let ancestor = concept.parent; ancestor !== undefined; ancestor = this.#byId.get(ancestor)?.parent) {
      add(`concept:${ancestor}`, weight);
      weight *= ancestorWeight;
    }
    const paradigm = this.paradigmOf(id);
    if (paradigm !== undefined) add(`paradigm:${paradigm}`, paradigmWeight);
    add(`category:${categoryFacet(concept)}`, categoryWeight);
    let sumOfSquares = 0;
    for (const value of vector) sumOfSquares += value * value;
    const scale = 1 / Math.sqrt(sumOfSquares);
    for (let index = 0; index < vector.length; index += 1) vector[index] = vector[index]! * scale;
    this.#vectors.set(id, vector);
    return vector;
  }

  /** The paradigm of concept `id`: its own, or its nearest ancestor's. */
  paradigmOf(id: string): Concept['paradigm'] {
    for (
      let concept = this.#byId.get(id);
      concept !== undefined;
      concept = concept.parent === undefined ? undefined : this.#byId.get(concept.parent)
    ) {
      if (concept.paradigm !== undefined) return concept.paradigm;
    }
    return undefined;
  }

  #facet(name: string): void {
    if (!this.#facets.has(name)) this.#facets.set(name, this.#facets.size);
  }
}

function categoryFacet(concept: Concept): string {
  return concept.category === 'model' ? 'model-family' : concept.category;
}
