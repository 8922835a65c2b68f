import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCorpus, openCorpus } from '../../src/corpus/index.js';
import { CorpusMismatchError } from '../../src/errors/corpus-mismatch-error.js';
import { HashingEmbedder } from '../../src/embedder/hashing-embedder.js';
import { runCli } from '../support/run-cli.js';
import { titanicSolutionRecords } from '../fixtures/titanic-solution-records.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';
import { trajectoryReader } from '../../adapters/trajectory/index.js';

const directory = useTemporaryDirectory('boden-corpus-lancedb-');
const lanceDbInstalled = await import('@lancedb/lancedb').then(
  () => true,
  () => false,
);
if (!lanceDbInstalled) console.warn('skipping the LanceDB corpus tests: the optional dependency @lancedb/lancedb is not installed');

const records = [
  ...titanicSolutionRecords,
  { task: 'titanic', id: 'svm', text: 'Support vector machine with an RBF kernel and grid search.' },
];
const query = { plan: 'Gradient boosting with LightGBM and stratified folds', code: '' };

function writeRecords(name: string, items: readonly (typeof records)[number][]): string {
  const path = join(directory, name);
  writeFileSync(path, items.map((record) => `${JSON.stringify(record)}\n`).join(''));
  return path;
}

describe.skipIf(!lanceDbInstalled)('a corpus whose vectors live in a LanceDB table (store: lancedb)', () => {
  it('finds what the HNSW corpus finds, reopens without a rebuild, and grows by appending', async () => {
    const out = join(directory, 'lance');
    const first = writeRecords('first.jsonl', records.slice(0, 4));
    const second = writeRecords('second.jsonl', records.slice(4));
    const built = await buildCorpus({ trajectories: trajectoryReader, inputs: [first], task: 'titanic', out, store: 'lancedb' });
    expect(built.corpus.manifest!.files).toMatchObject({ index: 'vectors.lance', indexVersion: expect.any(Number) });
    const reference = (
      await buildCorpus({ trajectories: trajectoryReader, inputs: [first, second], task: 'titanic', out: join(directory, 'hnsw') })
    ).corpus;

    // Appending opens the table where the last save left it and adds the new solutions only.
    const grown = await buildCorpus({ trajectories: trajectoryReader, inputs: [first, second], task: 'titanic', out, store: 'lancedb' });
    expect(grown.added.map((entry) => entry.id)).toEqual(['forest', 'svm']);
    expect(grown.corpus.manifest!.generation).toBe(2);
    expect(grown.corpus.manifest!.files.indexVersion!).toBeGreaterThan(built.corpus.manifest!.files.indexVersion!);

    const reopened = await openCorpus(out);
    expect(reopened.size).toBe(records.length);
    const hits = await reopened.search(query, records.length);
    const expected = await reference.search(query, records.length);
    expect(hits.map((hit) => hit.entry.id)).toEqual(expected.map((hit) => hit.entry.id));
    hits.forEach((hit, rank) => expect(hit.similarity).toBeCloseTo(expected[rank]!.similarity, 5));
    expect((await reopened.search(query, 3, { exclude: [hits[0]!.entry.id] })).map((hit) => hit.entry.id)).toEqual(
      expected.slice(1, 4).map((hit) => hit.entry.id),
    );
    // One table, kept across saves (LanceDB's own __manifest beside it); only the entries and the manifest have generations.
    expect(readdirSync(out).sort()).toEqual(['__manifest', 'corpus.json', 'entries-000002.jsonl', 'vectors.lance']);
  }, 120_000);

  it('drops vectors written after the last save when it reopens (a crash between adding and saving)', async () => {
    const out = join(directory, 'crash');
    await buildCorpus({
      trajectories: trajectoryReader,
      inputs: [writeRecords('three.jsonl', records.slice(0, 3))],
      task: 'titanic',
      out,
      store: 'lancedb',
    });
    const unsaved = await openCorpus(out);
    const solutions = records.slice(3).map(({ id, task, text }) => ({
      id,
      task,
      plan: text,
      code: '',
      origin: 'record' as const,
      source: 'test',
      author: null,
      timestamp: null,
      medal: null,
      score: null,
    }));
    await unsaved.add(solutions);
    expect(unsaved.size).toBe(records.length);
    // Never saved: the manifest still names the version of three solutions.
    const reopened = await openCorpus(out);
    expect(reopened.size).toBe(3);
    expect((await reopened.search(query, 10)).map((hit) => hit.entry.id).sort()).toEqual(['cnn', 'gbm', 'xgb']);
    const appended = await buildCorpus({
      trajectories: trajectoryReader,
      inputs: [writeRecords('all.jsonl', records)],
      task: 'titanic',
      out,
      store: 'lancedb',
    });
    expect(appended.added).toHaveLength(3);
    expect((await openCorpus(out)).size).toBe(records.length);
  }, 120_000);

  it('saves and reopens an empty corpus (every input skipped), then grows it', async () => {
    const out = join(directory, 'empty');
    const empty = await buildCorpus({
      trajectories: trajectoryReader,
      inputs: [
        writeRecords(
          'other-task.jsonl',
          records.map((record) => ({ ...record, task: 'mnist' })),
        ),
      ],
      task: 'titanic',
      out,
      store: 'lancedb',
    });
    expect(empty.added).toEqual([]);
    expect((await openCorpus(out)).size).toBe(0);
    expect(await (await openCorpus(out)).search(query, 3)).toEqual([]);
    await buildCorpus({
      trajectories: trajectoryReader,
      inputs: [writeRecords('some.jsonl', records.slice(0, 2))],
      task: 'titanic',
      out,
      store: 'lancedb',
    });
    expect((await openCorpus(out)).size).toBe(2);
  }, 120_000);

  it('checks the manifest as an HNSW corpus does, and boden corpus build --store lancedb feeds boden hscore', async () => {
    const out = join(directory, 'cli');
    const input = writeRecords('cli.jsonl', records);
    const built = await runCli(['corpus', 'build', input, '--task', 'titanic', '--out', out, '--store', 'lancedb', '--dimensions', '256']);
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'corpus.json'), 'utf8')).files.index).toBe('vectors.lance');
    await expect(openCorpus(out, { embedder: new HashingEmbedder({ dimensions: 512 }) })).rejects.toThrow(CorpusMismatchError);
    const scored = await runCli(['hscore', 'examples/aide-tabular-run.journal.json', '--corpus', out]);
    expect(scored.code).toBe(0);
    expect(scored.stderr).toBe('scored 1 run(s) against 6 corpus solution(s)\n');
    expect(scored.stdout).toContain('H');
  }, 120_000);
});
