import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importTrajectory } from '../../adapters/trajectory/index.js';
import { buildCorpus, createHCreativityScorer, openCorpus, scoreRunHCreativity } from '../../src/corpus/index.js';
import { EpisodeJsonlRecordSchema, readEpisodesJsonl } from '../../src/index.js';
import { runCli } from '../support/run-cli.js';
import { hasSharedData, projectRoot, sharedDataPath } from '../support/shared-data.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';
import { trajectoryReader } from '../../adapters/trajectory/index.js';

const directory = useTemporaryDirectory();

describe('boden score', () => {
  it('escapes control characters from the file in its output, and says when a folder holds no trajectory', async () => {
    const journal = JSON.parse(readFileSync('examples/aide-tabular-run.journal.json', 'utf8')) as {
      nodes: { id: string }[];
      node2parent: Record<string, string>;
    };
    const evil = 'draft\u001b[31m\nlightgbm';
    const renamed = JSON.parse(JSON.stringify(journal).replaceAll('"draft-lightgbm"', JSON.stringify(evil))) as typeof journal;
    expect(renamed.nodes.some((node) => node.id === evil)).toBe(true);
    const file = join(directory, 'evil.journal.json');
    writeFileSync(file, JSON.stringify(renamed));
    const result = await runCli(['score', file]);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('\u001b');
    expect(result.stdout).toContain('draft\\x1b[31m\\nlightgbm');
    const empty = join(directory, 'empty-folder');
    mkdirSync(empty);
    const nothing = await runCli(['score', empty]);
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toMatch(/boden score: no trajectories found in .*empty-folder/);
  });

  it('stops quietly with exit 0 when the reader closes the pipe (boden score … | head -1)', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(projectRoot, 'src', 'cli', 'main.ts'),
        'score',
        ...Array(300).fill('examples/aide-tabular-run.journal.json'),
      ],
      {
        cwd: projectRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    // Read the first chunk, then close our end, as head does.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    // No trace (without the handler Node prints "Error: write EPIPE" with its stack and exits 1).
    expect(stderr).not.toMatch(/EPIPE|Error|\n +at /);
    expect(code).toBe(0);
  });

  it('prints a table for the shipped example with impact and every novelty metric', async () => {
    const result = await runCli(['score', 'examples/aide-tabular-run.journal.json']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('run aide-tabular-run');
    expect(result.stdout).toContain('impact run-relative (no task card)');
    expect(result.stdout).toMatch(
      /#\s+node\s+step\s+score\s+impact\s+failed\s+nearest-neighbour\s+code-nearest-neighbour\s+centroid\s+mean-distance\s+graph-insertion\s+concept-set\s+concept-fuzzy\s+unique-code/,
    );
    const row = (node: string) =>
      result.stdout
        .split('\n')
        .find((line) => line.includes(` ${node} `))!
        .trim()
        .split(/\s+/);
    // index, node, step, score, impact, failed, then the eight metrics.
    expect(row('debug-ridge').slice(0, 6)).toEqual(['1', 'debug-ridge', '2', '0.1518', '-2.108', '1']);
    expect(row('draft-lightgbm').slice(6)).toEqual(Array(8).fill('1.000'));
    // The re-run differs from the stacked model only in a comment: the duplicate check catches it, and the
    // Ridge draft (a new model family) is further from its predecessors than the tuning step.
    expect(row('improve-rerun').at(-1)).toBe('0.000');
    expect(Number(row('debug-ridge')[6])).toBeGreaterThan(Number(row('improve-tuning')[6]));
    expect(Number(row('improve-tuning')[11])).toBe(0);
  });

  it("--json emits boden episode JSON lines that the reader accepts, with scores and the task card's impact", async () => {
    const result = await runCli(['score', 'examples/aide-tabular-run.journal.json', '--task-card', 'examples/task-card.json', '--json']);
    expect(result.code).toBe(0);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => EpisodeJsonlRecordSchema.parse(JSON.parse(line)));
    expect(lines.map((line) => line.type)).toEqual(['run', ...Array(6).fill('episode'), 'attempt']);
    const file = join(directory, 'scored.jsonl');
    writeFileSync(file, result.stdout);
    const [stored] = await readEpisodesJsonl(file);
    expect(stored!.run.episodes).toHaveLength(6);
    expect(stored!.usefulness).toMatchObject({ impactReference: { source: 'task-card', baseline: 0.399, top1: 0.115 } });
    const first = stored!.scores.get('draft-lightgbm')!;
    expect(first.impact).toBeCloseTo((0.1362 - 0.399) / (0.115 - 0.399), 10);
    expect(first['unique-code']).toBe(1);
    expect(stored!.scores.get('improve-rerun')!['unique-code']).toBe(0);
  });

  it('says how many concept cells a run visited and its QD-score, in the table and in --json', async () => {
    const [text, json] = await Promise.all([
      runCli(['score', 'examples/aide-tabular-run.journal.json', '--task-card', 'examples/task-card.json']),
      runCli(['score', 'examples/aide-tabular-run.journal.json', '--task-card', 'examples/task-card.json', '--json']),
    ]);
    const [header, ...episodes] = json.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, any>);
    const { coverage, qdScore, axes } = header!.qualityDiversity;
    expect(axes).toEqual(['paradigm', 'feature-engineering', 'validation']);
    // Cells (paradigm | feature work | validation), all k-fold: tree-ensemble | none, linear | none, tree-ensemble |
    // feature-engineering, tuning back in tree-ensemble | none, stacking linear+tree-ensemble | feature-engineering,
    // the re-run without the features linear+tree-ensemble | none.
    const filled = episodes.filter((record) => record.type === 'episode').map((record) => record.scores['cells-filled']);
    expect(filled).toEqual([1, 2, 3, 3, 4, 5]);
    expect(coverage).toBe(5);
    expect(qdScore).toBeGreaterThan(0);
    expect(qdScore).toBeLessThanOrEqual(coverage);
    expect(text.stdout).toContain(
      `quality-diversity over paradigm x feature-engineering x validation: ${coverage} cell(s) visited, QD-score ${qdScore.toFixed(3)}`,
    );
  });

  it('scores the good files, reports the bad ones and exits 2 without a stack trace', async () => {
    const bad = join(directory, 'broken.journal.json');
    writeFileSync(bad, '{"nodes": [{"id": "a", "step": 0, "metric": {"value": "high"}}], "node2parent": {}}');
    const result = await runCli(['score', 'examples/aide-tabular-run.journal.json', bad]);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain('run aide-tabular-run');
    expect(result.stderr).toContain(`${bad} at $.nodes[0].metric.value`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 2 on a usage error and prints help on --help with exit 0', async () => {
    const usage = await runCli(['score']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/missing required argument/);
    const badFormat = await runCli(['score', '--format', 'csv', 'x']);
    expect(badFormat.code).toBe(2);
    const help = await runCli(['score', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--task-card');
    const topHelp = await runCli(['--help']);
    expect(topHelp.stdout).toMatch(/score[\s\S]*validate[\s\S]*export/);
  });

  it('reports a bad task card by file and field', async () => {
    const card = join(directory, 'card.json');
    writeFileSync(card, JSON.stringify({ task: 't', metric: 'm', maximize: true, baseline: 1 }));
    const result = await runCli(['score', 'examples/aide-tabular-run.journal.json', '--task-card', card]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${card} at $.top1`);
    const missing = await runCli(['score', 'examples/aide-tabular-run.journal.json', '--task-card', join(directory, 'no-card.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no-card\.json: cannot read the task card: ENOENT\n$/);
    const withBom = join(directory, 'bom-card.json');
    writeFileSync(withBom, `\uFEFF${JSON.stringify({ task: 't', metric: 'm', maximize: false, baseline: 0.2, top1: 0.1 })}`);
    expect((await runCli(['score', 'examples/aide-tabular-run.journal.json', '--task-card', withBom])).code).toBe(0);
  });
});

describe('boden score --corpus', () => {
  const example = 'examples/aide-tabular-run.journal.json';

  it("adds an H column and h-creativity / h-distance scores equal to the H-creativity scorer's", async () => {
    const records = join(directory, 'house-prices.jsonl');
    writeFileSync(
      records,
      [
        {
          id: 'lgbm',
          task: 'house-prices',
          code: 'import lightgbm as lgb\nfrom sklearn.model_selection import KFold\nmodel = lgb.LGBMRegressor()',
        },
        {
          id: 'ridge',
          task: 'house-prices',
          code: 'from sklearn.linear_model import Ridge\nfrom sklearn.model_selection import cross_val_score',
        },
        { id: 'cnn', task: 'house-prices', text: 'A convolutional neural network on the listing photos with mixup.' },
      ]
        .map((record) => `${JSON.stringify(record)}\n`)
        .join(''),
    );
    const corpusDirectory = join(directory, 'corpus');
    await buildCorpus({ trajectories: trajectoryReader, inputs: [records], task: 'house-prices', out: corpusDirectory });
    const [run] = await importTrajectory(example);
    const expected = await scoreRunHCreativity(run!, createHCreativityScorer({ corpus: await openCorpus(corpusDirectory) }));

    const text = await runCli(['score', example, '--corpus', corpusDirectory]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/#\s+node\s+step\s+score\s+impact\s+failed\s+nearest-neighbour.*unique-code\s+H$/m);
    const hColumn = run!.episodes.map((episode) =>
      text.stdout
        .split('\n')
        .find((line) => line.includes(` ${episode.id} `))!
        .trim()
        .split(/\s+/)
        .at(-1),
    );
    expect(hColumn).toEqual(expected.map((score) => String(score.score)));
    expect(text.stdout).toMatch(
      /H: H-creativity 0-4 against corpus .*corpus \(task house-prices, 3 solution\(s\)\); mean H \d\.\d{3}, mean distance \d\.\d{3}/,
    );

    const json = await runCli(['score', example, '--corpus', corpusDirectory, '--json']);
    expect(json.code).toBe(0);
    const episodes = json.stdout
      .trim()
      .split('\n')
      .map((line) => EpisodeJsonlRecordSchema.parse(JSON.parse(line)))
      .filter((record) => record.type === 'episode');
    expect(episodes.map((record) => record.scores?.['h-creativity'])).toEqual(expected.map((score) => score.score));
    episodes.forEach((record, position) => expect(record.scores?.['h-distance']).toBeCloseTo(expected[position]!.distance, 10));
    expect(episodes[0]!.scores).toEqual(expect.objectContaining({ impact: expect.any(Number), 'unique-code': 1 }));
  });

  it('exits 2 naming the problem when the corpus cannot be opened', async () => {
    const result = await runCli(['score', example, '--corpus', join(directory, 'no-corpus-here')]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/boden score: .*no-corpus-here.*corpus\.json/);
  });
});

describe.skipIf(!hasSharedData)('boden score on ../shared/data/trajectories', () => {
  it('prints a table for all 37 inputs', async () => {
    const result = await runCli(['score', sharedDataPath('trajectories')]);
    expect(result.code).toBe(0);
    expect(result.stdout.match(/^run /gm)).toHaveLength(37);
    expect(result.stdout).toContain('(no episodes)');
  });

  it('--json gives one run line per input and one episode line per episode (SOURCES.tsv total)', async () => {
    const result = await runCli(['score', sharedDataPath('trajectories'), '--json']);
    expect(result.code).toBe(0);
    const records = result.stdout
      .trim()
      .split('\n')
      .map((line) => EpisodeJsonlRecordSchema.parse(JSON.parse(line)));
    expect(records.filter((record) => record.type === 'run')).toHaveLength(37);
    // 449 = the sum of the episodes column of SOURCES.tsv.
    expect(records.filter((record) => record.type === 'episode')).toHaveLength(449);
    for (const record of records) {
      if (record.type === 'episode') expect(Object.keys(record.scores ?? {})).toEqual(expect.arrayContaining(['impact', 'unique-code']));
    }
  });
});

describe('boden export', () => {
  it('writes boden JSON lines atomically that read back equal to the import', async () => {
    const out = join(directory, 'export.jsonl');
    const result = await runCli(['export', 'examples/aide-tabular-run.journal.json', '--out', out]);
    expect(result.code).toBe(0);
    const [stored] = await readEpisodesJsonl(out);
    expect(stored!.run.episodes.map((episode) => episode.id)).toEqual([
      'draft-lightgbm',
      'debug-ridge',
      'improve-features',
      'improve-tuning',
      'improve-stacking',
      'improve-rerun',
    ]);
    expect(stored!.run.infeasibleAttempts.map((attempt) => attempt.id)).toEqual(['draft-mlp']);
  });
  it('refuses a --metric that an AIDE journal cannot choose, saying why, instead of ignoring it', async () => {
    const result = await runCli(['score', 'examples/aide-tabular-run.journal.json', '--metric', 'no_such_metric']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'examples/aide-tabular-run.journal.json: the metric "no_such_metric" (--metric) is not in this aide-journal-v2: an AIDE journal has one unnamed metric per node',
    );
    expect(result.stderr).not.toMatch(/\n +at /);
  });
});
