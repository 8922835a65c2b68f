import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildCorpus,
  ConceptApproachSummarizer,
  CorpusFileError,
  CorpusManifestSchema,
  CorpusMismatchError,
  openCorpus,
} from '../../src/corpus/index.js';
import type { Embedder } from '../../src/embedder/embedder.js';
import { HashingEmbedder } from '../../src/embedder/hashing-embedder.js';
import { FileWriteError } from '../../src/errors/file-write-error.js';
import { InvalidOptionsError } from '../../src/errors/invalid-options-error.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';
import { trajectoryReader } from '../../adapters/trajectory/index.js';

const directory = useTemporaryDirectory('boden-corpus-');

function writeRecords(name: string, records: readonly object[]): string {
  const path = join(directory, 'inputs', name);
  mkdirSync(join(directory, 'inputs'), { recursive: true });
  writeFileSync(path, records.map((record) => `${JSON.stringify(record)}\n`).join(''));
  return path;
}

const firstBatch = writeRecords('first.jsonl', [
  {
    id: 'gbm',
    task: 'titanic',
    code: 'import lightgbm as lgb\nfrom sklearn.model_selection import StratifiedKFold',
    medal: 'gold',
    score: 0.82,
    author: 'ann',
  },
  { id: 'cnn', task: 'titanic', text: 'A convolutional neural network with mixup augmentation and cosine annealing.', medal: 'bronze' },
  { id: 'linear', task: 'titanic', text: 'Logistic regression on one-hot encoded features with 5-fold cross-validation.' },
]);
const secondBatch = writeRecords('second.jsonl', [
  { id: 'forest', task: 'titanic', code: 'from sklearn.ensemble import RandomForestClassifier' },
  { id: 'gbm', task: 'titanic', code: 'import xgboost' },
]);

/** An embedder claiming another's id with other dimensions, to test the dimension check on its own. */
function impostor(dimensions: number): Embedder {
  const inner = new HashingEmbedder({ dimensions });
  return { specificationVersion: 'v1', id: new HashingEmbedder().id, dimensions, embed: (inputs) => inner.embed(inputs) };
}

