import { createHash } from 'node:crypto';
import { existsSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runBenchCli } from '../../bench/cli/bench-cli.js';
import { evaluationVersion } from '../../bench/env/evaluation-memo.js';
import { loadCsvDataset } from '../../bench/tasks/load-csv-dataset.js';
import { InvalidFieldError } from '../../src/errors/invalid-field-error.js';
import { createSeededRandom } from '../../src/random/random-source.js';
import { spawnCli } from '../support/run-cli.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

// The standing fault suite of `boden bench --task-file`: every fault of a card or its CSV is refused before any
// run starts, with exit code 2 and one line on stderr naming the file and the field, row or column; never a stack
// trace, never a sweep of buggy runs that reports "final impact 0.000".

const directory = useTemporaryDirectory('boden-task-file-faults-');
const rows = 30;
const header = ['x1', 'x2', 'colour', 'unused', 'y'];
const taskColumns = [
  { name: 'y', field: 'target' },
  { name: 'x1', field: 'numericFeatures[0]' },
  { name: 'x2', field: 'numericFeatures[1]' },
  { name: 'colour', field: 'categoricalFeatures[0]' },
] as const;
const numericColumns = ['x1', 'x2', 'y'] as const;
const missingMarkers = new Set(['', 'NA', 'N/A', 'NaN', 'nan', 'null', 'NULL', 'None']);

/** The cells of a valid regression table: y = 3·x1 − 2·x2 + a shift per colour + noise. */
function baseCells(): string[][] {
  const random = createSeededRandom(11);
  return Array.from({ length: rows }, (_, row) => {
    const [x1, x2] = [random() * 4, random() * 4];
    return [
      x1.toFixed(3),
      x2.toFixed(3),
      ['red', 'green', 'blue'][row % 3]!,
      'ignored',
      (3 * x1 - 2 * x2 + (row % 3) + random() * 0.1).toFixed(3),
    ];
  });
}

