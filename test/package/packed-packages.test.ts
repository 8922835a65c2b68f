import { cpSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { installPacked, packPackage, type PackedPackage } from '../support/packed-project.js';
import { spawnProcess } from '../support/run-cli.js';
import { projectRoot } from '../support/shared-data.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

const built = existsSync(join(projectRoot, 'dist', 'src', 'index.js'));
if (!built) console.warn('skipping the packed-package tests: dist/ is missing (npm test builds it; or run npm run build)');

/** The packages a bare specifier names (`@scope/name/sub` → `@scope/name`), Node's own left out. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('node:')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Every package boden-bench's shipped sources import, `require` or `require.resolve`. */
function benchImports(files: readonly string[], root: string): Set<string> {
  const names = new Set<string>();
  for (const file of files.filter((path) => /\.(ts|mjs)$/.test(path))) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      const name = packageOf(fileName);
      if (name !== null) names.add(name);
    }
    for (const match of text.matchAll(/require(?:\.resolve)?\('([^']+)'\)/g)) {
      const name = packageOf(match[1]!);
      if (name !== null) names.add(name);
    }
  }
  return names;
}

/**
 * The two packages as a new user gets them: `npm pack` of boden and of boden-bench, installed into an empty project
 * (see `installPacked`), and every command run from there, never from the clone.
 */
