import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { conceptVocabulary } from '../../src/concepts/concept-vocabulary.js';
import { buildCorpus, openCorpus, type Corpus } from '../../src/corpus/index.js';
import type { EmbeddingInput } from '../../src/embedder/embedder.js';
import { createSeededRandom, type RandomSource } from '../../src/random/random-source.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';
import { trajectoryReader } from '../../adapters/trajectory/index.js';

const directory = useTemporaryDirectory('boden-corpus-retrieval-');
const solutionCount = 400;
const queryCount = 40;
const k = 10;

// Single-word aliases only, so each pick is one recognisable technique.
const byCategory = new Map<string, string[]>();
for (const concept of conceptVocabulary) {
  const alias = concept.aliases.find((candidate) => /^[A-Za-z][A-Za-z0-9]+$/.test(candidate));
  if (alias !== undefined) byCategory.set(concept.category, [...(byCategory.get(concept.category) ?? []), alias]);
}
const allAliases = [...byCategory.values()].flat();

function pick<T>(random: RandomSource, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** A synthetic solution naming a model or two, a validation scheme and a few other techniques. */
function syntheticApproach(random: RandomSource): EmbeddingInput {
  const words = [pick(random, byCategory.get('model')!), pick(random, byCategory.get('validation') ?? allAliases)];
  if (random() < 0.5) words.push(pick(random, byCategory.get('model')!));
  const extra = Math.floor(random() * 4);
  for (let count = 0; count < extra; count += 1) words.push(pick(random, allAliases));
  return { plan: `We use ${words.join(' and ')}.`, code: '' };
}

function cosine(left: Float32Array, right: Float32Array): number {
  let dot = 0;
  for (let index = 0; index < left.length; index += 1) dot += left[index]! * right[index]!;
  return dot;
}

/** The exact top-k similarities, by brute force over the corpus's own summaries and embedder. */
async function oracleSimilarities(corpus: Corpus, query: EmbeddingInput): Promise<number[]> {
  const entries = corpus.entries();
  const vectors = await corpus.embedder.embed(entries.map((entry) => ({ plan: entry.summary, code: '' })));
  const [queryVector] = await corpus.embedder.embed([corpus.approachInput(query)]);
  return vectors
    .map((vector) => cosine(vector, queryVector!))
    .sort((left, right) => right - left)
    .slice(0, k);
}

describe('corpus retrieval against a brute-force oracle', () => {
  it(`finds the true top ${k} of ${solutionCount} synthetic solutions (recall@${k} ≥ 0.95, HNSW being approximate)`, async () => {
    const random = createSeededRandom(42);
    const records: { id: string; task: string; text: string }[] = [];
    for (let index = 0; index < solutionCount; index += 1)
      records.push({ id: `s${index}`, task: 'synthetic', text: syntheticApproach(random).plan });
    const input = join(directory, 'synthetic.jsonl');
    writeFileSync(input, records.map((record) => `${JSON.stringify(record)}\n`).join(''));
    const out = join(directory, 'corpus');
    await buildCorpus({ trajectories: trajectoryReader, inputs: [input], task: 'synthetic', out });
    const corpus = await openCorpus(out);
    expect(corpus.size).toBe(solutionCount);
    expect(new Set(corpus.entries().map((entry) => entry.summary)).size).toBeGreaterThan(solutionCount / 2);

    let found = 0;
    for (let query = 0; query < queryCount; query += 1) {
      const episode = syntheticApproach(random);
      const hits = await corpus.search(episode, k);
      const expected = await oracleSimilarities(corpus, episode);
      expect(hits).toHaveLength(k);
      // By similarity, not id: solutions with the same summary tie, and either may come first. A hit counts when
      // it is at least as similar as the oracle's k-th.
      found += hits.filter((hit) => hit.similarity >= expected[k - 1]! - 1e-5).length;
      expect(hits[0]!.similarity).toBeCloseTo(expected[0]!, 5);
      // Each reported similarity is the true one of that entry.
      const [queryVector] = await corpus.embedder.embed([corpus.approachInput(episode)]);
      const entryVectors = await corpus.embedder.embed(hits.map((hit) => ({ plan: hit.entry.summary, code: '' })));
      hits.forEach((hit, rank) => expect(hit.similarity).toBeCloseTo(cosine(entryVectors[rank]!, queryVector!), 5));
    }
    expect(found / (queryCount * k)).toBeGreaterThanOrEqual(0.95);
  }, 60_000);
});