/** One CSV field, quoted when it must be (RFC 4180). */
const field = (value: string) => (/[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value);
const csvText = (head: readonly string[], cells: readonly (readonly string[])[]) =>
  `${[head, ...cells].map((row) => row.map(field).join(',')).join('\n')}\n`;
const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** A calibrated-looking card over `csv` (a file name in the card's folder) recording `sha`. */
function card(csv: string, sha: string | undefined, fields: Record<string, unknown> = {}) {
  return {
    task: 'faulty-prices',
    dataset: sha === undefined ? { csv } : { csv, sha256: sha },
    kind: 'regression',
    metric: 'rmse',
    maximize: false,
    target: 'y',
    numericFeatures: ['x1', 'x2'],
    categoricalFeatures: ['colour'],
    cv: { folds: 3, seed: 0, stratified: false },
    description: 'Predict y from x1, x2 and a colour.',
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
      evaluationVersion,
    },
    ...fields,
  };
}

let written = 0;
/** Writes the CSV text and a card over it, recording the text's sha256, another one, or none; returns both paths. */
function writeTask(
  text: string | Buffer,
  cardFields: Record<string, unknown> = {},
  recorded: { sha256: string } | 'the text' | 'none' = 'the text',
): { cardFile: string; csvFile: string } {
  written += 1;
  const csvFile = join(directory, `data-${written}.csv`);
  const cardFile = join(directory, `card-${written}.json`);
  writeFileSync(csvFile, text);
  const sha = recorded === 'the text' ? sha256(text) : recorded === 'none' ? undefined : recorded.sha256;
  writeFileSync(cardFile, JSON.stringify(card(`data-${written}.csv`, sha, cardFields)));
  return { cardFile, csvFile };
}

interface Outcome {
  readonly code: number;
  readonly stderr: string;
  readonly out: string;
}

/** Runs `boden bench --task-file <card>` in this process (as `boden bench` does), capturing what it prints. */
async function benchOnCard(cardFile: string): Promise<Outcome> {
  const out = join(directory, `out-${written}`);
  const chunks: string[] = [];
  const [stdoutWrite, stderrWrite] = [process.stdout.write, process.stderr.write];
  process.stdout.write = (() => true) as typeof process.stdout.write;
  process.stderr.write = ((chunk: unknown) => chunks.push(String(chunk)) > 0) as typeof process.stderr.write;
  try {
    const args = [
      '--task-file',
      cardFile,
      '--arms',
      'unshaped',
      '--seeds',
      '1',
      '--episodes',
      '2',
      '--workers',
      '1',
      '--quiet',
      '--out',
      out,
      '--memo',
      join(directory, 'memo'),
    ];
    const code = await runBenchCli([process.execPath, 'boden', 'bench', ...args]);
    return { code, stderr: chunks.join(''), out };
  } finally {
    process.stdout.write = stdoutWrite;
    process.stderr.write = stderrWrite;
    process.exitCode = undefined;
  }
}

/** The refusal every fault must get: exit 2, one line naming `file` and `where`, no stack trace, no run. */
function expectRefused(outcome: Outcome, file: string, where: string | RegExp): void {
  expect(outcome.code, outcome.stderr).toBe(2);
  expect(outcome.stderr).not.toContain('\n    at ');
  expect(
    outcome.stderr.endsWith('\n') && outcome.stderr.indexOf('\n') === outcome.stderr.length - 1,
    `one line: ${JSON.stringify(outcome.stderr)}`,
  ).toBe(true);
  expect(outcome.stderr.startsWith(`boden: ${file}`), outcome.stderr).toBe(true);
  if (typeof where === 'string') expect(outcome.stderr).toContain(where);
  else expect(outcome.stderr).toMatch(where);
  expect(existsSync(join(outcome.out, 'runs.jsonl')), 'no run started').toBe(false);
}

/** Text a user might type into a numeric cell: words, stray punctuation, a newline, infinities; never a number. */
const notANumber = fc
  .oneof(
    fc.constantFrom(
      'three',
      'n/a',
      '?',
      '-',
      '1,5',
      '12 kg',
      'Infinity',
      '-Infinity',
      '1e999',
      'TRUE',
      'two\nlines',
      '"quoted"',
      '\u001b[31mred',
    ),
    fc.string({ minLength: 1, maxLength: 12 }),
  )
  .filter((value) => !missingMarkers.has(value.trim()) && !Number.isFinite(Number(value.trim())));

describe('boden bench --task-file: a faulty card or CSV is refused before any run, exit 2, one line naming the file and the place', () => {
  const cells = baseCells();
  const settings = { seed: 20261205, numRuns: 25 };

  it('a column the card names is missing from the header', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...taskColumns), fc.string({ minLength: 1, maxLength: 10 }), async (column, replacement) => {
        fc.pre(!header.includes(replacement.trim()));
        const { cardFile, csvFile } = writeTask(
          csvText(
            header.map((name) => (name === column.name ? replacement : name)),
            cells,
          ),
        );
        expectRefused(
          await benchOnCard(cardFile),
          csvFile,
          `at line 1: no column ${JSON.stringify(column.name)} (the card's ${column.field})`,
        );
      }),
      settings,
    );
  });

  it('a word in a numeric column (a feature or the target)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: rows - 1 }), fc.constantFrom(...numericColumns), notANumber, async (row, column, word) => {
        const faulty = cells.map((cellsOfRow, index) =>
          index === row ? cellsOfRow.map((value, position) => (header[position] === column ? word : value)) : cellsOfRow,
        );
        const { cardFile, csvFile } = writeTask(csvText(header, faulty));
        // A quoted cell with newlines ends its row that many lines further down.
        const line = row + 2 + (word.match(/\r\n|\r|\n/g)?.length ?? 0);
        expectRefused(
          await benchOnCard(cardFile),
          csvFile,
          `at line ${line}, column "${column}": expected a number or a missing value, got ${JSON.stringify(word.trim().slice(0, 40))}`,
        );
      }),
      settings,
    );
  });

  it('an empty file, or a header with no rows', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('', '\n', '\n\n\n', '\uFEFF', `${header.join(',')}\n`, `${header.join(',')}\n\n\n`, `\uFEFF${header.join(',')}`),
        async (text) => {
          const { cardFile, csvFile } = writeTask(text);
          expectRefused(await benchOnCard(cardFile), csvFile, `${csvFile}: expected a header row and at least one data row`);
        },
      ),
      { ...settings, numRuns: 7 },
    );
  });

  it('a bad row: too many or too few fields, or a quote never closed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: rows - 1 }),
        fc.constantFrom('extra field', 'missing field', 'open quote'),
        async (row, fault) => {
          const lines = csvText(header, cells).split('\n');
          const line = lines[row + 1]!;
          lines[row + 1] =
            fault === 'extra field' ? `${line},surplus` : fault === 'missing field' ? line.slice(0, line.lastIndexOf(',')) : `"${line}`;
          const { cardFile, csvFile } = writeTask(lines.join('\n'));
          const where =
            fault === 'open quote'
              ? /at line \d+: not a valid CSV file: /
              : `at line ${row + 2}: not a valid CSV file: Invalid Record Length`;
          expectRefused(await benchOnCard(cardFile), csvFile, where);
        },
      ),
      settings,
    );
  });

  it('a row without its target', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: rows - 1 }), fc.constantFrom('', 'NA', 'NaN', 'null', '  '), async (row, missing) => {
        const faulty = cells.map((cellsOfRow, index) => (index === row ? [...cellsOfRow.slice(0, -1), missing] : cellsOfRow));
        const { cardFile, csvFile } = writeTask(csvText(header, faulty));
        expectRefused(await benchOnCard(cardFile), csvFile, `at line ${row + 2}, column "y": the target is missing`);
      }),
      settings,
    );
  });

  it('a CSV changed after calibration: the card names its sha256; a worker loading it after the card was read refuses it too', async () => {
    const original = csvText(header, cells);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: original.length - 1 }),
        fc.constantFrom('overwrite', 'truncate', 'append'),
        fc.string({ minLength: 1, maxLength: 5 }),
        async (at, change, text) => {
          const changed =
            change === 'overwrite'
              ? original.slice(0, at) + text + original.slice(at + text.length)
              : change === 'truncate'
                ? original.slice(0, at)
                : original + text;
          fc.pre(changed !== original);
          const { cardFile, csvFile } = writeTask(changed, {}, { sha256: sha256(original) });
          expectRefused(
            await benchOnCard(cardFile),
            cardFile,
            `${cardFile} at $.dataset.sha256: ${csvFile} changed since the card was calibrated`,
          );
          // Changed between the card's check and an evaluation worker's load: its results would be memoised under the
          // original file's sha256, so the worker refuses the file as well.
          const task = { ...card(csvFile, sha256(original)), dataset: { csv: csvFile, sha256: sha256(original) } } as Parameters<
            typeof loadCsvDataset
          >[0];
          let refusal: unknown;
          try {
            loadCsvDataset(task);
          } catch (error) {
            refusal = error;
          }
          expect(InvalidFieldError.isInstance(refusal), String(refusal)).toBe(true);
          expect((refusal as Error).message).toContain(
            `${csvFile}: changed since the card was calibrated (sha256 ${sha256(changed)}, the card records ${sha256(original)})`,
          );
        },
      ),
      settings,
    );
  });

  it('a card without the sha256 of its CSV', async () => {
    const { cardFile, csvFile } = writeTask(csvText(header, cells), {}, 'none');
    expectRefused(
      await benchOnCard(cardFile),
      cardFile,
      `${cardFile} at $.dataset.sha256: missing: a card records the sha256 of the CSV file its numbers were calibrated on (boden bench calibrate writes it; ${csvFile} has ${sha256(csvText(header, cells))})`,
    );
  });

  it('a card from a newer boden: a later card or evaluation version, or a field this one does not know', async () => {
    const knownFields = new Set([
      ...Object.keys(card('x.csv', undefined)),
      'cardVersion',
      'pathBest',
      'featureEngineering',
      'constructor',
      '__proto__',
    ]);
    const newer = fc.oneof(
      fc.integer({ min: 2, max: 1000 }).map((version) => ({
        fields: { cardVersion: version } as Record<string, unknown>,
        where: `at $.cardVersion: a version ${version} card, written by a newer boden`,
      })),
      fc.integer({ min: evaluationVersion + 1, max: 1000 }).map((version) => ({
        fields: { calibration: { ...card('x.csv', undefined).calibration, evaluationVersion: version } } as Record<string, unknown>,
        where: `at $.calibration.evaluationVersion: calibrated by evaluation version ${version}, newer than this boden's ${evaluationVersion}`,
      })),
      fc
        .tuple(fc.stringMatching(/^[a-z][A-Za-z0-9]{0,15}$/), fc.jsonValue({ maxDepth: 2 }))
        .filter(([key]) => !knownFields.has(key))
        .map(([key, value]) => ({
          fields: { [key]: value } as Record<string, unknown>,
          where: `at $.${key}: a field this boden does not know`,
        })),
    );
    await fc.assert(
      fc.asyncProperty(newer, async ({ fields, where }) => {
        const { cardFile } = writeTask(csvText(header, cells), fields);
        expectRefused(await benchOnCard(cardFile), cardFile, `${cardFile} ${where}`);
      }),
      settings,
    );
  });

  it('a CSV over the size limit (a sparse file of up to 256 MiB, never read)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 64 * 2 ** 20 + 1, max: 256 * 2 ** 20 }), async (size) => {
        const { cardFile, csvFile } = writeTask('');
        // Sparse: the size is real, the disk holds next to nothing, and the refusal must come before any read.
        truncateSync(csvFile, size);
        try {
          expectRefused(
            await benchOnCard(cardFile),
            csvFile,
            `${csvFile}: ${(size / 2 ** 20).toFixed(1)} MiB, over the 64.0 MiB a task's CSV file may hold`,
          );
        } finally {
          rmSync(csvFile);
        }
      }),
      { ...settings, numRuns: 5 },
    );
  });
});

describe('boden bench --task-file as a process', () => {
  it('exits 2 with one line on stderr for a missing column and for a 200 MB CSV', async () => {
    const missing = writeTask(
      csvText(
        header.map((name) => (name === 'x2' ? 'x3' : name)),
        baseCells(),
      ),
    );
    const large = writeTask('');
    truncateSync(large.csvFile, 200 * 10 ** 6);
    for (const [{ cardFile, csvFile }, where] of [
      [missing, 'at line 1: no column "x2" (the card\'s numericFeatures[1])'],
      [large, ': 190.7 MiB, over the 64.0 MiB'],
    ] as const) {
      const out = join(directory, `process-${written}`);
      const result = await spawnCli([
        'bench',
        '--task-file',
        cardFile,
        '--arms',
        'unshaped',
        '--seeds',
        '1',
        '--episodes',
        '2',
        '--workers',
        '1',
        '--out',
        out,
        '--memo',
        join(directory, 'memo'),
      ]);
      expectRefused({ code: result.code ?? -1, stderr: result.stderr, out }, csvFile, where);
      expect(result.stdout).toBe('');
    }
    rmSync(large.csvFile);
  }, 240_000);
});
