import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

const directory = useTemporaryDirectory('boden-hscore-cli-');
const trajectory = 'examples/aide-tabular-run.journal.json';

/** Writes a few boosting solutions of a house-prices-like task into `name` and returns the folder. */
function writeSolutions(name: string, extra: Readonly<Record<string, string>> = {}): string {
  const folder = join(directory, name);
  mkdirSync(folder, { recursive: true });
  const files: Record<string, string> = {
    'lgbm.py':
      'import pandas as pd\nimport lightgbm as lgb\nfrom sklearn.model_selection import KFold\nmodel = lgb.LGBMRegressor(n_estimators=500)\n',
    'xgb.py': 'import pandas as pd\nimport xgboost as xgb\nmodel = xgb.XGBRegressor(n_estimators=300, max_depth=6)\n',
    'ridge.py':
      'import pandas as pd\nfrom sklearn.linear_model import Ridge\nfrom sklearn.model_selection import cross_val_score\nmodel = Ridge(alpha=1.0)\n',
    ...extra,
  };
  for (const [file, text] of Object.entries(files)) writeFileSync(join(folder, file), text);
  return folder;
}

interface EpisodeLine {
  type: 'episode';
  run: string;
  index: number;
  node: string;
  h: number;
  distance: number;
  neighbours: { id: string; similarity: number }[];
}