describe('buildCorpus and openCorpus', () => {
  const out = join(directory, 'corpus');

  it('builds a corpus directory with an index, entries and a manifest', async () => {
    const { corpus, added, skipped } = await buildCorpus({ trajectories: trajectoryReader, inputs: [firstBatch], task: 'titanic', out });
    expect(skipped).toEqual([]);
    expect(added.map((entry) => entry.id)).toEqual(['gbm', 'cnn', 'linear']);
    expect(corpus.size).toBe(3);
    const manifest = CorpusManifestSchema.parse(JSON.parse(readFileSync(join(out, 'corpus.json'), 'utf8')));
    expect(manifest).toMatchObject({
      format: 'boden-corpus',
      version: 1,
      task: 'titanic',
      embedder: { id: 'hashing-v1/512', dimensions: 512 },
      summarizer: { id: 'concept-summary-v1' },
      counts: { solutions: 3, byOrigin: { file: 0, record: 3, trajectory: 0 } },
      generation: 1,
    });
    expect(readdirSync(out).sort()).toEqual(['corpus.json', 'entries-000001.jsonl', 'index-000001.hnsw', 'index-000001.hnsw.meta.json']);
    expect(corpus.entry('gbm')).toMatchObject({
      medal: 'gold',
      score: 0.82,
      author: 'ann',
      origin: 'record',
      summary: expect.stringMatching(/models: lightgbm/),
    });
  });

  it('reopens it and finds the solution with the same approach first', async () => {
    const corpus = await openCorpus(out, { embedder: new HashingEmbedder() });
    expect(corpus.size).toBe(3);
    const hits = await corpus.search({ plan: 'Gradient boosting: LGBMClassifier, stratified k-fold.', code: '' }, 2);
    expect(hits.map((hit) => hit.entry.id)[0]).toBe('gbm');
    expect(hits[0]!.similarity).toBeCloseTo(1, 5);
    expect(hits[0]!.distance).toBeCloseTo(0, 5);
    expect(await corpus.search({ plan: '', code: '' }, 10)).toHaveLength(3);
  });

  it('refuses another embedder, dimension or summarizer, naming both values', async () => {
    const otherId = openCorpus(out, { embedder: new HashingEmbedder({ dimensions: 256 }) });
    await expect(otherId).rejects.toSatisfy((error) => CorpusMismatchError.isInstance(error) && error.field === 'embedder-id');
    await expect(openCorpus(out, { embedder: new HashingEmbedder({ dimensions: 256 }) })).rejects.toThrow(
      /hashing-v1\/512.*hashing-v1\/256/,
    );
    await expect(openCorpus(out, { embedder: impostor(64) })).rejects.toSatisfy(
      (error) => CorpusMismatchError.isInstance(error) && error.field === 'dimensions' && error.stored === '512' && error.supplied === '64',
    );
    await expect(openCorpus(out, { summarizer: new ConceptApproachSummarizer({ maxConceptsPerLine: 2 }) })).rejects.toSatisfy(
      (error) => CorpusMismatchError.isInstance(error) && error.field === 'summarizer-id',
    );
    await expect(buildCorpus({ trajectories: trajectoryReader, inputs: [secondBatch], task: 'house-prices', out })).rejects.toSatisfy(
      (error) => CorpusMismatchError.isInstance(error) && error.field === 'task',
    );
  });

  it('appends to an existing corpus, skipping ids it already has', async () => {
    const { corpus, added, skipped } = await buildCorpus({ trajectories: trajectoryReader, inputs: [secondBatch], task: 'titanic', out });
    expect(added.map((entry) => entry.id)).toEqual(['forest']);
    expect(skipped).toEqual([{ file: secondBatch, reason: 'duplicate solution id "gbm"' }]);
    expect(corpus.size).toBe(4);
    expect(corpus.manifest?.generation).toBe(2);
    expect(readdirSync(out).sort()).toEqual(['corpus.json', 'entries-000002.jsonl', 'index-000002.hnsw', 'index-000002.hnsw.meta.json']);
    const reopened = await openCorpus(out);
    expect(reopened.entries().map((entry) => entry.id)).toEqual(['gbm', 'cnn', 'linear', 'forest']);
    expect(reopened.entry('gbm')?.summary).toMatch(/lightgbm/);
    expect((await reopened.search({ plan: 'random forest', code: '' }, 1))[0]!.entry.id).toBe('forest');
  });

  it('leaves the previous corpus readable when a save fails midway', async () => {
    // A directory where the next generation's entries file must go makes its rename fail after the index is written.
    mkdirSync(join(out, 'entries-000003.jsonl'));
    const extra = writeRecords('third.jsonl', [{ id: 'svm', task: 'titanic', code: 'from sklearn.svm import SVC' }]);
    await expect(buildCorpus({ trajectories: trajectoryReader, inputs: [extra], task: 'titanic', out })).rejects.toSatisfy(
      (error) => CorpusFileError.isInstance(error) && error.problem === 'unwritable',
    );
    expect(existsSync(join(out, 'index-000003.hnsw'))).toBe(false);
    expect(existsSync(join(out, 'index-000003.hnsw.meta.json'))).toBe(false);
    const survivor = await openCorpus(out);
    expect(survivor.size).toBe(4);
    expect(survivor.entry('svm')).toBeUndefined();
    expect(survivor.manifest?.generation).toBe(2);
  });

  it('reports a missing or damaged corpus with a typed error', async () => {
    await expect(openCorpus(join(directory, 'nowhere'))).rejects.toSatisfy(
      (error) => CorpusFileError.isInstance(error) && error.problem === 'missing',
    );
    const damaged = join(directory, 'damaged');
    await buildCorpus({ trajectories: trajectoryReader, inputs: [firstBatch], task: 'titanic', out: damaged });
    writeFileSync(join(damaged, 'entries-000001.jsonl'), '{}\n');
    await expect(openCorpus(damaged)).rejects.toSatisfy(
      (error) => CorpusFileError.isInstance(error) && error.problem === 'corrupt' && /checksum/.test(error.reason),
    );
    writeFileSync(join(damaged, 'corpus.json'), '{"format": "boden-corpus"}');
    await expect(openCorpus(damaged)).rejects.toSatisfy((error) => CorpusFileError.isInstance(error) && error.problem === 'corrupt');
  });

  it("opens a corpus with a HashingEmbedder of its manifest's dimensions when none is given", async () => {
    const narrow = join(directory, 'narrow');
    await buildCorpus({
      trajectories: trajectoryReader,
      inputs: [firstBatch],
      task: 'titanic',
      out: narrow,
      embedder: new HashingEmbedder({ dimensions: 64 }),
    });
    const corpus = await openCorpus(narrow);
    expect([corpus.embedder.id, corpus.embedder.dimensions]).toEqual(['hashing-v1/64', 64]);
    expect((await corpus.search({ plan: 'LightGBM, stratified k-fold', code: '' }, 1))[0]!.entry.id).toBe('gbm');
  });

  it('names the file that stands where a folder of out should be', async () => {
    const file = join(directory, 'not-a-folder');
    writeFileSync(file, 'kept');
    const failure = await buildCorpus({
      trajectories: trajectoryReader,
      inputs: [firstBatch],
      task: 'titanic',
      out: join(file, 'corpus'),
    }).catch((error: unknown) => error);
    expect(FileWriteError.isInstance(failure)).toBe(true);
    expect((failure as FileWriteError).message).toBe(`cannot write ${join(file, 'corpus')}: ${file} is a file, not a directory (ENOTDIR)`);
  });

  it('rejects bad options, naming them', async () => {
    await expect(buildCorpus({ trajectories: trajectoryReader, inputs: [], task: 'titanic', out })).rejects.toThrow(InvalidOptionsError);
    await expect(
      buildCorpus({ trajectories: trajectoryReader, inputs: [firstBatch], task: 'titanic', out, embedder: {} as Embedder }),
    ).rejects.toThrow(/embedder/);
  });
});