describe.skipIf(!built)('boden and boden-bench, packed and installed into an empty project', () => {
  const project = useTemporaryDirectory('boden-packed-');
  const lonely = useTemporaryDirectory('boden-alone-');
  let boden: PackedPackage;
  let bench: PackedPackage;
  const run = (command: string, args: readonly string[], cwd = project) =>
    spawnProcess(join(cwd, 'node_modules', '.bin', command), args, { cwd, env: { ...process.env, NO_COLOR: '1' }, timeout: 400_000 });

  beforeAll(() => {
    boden = packPackage(project);
    bench = packPackage(project, 'bench');
    installPacked(project, [boden, bench]);
    // boden alone: the same tarball, installed without boden-bench (npm pack costs seconds).
    installPacked(lonely, [boden]);
    cpSync(join(projectRoot, 'examples', 'user-task'), join(project, 'user-task'), { recursive: true });
  }, 180_000);

  it('ship what each needs and no committed results; boden-bench declares every package it imports', () => {
    expect(boden.files).toContain('dist/src/cli/main.js');
    expect(boden.files.filter((path) => path.startsWith('bench/') || path.startsWith('src/'))).toEqual([]);
    expect(bench.files).toEqual(
      expect.arrayContaining([
        'cli/boden-bench.mjs',
        'cli/bench-cli.ts',
        'tasks/cards/boston.json',
        'packing/cards/circle-packing-26.json',
        'env/typescript-worker.mjs',
      ]),
    );
    expect(bench.files.filter((path) => path.startsWith('results/') || path.endsWith('.jsonl') || path.endsWith('.gz'))).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(projectRoot, 'bench', 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      peerDependencies: Record<string, string>;
    };
    const declared = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies)]);
    const imported = benchImports(bench.files, join(project, 'node_modules', 'boden-bench'));
    expect(imported.size).toBeGreaterThan(8);
    expect([...imported].filter((name) => !declared.has(name)).sort()).toEqual([]);
    // The library does not carry the benchmark's ML libraries, queue or datasets.
    const library = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    for (const heavy of ['ml-xgboost', 'libsvm-js', 'ml-matrix', 'bullmq', 'ioredis', 'vega-datasets', 'tsx'])
      expect(Object.keys(library.dependencies)).not.toContain(heavy);
  });

  it('boden demo runs the benchmark from the installed boden-bench and prints its table', async () => {
    // The small demo (2 seeds), short runs: what is checked is that it runs from the installed packages.
    const demo = await run('boden', ['demo', '--seeds', '2', '--episodes', '3', '--workers', '1', '--out', 'demo', '--quiet']);
    expect(demo.stderr).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(demo.code, demo.stderr).toBe(0);
    expect(demo.stdout).toMatch(/circle-packing-26\s+aide\s+adaptive\s+2\s/);
    expect(readdirSync(join(project, 'demo')).sort()).toEqual(['report.html', 'runs.jsonl', 'summary.json', 'summary.txt', 'sweep.json']);
  }, 400_000);

  it('bench calibrate makes a card of a task of your own, medals from unshaped runs, and bench --task-file sweeps it', async () => {
    const calibrate = await run('boden', [
      'bench',
      'calibrate',
      '--task-file',
      'user-task/definition.json',
      '--out',
      'card.json',
      '--random',
      '12',
      '--rounds',
      '1',
      '--children',
      '2',
      '--medal-seeds',
      '1',
      '--medal-episodes',
      '8',
      '--workers',
      '1',
    ]);
    expect(calibrate.code, calibrate.stderr).toBe(0);
    expect(calibrate.stdout).toMatch(/medals .* from 3 unshaped runs of 8 episodes/);
    const card = JSON.parse(readFileSync(join(project, 'card.json'), 'utf8')) as {
      dataset: { csv: string; sha256: string };
      calibration: { medalRuns?: { seeds: number[]; episodes: number } };
    };
    expect(card.calibration.medalRuns).toMatchObject({ seeds: [1001], episodes: 8 });
    expect(card.dataset.csv).toBe('user-task/prices.csv');
    const sweep = await run('boden-bench', [
      'bench',
      '--task-file',
      'card.json',
      '--arms',
      'unshaped,adaptive',
      '--seeds',
      '1',
      '--episodes',
      '4',
      '--workers',
      '1',
      '--out',
      'sweep',
      '--quiet',
    ]);
    expect(sweep.code, sweep.stderr).toBe(0);
    expect(sweep.stdout).toMatch(/flat-prices\s+aide\s+adaptive\s+1\s/);
    // Its medals were set from runs: the summary carries no placeholder warning.
    expect(readFileSync(join(project, 'sweep', 'summary.txt'), 'utf8')).not.toContain('NOT set from unshaped runs');
    expect(statSync(join(project, 'sweep', 'report.html')).size).toBeGreaterThan(1000);
    // The cross-sweep comparison reads a sweep of a card of your own too (its card from the sweep's summary.json).
    const compared = await spawnProcess(
      join(project, 'node_modules', '.bin', 'tsx'),
      [join(project, 'node_modules', 'boden-bench', 'compare-sweeps.ts'), 'sweep'],
      { cwd: project, timeout: 120_000 },
    );
    expect(compared.code, compared.stderr).toBe(0);
    expect(compared.stdout).toMatch(/\| sweep \| flat-prices \| aide \| adaptive \| 1 \|/);
    // ... and the top-1 search seeded from the sweep's runs.
    const raised = await spawnProcess(
      join(project, 'node_modules', '.bin', 'tsx'),
      [
        join(project, 'node_modules', 'boden-bench', 'calibration', 'raise-top1.ts'),
        '--task-file',
        'card.json',
        '--runs',
        'sweep/runs.jsonl',
        '--keep',
        '2',
        '--rounds',
        '1',
        '--children',
        '2',
        '--workers',
        '1',
      ],
      { cwd: project, timeout: 180_000 },
    );
    expect(raised.code, raised.stderr).toBe(0);
    expect(raised.stdout).toMatch(/^flat-prices: card top-1 [\d.]+; best of \d+ distinct run pipelines/m);
    expect((JSON.parse(readFileSync(join(project, 'card.json'), 'utf8')) as { dataset: { csv: string } }).dataset.csv).toBe(
      'user-task/prices.csv',
    );
  }, 400_000);

  it('without boden-bench, boden demo says what to install, in one line with exit code 2', async () => {
    const demo = await run('boden', ['demo', '--seeds', '1'], lonely);
    expect(demo.code).toBe(2);
    expect(demo.stderr).toBe(
      'boden: boden demo needs the boden-bench package beside boden: npm install boden-bench (in a clone, npm ci links it)\n',
    );
  }, 60_000);
});