describe('boden corpus build and boden hscore', () => {
  const corpus = join(directory, 'corpus');

  it('builds a corpus, then scores a run against it as a table and as JSON lines', async () => {
    const built = await runCli(['corpus', 'build', writeSolutions('solutions'), '--task', 'house-prices', '--out', corpus]);
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    expect(built.stdout).toMatch(/added 3 solution\(s\) to .* \(task house-prices, 3 in the corpus\), skipped 0 input\(s\)/);

    const text = await runCli(['hscore', '--corpus', corpus, trajectory, '--k', '2']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/#\s+node\s+H\s+distance\s+nearest\s+similarity/);
    expect(text.stdout).toMatch(/mean H \d\.\d{3}, mean distance \d\.\d{3}/);

    const json = await runCli(['hscore', '--corpus', corpus, trajectory, '--k', '2', '--json']);
    expect(json.code).toBe(0);
    const lines = json.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string });
    const episodes = lines.filter((line): line is EpisodeLine => line.type === 'episode');
    const run = lines.find((line) => line.type === 'run') as { meanH: number; episodes: number } | undefined;
    expect(episodes.length).toBeGreaterThan(0);
    expect(run?.episodes).toBe(episodes.length);
    expect(run?.meanH).toBeCloseTo(episodes.reduce((sum, line) => sum + line.h, 0) / episodes.length, 10);
    for (const line of episodes) {
      expect(line.h).toBeGreaterThanOrEqual(0);
      expect(line.h).toBeLessThanOrEqual(4);
      expect(line.neighbours).toHaveLength(2);
      expect(line.neighbours[0]!.similarity).toBeGreaterThanOrEqual(line.neighbours[1]!.similarity);
      expect(line.distance).toBeCloseTo(1 - line.neighbours[0]!.similarity, 10);
    }
    // The run trains LightGBM: its nearest human solution is the LightGBM script.
    expect(episodes[0]!.neighbours[0]!.id).toBe('lgbm.py');
  }, 180_000);

  it('exits 1 and names the skipped inputs when some could not be read', async () => {
    const folder = writeSolutions('with-notes', { 'NOTES.tsv': 'not\ta\tsolution\n' });
    const result = await runCli(['corpus', 'build', folder, '--task', 'house-prices', '--out', join(directory, 'partial')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('NOTES.tsv');
    expect(result.stdout).toContain('skipped 1 input(s)');
  }, 180_000);

  it('exits 2 naming the mismatch when the corpus is opened with a different embedder', async () => {
    const out = join(directory, 'mismatch');
    expect((await runCli(['corpus', 'build', writeSolutions('mismatch-solutions'), '--task', 't', '--out', out])).code).toBe(0);
    const result = await runCli(['hscore', '--corpus', out, trajectory, '--dimensions', '256']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/embedder/);
    expect(result.stderr).toContain('hashing-v1/512');
    expect(result.stderr).toContain('hashing-v1/256');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  }, 180_000);

  it('exits 2 on a bad --k', async () => {
    const result = await runCli(['hscore', '--corpus', corpus, trajectory, '--k', '0']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--k');
  }, 180_000);

  it('exits 2 naming the option when a number is not a whole number', async () => {
    const cases: [string[], string][] = [
      [['hscore', '--corpus', corpus, trajectory, '--k', '1e1'], '--k'],
      [['hscore', '--corpus', corpus, trajectory, '--k', '2.5'], '--k'],
      [['hscore', '--corpus', corpus, trajectory, '--dimensions', '512x'], '--dimensions'],
      [['corpus', 'build', 'x', '--task', 't', '--out', join(directory, 'never'), '--dimensions', '0x200'], '--dimensions'],
      [['corpus', 'build', 'x', '--task', 't', '--out', join(directory, 'never'), '--dimensions', '4'], '--dimensions'],
    ];
    for (const [args, option] of cases) {
      const result = await runCli(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`option '${option} <n>' argument`);
      expect(result.stderr).toMatch(/expected a whole number (≥ 1|between 8 and 65536)/);
    }
  }, 240_000);
});

/** Writes JSON-lines solution records of `task` and returns the file. */
function writeRecords(name: string, records: readonly Record<string, unknown>[]): string {
  const file = join(directory, `${name}.jsonl`);
  writeFileSync(file, records.map((record) => `${JSON.stringify(record)}\n`).join(''));
  return file;
}

interface CalibrationLine {
  type: 'calibration';
  corpus: { task: string; solutions: number };
  episodes: { count: number; meanH: number; meanDistance: number };
  crossTask: { task: string; meanH: number; meanDistance: number } | null;
  medalTiers: { medal: string; solutions: number; meanH: number; meanDistance: number }[];
  timeline: {
    datedSolutions: number;
    episodes: number;
    placed: number;
    quartiles: { quartile: number; solutions: number; episodes: number; share: number | null }[];
  } | null;
}

describe('boden hscore calibrations', () => {
  // A house-prices corpus of dated records, some with medals, and an image-classification corpus as the unrelated task.
  const tabular = writeRecords('tabular', [
    {
      id: 'gold-lgbm',
      task: 'house-prices',
      code: 'import lightgbm as lgb\nfrom sklearn.model_selection import KFold\nmodel = lgb.LGBMRegressor()',
      medal: 'gold',
      timestamp: '2017-02-01',
    },
    {
      id: 'gold-stack',
      task: 'house-prices',
      text: 'Stacked XGBoost, LightGBM and ridge regression with a linear meta-model.',
      medal: 'gold',
      timestamp: '2017-05-01',
    },
    {
      id: 'silver-xgb',
      task: 'house-prices',
      code: 'import xgboost as xgb\nmodel = xgb.XGBRegressor(max_depth=6)',
      medal: 'silver',
      timestamp: '2017-08-01',
    },
    {
      id: 'ridge',
      task: 'house-prices',
      code: 'from sklearn.linear_model import Ridge\nfrom sklearn.model_selection import cross_val_score',
      timestamp: '2018-01-01',
    },
    {
      id: 'lasso',
      task: 'house-prices',
      code: 'from sklearn.linear_model import Lasso\nimport numpy as np\ny = np.log1p(y)',
      timestamp: '2018-06-01',
    },
    {
      id: 'forest',
      task: 'house-prices',
      code: 'from sklearn.ensemble import RandomForestRegressor',
      medal: 'bronze',
      timestamp: '2019-01-01',
    },
    { id: 'catboost', task: 'house-prices', code: 'from catboost import CatBoostRegressor', timestamp: '2019-06-01' },
    {
      id: 'svr',
      task: 'house-prices',
      code: 'from sklearn.svm import SVR\nfrom sklearn.preprocessing import StandardScaler',
      timestamp: '2020-01-01',
    },
  ]);
  const images = writeRecords('images', [
    {
      id: 'cnn',
      task: 'cactus',
      code: 'import torch\nimport torchvision\nmodel = torchvision.models.resnet18(pretrained=True)\noptimizer = torch.optim.Adam(model.parameters())',
    },
    {
      id: 'augment',
      task: 'cactus',
      text: 'A convolutional network with mixup and random flips, cosine annealing, test-time augmentation.',
    },
    { id: 'efficientnet', task: 'cactus', code: 'import timm\nmodel = timm.create_model("efficientnet_b0", pretrained=True)' },
  ]);
  const houseCorpus = join(directory, 'house-prices');
  const cactusCorpus = join(directory, 'cactus');

  it('prints the cross-task ceiling beside the real H, the medal tiers and the timeline quartiles', async () => {
    expect((await runCli(['corpus', 'build', tabular, '--task', 'house-prices', '--out', houseCorpus, '--dimensions', '256'])).code).toBe(
      0,
    );
    expect((await runCli(['corpus', 'build', images, '--task', 'cactus', '--out', cactusCorpus, '--dimensions', '256'])).code).toBe(0);
    // No --dimensions: the corpus's own (256) are read from its manifest.
    const text = await runCli(['hscore', '--corpus', houseCorpus, '--cross-task', cactusCorpus, trajectory, '--k', '3']);
    expect(text.stderr).toContain('scored 1 run(s) against 8 corpus solution(s)');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/#\s+node\s+H\s+H cross-task\s+distance\s+distance cross-task\s+nearest\s+similarity/);
    expect(text.stdout).toMatch(/cross-task ceiling: mean H \d\.\d{3}, mean distance \d\.\d{3}/);
    expect(text.stdout).toMatch(
      /cross-task calibration: the same episodes against corpus .*cactus.*\n.*run\s+episodes\s+mean H\s+ceiling H\s+mean distance\s+ceiling distance/,
    );
    expect(text.stdout).toMatch(/medal-tier calibration: .*leave-one-out\)\n/);
    expect(text.stdout).toMatch(/^gold medal\s+2\s+\d\.\d{3}\s+\d\.\d{3}$/m);
    expect(text.stdout).toMatch(/^agent episodes \(above\)\s+6\s/m);
    expect(text.stdout).toMatch(
      /nearest human neighbour on the corpus timeline \(8 dated human solution\(s\) in quartiles\): 6 of 6 episode\(s\) placed/,
    );
    expect(text.stdout).toMatch(/^Q1 \(oldest\)\s+2017-02-01\s+2017-05-01\s+2\s/m);
    expect(text.stdout).toMatch(/^Q4 \(newest\)\s+2019-06-01\s+2020-01-01\s+2\s/m);

    const json = await runCli(['hscore', '--corpus', houseCorpus, '--cross-task', cactusCorpus, trajectory, '--k', '3', '--json']);
    expect(json.code).toBe(0);
    const lines = json.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string });
    expect(lines.map((line) => line.type)).toEqual([...Array(6).fill('episode'), 'run', 'calibration']);
    const episodes = lines.filter((line): line is EpisodeLine & { crossTask: { h: number; distance: number } } => line.type === 'episode');
    const calibration = lines.at(-1) as CalibrationLine;
    expect(calibration.corpus).toMatchObject({ task: 'house-prices', solutions: 8 });
    expect(calibration.crossTask?.task).toBe('cactus');
    const meanOf = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(calibration.crossTask!.meanDistance).toBeCloseTo(meanOf(episodes.map((line) => line.crossTask.distance)), 10);
    expect(calibration.episodes.meanDistance).toBeCloseTo(meanOf(episodes.map((line) => line.distance)), 10);
    // A LightGBM house-prices run is far closer to house-prices solutions than to image classifiers: the ceiling is higher.
    expect(calibration.crossTask!.meanDistance).toBeGreaterThan(calibration.episodes.meanDistance + 0.2);
    expect(calibration.medalTiers.map((tier) => [tier.medal, tier.solutions])).toEqual([
      ['gold', 2],
      ['silver', 1],
      ['bronze', 1],
    ]);
    const timeline = calibration.timeline!;
    expect(timeline).toMatchObject({ datedSolutions: 8, episodes: 6, placed: 6 });
    expect(timeline.quartiles.map((quartile) => quartile.solutions)).toEqual([2, 2, 2, 2]);
    expect(timeline.quartiles.reduce((sum, quartile) => sum + quartile.episodes, 0)).toBe(6);
    // The run's first episode trains LightGBM: its nearest human solution is the 2017 gold LightGBM, in Q1.
    expect(episodes[0]!.neighbours[0]!.id).toBe('gold-lgbm');
    expect(timeline.quartiles[0]!.episodes).toBeGreaterThanOrEqual(1);
  }, 240_000);

  it('exits 2 naming the mismatch when the cross-task corpus was built with another embedder', async () => {
    const other = join(directory, 'cactus-512');
    expect((await runCli(['corpus', 'build', images, '--task', 'cactus', '--out', other])).code).toBe(0);
    const result = await runCli(['hscore', '--corpus', houseCorpus, '--cross-task', other, trajectory]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('hashing-v1/512');
    expect(result.stderr).toContain('hashing-v1/256');
  }, 180_000);
});
