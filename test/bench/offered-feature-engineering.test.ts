import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { featureEngineeringSpace, offeredFeatureEngineering, type FeatureEngineeringGrid } from '../../bench/env/pipeline-space.js';
import type { PipelineConfig } from '../../bench/env/pipeline-config.js';
import { mutatePipelineConfig, samplePipelineConfig } from '../../bench/env/sample-pipeline-config.js';
import { readBenchTaskCard } from '../../bench/cards/bench-task-card.js';
import { createSeededRandom } from '../../src/random/random-source.js';
import { spawnProcess } from '../support/run-cli.js';
import { projectRoot } from '../support/shared-data.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

// A card may offer feature engineering with no periodic column (or on a classification task): the cyclical encoding
// (and the log target transform) can then only fail. They are not offered, and calibration says so once.

const directory = useTemporaryDirectory('boden-offered-features-');
const classification = { kind: 'classification' as const, featureEngineering: { periodic: {} } };
const withheldHere =
  "feature engineering without the log target transform (a class label has no logarithm) and the cyclical encoding (the card's featureEngineering.periodic names no column)";

/** A search's draws: `samples` random pipelines, each then mutated `steps` times in a chain. */
function draws(
  seed: number,
  kind: 'regression' | 'classification',
  featureEngineering: boolean | FeatureEngineeringGrid,
  samples = 6,
  steps = 12,
): PipelineConfig[] {
  const random = createSeededRandom(seed);
  return Array.from({ length: samples }, () => {
    let config = samplePipelineConfig(random, kind, { featureEngineering });
    const chain = [config];
    for (let step = 0; step < steps; step += 1) chain.push((config = mutatePipelineConfig(config, random, { featureEngineering })));
    return chain;
  }).flat();
}

describe('the feature-engineering moves a card offers', () => {
  it('withholds the moves that can only fail, saying why; a card with periodic columns keeps the whole space', () => {
    expect(offeredFeatureEngineering({ kind: 'regression' })).toBeUndefined();
    expect(offeredFeatureEngineering({ kind: 'regression', featureEngineering: { periodic: { month: 12 } } })).toEqual({
      grid: featureEngineeringSpace,
      withheld: [],
    });
    const offered = offeredFeatureEngineering(classification)!;
    expect(offered.grid).toEqual({ ...featureEngineeringSpace, targetTransform: ['none'], cyclical: [false] });
    expect(offered.withheld).toEqual([
      'the log target transform (a class label has no logarithm)',
      "the cyclical encoding (the card's featureEngineering.periodic names no column)",
    ]);
  });

  it('a search over the offered grid never draws nor moves to a withheld value, and draws as before where nothing is withheld', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const configs = draws(seed, 'classification', offeredFeatureEngineering(classification)!.grid);
        expect(configs.filter((config) => config.features?.cyclical === true || config.features?.targetTransform === 'log')).toEqual([]);
        // The shipped feature-engineering tasks (regression, periodic columns): the same draws as the whole space.
        const periodic = offeredFeatureEngineering({ kind: 'regression', featureEngineering: { periodic: { month: 12 } } })!.grid;
        expect(draws(seed, 'regression', periodic)).toEqual(draws(seed, 'regression', true));
      }),
      { seed: 20261205, numRuns: 30 },
    );
  });

  it('calibrating such a card evaluates none of them, says so once, and writes a card boden bench reads', async () => {
    const random = createSeededRandom(5);
    const lines = ['a,b,colour,label'];
    for (let row = 0; row < 90; row += 1) {
      const [a, b] = [random() * 4, random() * 4];
      lines.push(`${a.toFixed(3)},${b.toFixed(3)},${['red', 'green', 'blue'][row % 3]},${a - b + random() > 0 ? 'up' : 'down'}`);
    }
    writeFileSync(join(directory, 'data.csv'), `${lines.join('\n')}\n`);
    const definition = {
      task: 'no-periodic',
      dataset: { csv: 'data.csv' },
      kind: 'classification',
      metric: 'accuracy',
      maximize: true,
      target: 'label',
      numericFeatures: ['a', 'b'],
      categoricalFeatures: ['colour'],
      cv: { folds: 3, seed: 0, stratified: true },
      featureEngineering: {},
      description: 'Up or down.',
    };
    writeFileSync(join(directory, 'definition.json'), JSON.stringify(definition));
    const memo = join(directory, 'memo');
    const out = join(directory, 'card.json');
    const args = [
      '--task-file',
      join(directory, 'definition.json'),
      '--out',
      out,
      '--stage',
      'search',
      '--random',
      '24',
      '--rounds',
      '1',
      '--children',
      '2',
      '--workers',
      '1',
      '--work-budget',
      '2',
      '--memo',
      memo,
    ];
    const result = await spawnProcess(process.execPath, [
      '--import',
      'tsx',
      join(projectRoot, 'src', 'cli', 'main.ts'),
      'bench',
      'calibrate',
      ...args,
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.split(withheldHere)).toHaveLength(2);
    // Search only: the card's medals are placeholders, and the command says so.
    expect(result.stdout).toContain('medals NOT set from unshaped runs');
    const evaluated = readdirSync(memo).map(
      (file) => (JSON.parse(readFileSync(join(memo, file), 'utf8')) as { config: PipelineConfig }).config,
    );
    expect(evaluated.length).toBeGreaterThan(20);
    expect(evaluated.filter((config) => config.features?.cyclical === true || config.features?.targetTransform === 'log')).toEqual([]);
    const card = await readBenchTaskCard(out);
    expect(card.cardVersion).toBe(1);
    expect(typeof card.dataset === 'object' && card.dataset.sha256).toMatch(/^[0-9a-f]{64}$/);
  }, 240_000);

  it('calibration refuses a bad definition or CSV in one line, exit 2, before any worker starts', async () => {
    writeFileSync(join(directory, 'bad.csv'), 'a,b,colour,label\n1,2,red,up\n1,two,red,down\n');
    writeFileSync(
      join(directory, 'bad.json'),
      JSON.stringify({
        task: 'bad',
        dataset: { csv: 'bad.csv' },
        kind: 'classification',
        metric: 'accuracy',
        maximize: true,
        target: 'label',
        numericFeatures: ['a', 'b'],
        categoricalFeatures: ['colour'],
        cv: { folds: 2, seed: 0, stratified: false },
        description: 'Bad.',
      }),
    );
    const result = await spawnProcess(process.execPath, [
      '--import',
      'tsx',
      join(projectRoot, 'src', 'cli', 'main.ts'),
      'bench',
      'calibrate',
      '--task-file',
      join(directory, 'bad.json'),
      '--out',
      join(directory, 'bad-card.json'),
      '--workers',
      '1',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `boden: ${join(directory, 'bad.csv')} at line 3, column "b": expected a number or a missing value, got "two"\n`,
    );
    expect(result.stdout).toBe('');
  }, 120_000);
});
