import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FakeEmbeddings, FakeVectorStore } from '@langchain/core/utils/testing';
import { describe, expect, it } from 'vitest';
import { buildCorpus, openCorpus, type CorpusIndexFactory } from '../../src/corpus/index.js';
import { HashingEmbedder } from '../../src/embedder/hashing-embedder.js';
import { createLangChainVectorIndex, LangChainVectorIndex, langChainDocumentKeys } from '../../src/vector-index/langchain-vector-index.js';
import { loadLangChainVectorIndex } from '../../src/vector-index/load-langchain-vector-index.js';
import { titanicSolutionRecords } from '../fixtures/titanic-solution-records.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';
import { trajectoryReader } from '../../adapters/trajectory/index.js';

const directory = useTemporaryDirectory('boden-corpus-langchain-');

const records = titanicSolutionRecords;

/** A corpus index over a LangChain store (LangChain's in-memory store here; any vector database in use). */
function storeIndex(store: FakeVectorStore): CorpusIndexFactory {
  return {
    create: ({ dimensions }) => createLangChainVectorIndex({ store, dimensions, documentMetadata: { corpus: 'titanic' } }),
    load: ({ path }) => loadLangChainVectorIndex({ store, path }),
  };
}

describe('a corpus whose vectors live in a LangChain vector store', () => {
  it('builds into the store, finds what the default HNSW corpus finds, and reopens with or without the store', async () => {
    const input = join(directory, 'records.jsonl');
    writeFileSync(input, records.map((record) => `${JSON.stringify(record)}\n`).join(''));
    const store = new FakeVectorStore(new FakeEmbeddings());
    const out = join(directory, 'in-store');
    const { corpus } = await buildCorpus({
      trajectories: trajectoryReader,
      inputs: [input],
      task: 'titanic',
      out,
      index: storeIndex(store),
    });
    const reference = (
      await buildCorpus({ trajectories: trajectoryReader, inputs: [input], task: 'titanic', out: join(directory, 'hnsw') })
    ).corpus;

    // Every solution is a document of the store, with its corpus id and the summary's embedding.
    expect(store.memoryVectors.map((vector) => vector.metadata[langChainDocumentKeys.id]).sort()).toEqual(
      records.map((record) => record.id).sort(),
    );
    expect(store.memoryVectors.every((vector) => vector.metadata.corpus === 'titanic' && vector.embedding.length === 512)).toBe(true);
    const [gbmVector] = await new HashingEmbedder().embed([{ plan: corpus.entry('gbm')!.summary, code: '' }]);
    const stored = store.memoryVectors.find((vector) => vector.metadata[langChainDocumentKeys.id] === 'gbm')!.embedding;
    expect(stored.reduce((sum, value, index) => sum + value * gbmVector![index]!, 0)).toBeCloseTo(1, 5);

    const query = { plan: 'Gradient boosting with LightGBM and stratified folds', code: '' };
    const ids = async (target: { search: typeof corpus.search }) => (await target.search(query, 3)).map((hit) => hit.entry.id);
    expect(await ids(corpus)).toEqual(await ids(reference));

    const reopened = await openCorpus(out, { index: storeIndex(store) });
    expect(await ids(reopened)).toEqual(await ids(reference));
    expect(store.memoryVectors).toHaveLength(records.length);
    // The directory stays self-contained: without the store, the saved local copy (an exact index) is read.
    const offline = await openCorpus(out);
    expect(await ids(offline)).toEqual(await ids(reference));
    expect(readdirSync(out).sort()).toEqual(['corpus.json', 'entries-000001.jsonl', 'index-000001.hnsw', 'index-000001.hnsw.meta.json']);
  });

  it("appends to the store when the corpus grows, and the store answers the corpus's queries", async () => {
    const first = join(directory, 'first.jsonl');
    const second = join(directory, 'second.jsonl');
    writeFileSync(
      first,
      records
        .slice(0, 3)
        .map((record) => `${JSON.stringify(record)}\n`)
        .join(''),
    );
    writeFileSync(
      second,
      records
        .slice(3)
        .map((record) => `${JSON.stringify(record)}\n`)
        .join(''),
    );
    const store = new FakeVectorStore(new FakeEmbeddings());
    const out = join(directory, 'grown');
    await buildCorpus({ trajectories: trajectoryReader, inputs: [first], task: 'titanic', out, index: storeIndex(store) });
    const { corpus, added } = await buildCorpus({
      trajectories: trajectoryReader,
      inputs: [second],
      task: 'titanic',
      out,
      index: storeIndex(store),
    });
    expect(added.map((entry) => entry.id)).toEqual(['ridge', 'forest']);
    expect(corpus.size).toBe(5);
    expect(store.memoryVectors).toHaveLength(5);

    const index = await loadLangChainVectorIndex({ store, path: join(out, corpus.manifest!.files.index) });
    expect(index).toBeInstanceOf(LangChainVectorIndex);
    const [vector] = await corpus.embedder.embed([corpus.approachInput({ plan: 'random forest', code: '' })]);
    expect((await index.searchStore(vector!, 1))[0]?.id).toBe('forest');
  });
});
