import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseNotebook, readSolutionRecords, readSolutions } from '../../src/corpus/index.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';
import { expandTrajectoryInputs, trajectoryReader } from '../../adapters/trajectory/index.js';

const directory = useTemporaryDirectory('boden-corpus-readers-');

const notebook = {
  nbformat: 4,
  nbformat_minor: 5,
  metadata: {},
  cells: [
    { cell_type: 'markdown', metadata: {}, source: ['# Approach\n', 'Gradient boosting with XGBoost, 5-fold CV.'] },
    {
      cell_type: 'code',
      metadata: {},
      execution_count: 1,
      source: 'import xgboost as xgb\n',
      outputs: [{ output_type: 'stream', text: 'noise' }],
    },
    { cell_type: 'raw', metadata: {}, source: 'ignored' },
    { cell_type: 'code', metadata: {}, source: ['from sklearn.model_selection import KFold\n', 'kf = KFold(5)'], outputs: [] },
  ],
};

function write(path: string, text: string): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
}

describe('parseNotebook', () => {
  it('splits markdown cells into prose and code cells into code, dropping outputs and raw cells', () => {
    expect(parseNotebook(JSON.stringify(notebook))).toEqual({
      plan: '# Approach\nGradient boosting with XGBoost, 5-fold CV.',
      code: 'import xgboost as xgb\n\nfrom sklearn.model_selection import KFold\nkf = KFold(5)',
    });
  });

  it('reads nbformat 3 worksheets', () => {
    const old = { nbformat: 3, worksheets: [{ cells: [{ cell_type: 'code', input: ['import torch'] }] }] };
    expect(parseNotebook(JSON.stringify(old))).toEqual({ plan: '', code: 'import torch' });
  });

  it('says why a file is not a notebook', () => {
    expect(() => parseNotebook('{')).toThrow(/not valid JSON/);
    expect(() => parseNotebook('{"hello": 1}')).toThrow(/no cells/);
  });
});

describe('readSolutionRecords', () => {
  it('reads records and reports bad lines and records of another task by line', async () => {
    const path = write(
      join(directory, 'records', 'solutions.jsonl'),
      [
        JSON.stringify({
          id: 'a',
          task: 'titanic',
          code: 'import lightgbm',
          author: 'ann',
          timestamp: '2021-03-04',
          medal: 'Gold',
          score: 0.81,
        }),
        JSON.stringify({ id: 7, task: 'titanic', text: 'Random forest on engineered features.' }),
        '',
        '{not json',
        JSON.stringify({ id: 'c', task: 'titanic' }),
        JSON.stringify({ id: 'd', task: 'house-prices', code: 'import xgboost' }),
        JSON.stringify({ id: 'e', task: 'titanic', code: 'x', medal: 'platinum' }),
      ].join('\n'),
    );
    const { solutions, skipped } = await readSolutionRecords(path, { task: 'titanic' });
    expect(solutions).toEqual([
      {
        id: 'a',
        task: 'titanic',
        source: path,
        origin: 'record',
        author: 'ann',
        timestamp: '2021-03-04',
        medal: 'gold',
        score: 0.81,
        plan: '',
        code: 'import lightgbm',
      },
      {
        id: '7',
        task: 'titanic',
        source: path,
        origin: 'record',
        author: null,
        timestamp: null,
        medal: null,
        score: null,
        plan: 'Random forest on engineered features.',
        code: '',
      },
    ]);
    expect(skipped.map((item) => item.file)).toEqual([`${path}:4`, `${path}:5`, `${path}:6`, `${path}:7`]);
    expect(skipped[0]!.reason).toMatch(/not valid JSON/);
    expect(skipped[1]!.reason).toMatch(/text or code/);
    expect(skipped[2]!.reason).toMatch(/house-prices/);
    expect(skipped[3]!.reason).toMatch(/medal/);
  });

  it('reads a file larger than its read chunks whole: long lines across chunk edges, multi-byte characters, CRLF, a BOM', async () => {
    // Each text is 150 KB of three-byte characters: every line spans several of the stream's 64 KB chunks.
    const texts = Array.from({ length: 6 }, (_, index) => `${'✓ gradient boosting '.repeat(7_500)}${index}`);
    const lines = texts.map((text, index) => JSON.stringify({ id: `s${index}`, task: 'titanic', text }));
    const path = write(
      join(directory, 'records', 'long.jsonl'),
      `\uFEFF${lines.slice(0, 3).join('\r\n')}\n{broken\n${lines.slice(3).join('\n')}`,
    );
    const { solutions, skipped } = await readSolutionRecords(path);
    expect(solutions.map((solution) => solution.plan)).toEqual(texts);
    expect(skipped.map((item) => item.file)).toEqual([`${path}:4`]);
  });
});

describe('readSolutions of a large file', () => {
  it('gathers 300,000 records (more than a call can take as arguments)', async () => {
    const path = join(directory, 'many', 'records.jsonl');
    write(path, Array.from({ length: 300_000 }, (_, index) => `{"id":"s${index}","task":"t","code":"x"}\n`).join(''));
    const { solutions, skipped } = await readSolutions([path], { task: 't' });
    expect(skipped).toEqual([]);
    expect(solutions).toHaveLength(300_000);
    expect(solutions.at(-1)!.id).toBe('s299999');
  }, 60_000);
});

