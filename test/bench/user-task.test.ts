import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parsePipelineConfig } from '../../bench/env/canonical-config.js';
import { createEvaluationPool } from '../../bench/env/evaluation-pool.js';
import { runSweep } from '../../bench/sweep/run-sweep.js';
import { loadBenchTaskCard, readBenchTaskCard, readBenchTaskDefinition } from '../../bench/cards/bench-task-card.js';
import { loadCsvDataset } from '../../bench/tasks/load-csv-dataset.js';
import { InvalidArgumentError } from '../../src/errors/invalid-argument-error.js';
import { InvalidFieldError } from '../../src/errors/invalid-field-error.js';
import { createSeededRandom } from '../../src/random/random-source.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

const directory = useTemporaryDirectory('boden-user-task-');
const pool = createEvaluationPool({ size: 1 });
afterAll(() => pool.close());

/** A small regression CSV: y = 3·x1 − 2·x2 + a shift per colour + noise, with a quoted cell and missing values. */
function writeCsv(name: string, rows = 80): string {
  const random = createSeededRandom(4);
  const colours = ['red', 'green', 'blue, dark'];
  const lines = ['\uFEFFx1,x2,colour,unused,y'];
  for (let row = 0; row < rows; row += 1) {
    const [x1, x2] = [random() * 4, random() * 4];
    const colour = colours[row % 3]!;
    const y = 3 * x1 - 2 * x2 + (row % 3) * 1.5 + random() * 0.1;
    lines.push(`${row % 17 === 5 ? 'NA' : x1.toFixed(4)},${x2.toFixed(4)},"${colour}",ignored,${y.toFixed(4)}`);
  }
  const file = join(directory, name);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const definition = (csv: string, fields: Record<string, unknown> = {}) => ({
  task: 'my-prices',
  dataset: { csv },
  kind: 'regression',
  metric: 'rmse',
  maximize: false,
  target: 'y',
  numericFeatures: ['x1', 'x2'],
  categoricalFeatures: ['colour'],
  cv: { folds: 4, seed: 0, stratified: false },
  description: 'Predict y from x1, x2 and a colour.',
  ...fields,
});

function writeJson(name: string, value: unknown): string {
  const file = join(directory, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
}

async function rejection(promise: Promise<unknown>): Promise<InvalidFieldError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(InvalidFieldError.isInstance(error)).toBe(true);
  return error as InvalidFieldError;
}

describe('a task a user brings: a card file and a CSV', () => {
  it('reads the CSV relative to the card, records its sha256, and keeps only the task columns', async () => {
    writeCsv('prices.csv');
    const task = await readBenchTaskDefinition(writeJson('definition.json', definition('prices.csv')));
    expect(typeof task.dataset === 'object' && task.dataset.csv).toBe(join(directory, 'prices.csv'));
    expect(typeof task.dataset === 'object' && task.dataset.sha256).toMatch(/^[0-9a-f]{64}$/);
    if (typeof task.dataset !== 'object') throw new Error('expected a CSV dataset');
    const dataset = loadCsvDataset({ ...task, dataset: task.dataset });
    expect(dataset.target).toHaveLength(80);
    expect(dataset.features.map((column) => column.name)).toEqual(['x1', 'x2', 'colour']);
    expect(dataset.features[0]!.values.filter((value) => value === null)).toHaveLength(5); // the NA cells
    expect(new Set<unknown>(dataset.features[2]!.values)).toEqual(new Set(['red', 'green', 'blue, dark']));
  });

  it('evaluates pipelines on it in the worker pool, like a shipped task', async () => {
    writeCsv('pool.csv');
    const task = await readBenchTaskDefinition(writeJson('pool.json', definition('pool.csv')));
    const linear = await pool.evaluate(task, parsePipelineConfig({ model: { family: 'linear', alpha: 0.01 } }));
    const dummy = await pool.evaluate(task, parsePipelineConfig({ model: { family: 'dummy' } }));
    if (linear.status !== 'ok' || dummy.status !== 'ok') throw new Error(`expected scores: ${JSON.stringify([linear, dummy])}`);
    expect(linear.score).toBeLessThan(dummy.score / 3); // the data is nearly linear
  });

  it('names the field, the line or the column when the card or the CSV is wrong', async () => {
    writeCsv('bad.csv');
    const missingColumn = await rejection(
      readBenchTaskDefinition(writeJson('missing-column.json', definition('bad.csv', { numericFeatures: ['x1', 'x3'] }))).then((task) => {
        if (typeof task.dataset !== 'object') throw new Error('expected a CSV dataset');
        return loadCsvDataset({ ...task, dataset: task.dataset });
      }),
    );
    expect(missingColumn.message).toMatch(/bad\.csv at line 1: no column "x3" \(the card's numericFeatures\[1\]\)/);

    const file = join(directory, 'words.csv');
    writeFileSync(file, 'x1,x2,colour,y\n1,2,red,3\n1,two,red,3\n');
    const words = await rejection(
      readBenchTaskDefinition(writeJson('words.json', definition('words.csv'))).then((task) => loadCsvDataset(task as never)),
    );
    expect(words.message).toMatch(/words\.csv at line 3, column "x2": expected a number or a missing value, got "two"/);

    const noFile = await rejection(readBenchTaskDefinition(writeJson('no-file.json', definition('nowhere.csv'))));
    expect(noFile.message).toMatch(/no-file\.json at \$\.dataset\.csv: cannot read .*nowhere\.csv: ENOENT/);

    const badKind = await rejection(readBenchTaskDefinition(writeJson('bad-kind.json', definition('bad.csv', { kind: 'ranking' }))));
    expect(badKind.location).toBe('$.kind');

    // A card calibrated on another version of the file is refused, not silently reused.
    const staleCard = { ...definition('bad.csv'), dataset: { csv: 'bad.csv', sha256: '0'.repeat(64) } };
    const stale = await rejection(readBenchTaskDefinition(writeJson('stale.json', staleCard)));
    expect(stale.location).toBe('$.dataset.sha256');
    expect(stale.reason).toMatch(/bad\.csv changed since the card was calibrated .*; calibrate it again/);
  });

  it("reads the README's example task (examples/user-task)", async () => {
    const task = await readBenchTaskDefinition(fileURLToPath(new URL('../../examples/user-task/definition.json', import.meta.url)));
    if (typeof task.dataset !== 'object') throw new Error('expected a CSV dataset');
    const dataset = loadCsvDataset({ ...task, dataset: task.dataset });
    expect(dataset.target).toHaveLength(150);
    expect(dataset.features.find((column) => column.name === 'area_m2')!.values.filter((value) => value === null)).toHaveLength(7);
  });

  it('tells a missing card from invalid JSON, and accepts a UTF-8 BOM', async () => {
    const missing = await rejection(readBenchTaskCard(join(directory, 'no-such-card.json')));
    expect(missing.message).toMatch(/no-such-card\.json: cannot read the task card: ENOENT$/);
    writeCsv('bom.csv');
    const withBom = join(directory, 'bom.json');
    writeFileSync(withBom, `\uFEFF${JSON.stringify(definition('bom.csv'))}`);
    expect((await readBenchTaskDefinition(withBom)).task).toBe('my-prices');
  });

  it('lists the shipped tasks when a name is unknown', async () => {
    const error = await loadBenchTaskCard('nosuchtask').then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as Error).message).toMatch(
      /no shipped task "nosuchtask" \(shipped: boston, seattle-weather, cps-wages, penguins, cars-mpg, co2-forecast, seattle-temperature-forecast\); a card file of your own goes to --task-file/,
    );
  });

  it('runs a sweep over a calibrated card file (taskFiles) beside a shipped task name', async () => {
    const csv = writeCsv('sweep.csv');
    const card = {
      ...definition('sweep.csv'),
      dataset: { csv: 'sweep.csv', sha256: createHash('sha256').update(readFileSync(csv)).digest('hex') },
      baseline: 5,
      top1: 0.2,
      baselineConfig: { model: { family: 'dummy' } },
      top1Config: { model: { family: 'linear' } },
      medals: { bronze: 0.4, silver: 0.3, gold: 0.25 },
      familyBest: { linear: 0.2 },
      calibration: {
        command: 'by hand, for a test',
        searchSeed: 1,
        evaluatedConfigs: 2,
        buggyConfigs: 0,
        medalQuantiles: { bronze: 0.8, silver: 0.9, gold: 0.97 },
        wallSeconds: 0,
        evaluationVersion: 2,
      },
    };
    const cardFile = writeJson('my-card.json', card);
    expect((await readBenchTaskCard(cardFile)).task).toBe('my-prices');
    const result = await runSweep({
      taskFiles: [cardFile],
      arms: ['unshaped'],
      seeds: 1,
      episodes: 3,
      out: join(directory, 'sweep'),
      memo: join(directory, 'memo'),
      workers: 1,
    });
    expect(result.records.map((record) => record.task)).toEqual(['my-prices']);
    expect(result.records[0]!.episodes).toHaveLength(3);
    const clash = writeJson('clash.json', { ...card, task: 'boston' });
    await expect(
      runSweep({
        tasks: ['boston'],
        taskFiles: [clash],
        arms: ['unshaped'],
        seeds: 1,
        episodes: 3,
        out: join(directory, 'clash'),
        workers: 1,
      }),
    ).rejects.toThrow(/clash\.json at \$\.task: a task named "boston" is already in this sweep/);
  }, 120_000);
});
