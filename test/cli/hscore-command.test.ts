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
    'lgbm.py': 'import pandas as pd\nimport lightgbm as lgb\nfrom sklearn.model_selection import KFold\nmodel = lgb.LGBMRegressor(n_estimators=500)\n',
    'xgb.py': 'import pandas as pd\nimport xgboost as xgb\nmodel = xgb.XGBRegressor(n_estimators=300, max_depth=6)\n',
    'ridge.py': 'import pandas as pd\nfrom sklearn.linear_model import Ridge\nfrom sklearn.model_selection import cross_val_score\nmodel = Ridge(alpha=1.0)\n',
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
    const lines = json.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string });
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
  }, 60_000);

  it('exits 1 and names the skipped inputs when some could not be read', async () => {
    const folder = writeSolutions('with-notes', { 'NOTES.tsv': 'not\ta\tsolution\n' });
    const result = await runCli(['corpus', 'build', folder, '--task', 'house-prices', '--out', join(directory, 'partial')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('NOTES.tsv');
    expect(result.stdout).toContain('skipped 1 input(s)');
  }, 60_000);

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
  }, 60_000);

  it('exits 2 on a bad --k', async () => {
    const result = await runCli(['hscore', '--corpus', corpus, trajectory, '--k', '0']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--k');
  }, 60_000);
});