describe('readSolutions', () => {
  it('reads a directory of sources, notebooks and records, and skips bad files with a reason', async () => {
    const root = join(directory, 'mixed');
    write(join(root, 'a-script.py'), 'import lightgbm as lgb\n');
    write(join(root, 'b-analysis.R'), 'library(randomForest)\n');
    write(join(root, 'c-writeup.md'), 'We used a CNN with data augmentation.');
    write(join(root, 'd-notes.txt'), 'Logistic regression baseline.');
    write(join(root, 'nested', 'e-notebook.ipynb'), JSON.stringify(notebook));
    write(join(root, 'f-records.jsonl'), `${JSON.stringify({ id: 'r1', task: 'titanic', code: 'import catboost' })}\n`);
    write(join(root, 'g-broken.ipynb'), '{"cells": 3');
    write(join(root, 'h-empty.py'), '   \n');
    write(join(root, 'i-data.csv'), 'a,b\n1,2\n');
    write(join(root, 'j-not-a-trajectory.json'), '{"hello": "world"}');
    write(join(root, '.hidden.py'), 'import torch');
    const { solutions, skipped } = await readSolutions([root, join(directory, 'absent')], {
      trajectories: trajectoryReader,
      task: 'titanic',
    });
    expect(solutions.map((solution) => [solution.id, solution.origin])).toEqual([
      ['a-script.py', 'file'],
      ['b-analysis.R', 'file'],
      ['c-writeup.md', 'file'],
      ['d-notes.txt', 'file'],
      ['r1', 'record'],
      ['nested/e-notebook.ipynb', 'file'],
    ]);
    const notebookSolution = solutions.find((solution) => solution.id === 'nested/e-notebook.ipynb')!;
    expect(notebookSolution.plan).toMatch(/XGBoost/);
    expect(notebookSolution.code).toMatch(/KFold/);
    expect(solutions.find((solution) => solution.id === 'c-writeup.md')).toMatchObject({
      plan: 'We used a CNN with data augmentation.',
      code: '',
    });
    expect(skipped.map((item) => [item.file.slice(directory.length + 1), item.reason])).toEqual([
      ['mixed/g-broken.ipynb', expect.stringMatching(/not valid JSON/)],
      ['mixed/h-empty.py', 'no text'],
      ['mixed/i-data.csv', 'unsupported file type ".csv"'],
      ['mixed/j-not-a-trajectory.json', expect.any(String)],
      ['absent', 'no such file or directory'],
    ]);
  });

  it('reads a single file input under its own name', async () => {
    const path = write(join(directory, 'single', 'solo.py'), 'import torch\n');
    const { solutions } = await readSolutions([path], { trajectories: trajectoryReader, task: 't' });
    expect(solutions.map((solution) => solution.id)).toEqual(['solo.py']);
  });

  it('reads trajectories only through the reader it is given, and reports them skipped without one', async () => {
    const journal = 'examples/aide-tabular-run.journal.json';
    const read = await readSolutions([journal], { trajectories: trajectoryReader, task: 't' });
    expect(read.solutions.length).toBeGreaterThan(0);
    expect(read.solutions.every((solution) => solution.origin === 'trajectory')).toBe(true);
    const unread = await readSolutions([journal], { task: 't' });
    expect(unread.solutions).toEqual([]);
    expect(unread.skipped).toEqual([
      { file: journal, reason: expect.stringContaining('no trajectory reader was given (the trajectories option') },
    ]);
  });
});

describe('symbolic links', () => {
  it('read a directory reached again through a link (a loop) once, and say so; trajectory inputs follow links once', async () => {
    const root = join(directory, 'looped');
    write(join(root, 'a', 'solution.py'), 'import lightgbm\n');
    write(join(root, 'a', 'run.json'), '{}');
    symlinkSync(root, join(root, 'a', 'back-to-root'));
    symlinkSync(join(root, 'a'), join(root, 'linked-a'));
    const { solutions, skipped } = await readSolutions([root], { task: 't' });
    expect(solutions.map((solution) => solution.id)).toEqual(['a/solution.py']);
    expect(
      skipped
        .filter((entry) => /again \(a symbolic link to it\); read once/.test(entry.reason))
        .map((entry) => entry.file)
        .sort(),
    ).toEqual([join(root, 'a', 'back-to-root'), join(root, 'linked-a')].sort());
    // A link to a directory elsewhere is followed (it used to be passed over in silence).
    write(join(directory, 'elsewhere', 'other.jsonl'), '');
    symlinkSync(join(directory, 'elsewhere'), join(root, 'z-linked-elsewhere'));
    expect(await expandTrajectoryInputs([root])).toEqual([join(root, 'a', 'run.json'), join(root, 'z-linked-elsewhere', 'other.jsonl')]);
  });
});
