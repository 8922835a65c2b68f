import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importTrajectory } from '../../adapters/trajectory/index.js';
import { RubricJudge } from '../../src/judges/rubric-judge.js';
import { formatReportNumber } from '../../src/report/format-report-number.js';
import { scoreRunForReport } from '../../src/report/report-run.js';
import { computeTrajectoryStatistics } from '../../src/report/trajectory-statistics.js';
import { runCli } from '../support/run-cli.js';
import { hasSharedData, projectRoot, sharedDataPath } from '../support/shared-data.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

const directory = useTemporaryDirectory('boden-report-cli-');
const example = 'examples/aide-tabular-run.journal.json';

/** The numbers of the stdout line `Spearman rho(ΔImpact, ΔP-creativity) = r  95% CI [low, high]  n consecutive pairs from k run(s)`. */
function spearmanLine(stdout: string): { rho: string; low: string; high: string; pairs: number; runs: number } {
  const match =
    /^Spearman rho\(ΔImpact, ΔP-creativity\) = (\S+) {2}95% CI \[(\S+), (\S+)\] {2}(\d+) consecutive pairs from (\d+) run\(s\)$/m.exec(
      stdout,
    );
  expect(match, stdout).not.toBeNull();
  return { rho: match![1]!, low: match![2]!, high: match![3]!, pairs: Number(match![4]), runs: Number(match![5]) };
}

/** The rows of the stdout quarter table: label, episodes, mean level, five shares. */
function quarterRows(stdout: string): string[][] {
  return stdout
    .split('\n')
    .filter((line) => /^Q[1-4] /.test(line))
    .map((line) => line.trim().split(/\s+/));
}

describe('boden report', () => {
  it('writes a self-contained HTML report of the example and prints its numbers', async () => {
    const out = join(directory, 'example.html');
    const result = await runCli(['report', example, '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(out)).toBe(true);
    const html = readFileSync(out, 'utf8');
    expect(html.match(/<svg\b/g)).toHaveLength(6);
    expect(html.match(/<figure class="chart"/g)).toHaveLength(6);
    expect(html).not.toMatch(/<script|https?:\/\//i);
    expect(result.stdout).toContain('1 run(s), 1 with episodes, 6 episode(s)');
    expect(result.stdout).toContain(`report written to ${out} (6 charts)`);
    expect(result.stdout).toMatch(/quality diversity \(paradigm × feature-engineering × validation\): \d+ distinct cell\(s\)/);

    // The printed numbers are the library's, computed here from the same run with the CLI's defaults (seed 0).
    const [run] = await importTrajectory(join(projectRoot, example));
    const judged = await scoreRunForReport(run!, { judge: new RubricJudge() });
    const statistics = computeTrajectoryStatistics([judged]);
    const printed = spearmanLine(result.stdout);
    expect(printed).toEqual({
      rho: statistics.correlation.rho.toFixed(3),
      low: statistics.correlation.low.toFixed(3),
      high: statistics.correlation.high.toFixed(3),
      pairs: 5,
      runs: 1,
    });
    const rows = quarterRows(result.stdout);
    expect(rows.map((row) => row[0])).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
    expect(rows.map((row) => Number(row[1]))).toEqual([2, 1, 2, 1]);
    expect(rows.map((row) => row[2])).toEqual(statistics.quarters.map((quarter) => quarter.meanLevel!.toFixed(3)));
    for (const row of rows) expect(row.slice(3).reduce((sum, share) => sum + Number(share.replace('%', '')), 0)).toBeCloseTo(100, 0);
    // The report states the same correlation.
    expect(html).toContain(
      `pooled over runs: ${formatReportNumber(statistics.correlation.rho)} (95% CI ${formatReportNumber(statistics.correlation.low)} to`,
    );
    expect(html).toContain('<td>aide-tabular-run</td><td>aide-journal-v2</td><td class="number">6</td>');
  });

  it('--json prints the summary as one JSON object', async () => {
    const out = join(directory, 'example-json.html');
    const result = await runCli(['report', example, '--out', out, '--json', '--seed', '3']);
    expect(result.code, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout) as Record<string, any>;
    expect(summary).toMatchObject({
      out,
      charts: 6,
      runs: 1,
      runsWithEpisodes: 1,
      episodes: 6,
      spearman: { pairs: 5, runs: 1, resampled: 'pairs' },
    });
    expect(summary.quarters.map((quarter: { episodes: number }) => quarter.episodes)).toEqual([2, 1, 2, 1]);
    expect(summary.runTable).toEqual([
      {
        id: 'aide-tabular-run',
        format: 'aide-journal-v2',
        episodes: 6,
        meanLevel: expect.any(Number),
        bestImpact: 1,
        coverage: expect.any(Number),
        qdScore: expect.any(Number),
      },
    ]);
    expect(summary.archive).toMatchObject({ axes: ['paradigm', 'feature-engineering', 'validation'], cells: summary.runTable[0].coverage });
  });

  it('names an unreadable input and writes no report when nothing could be read', async () => {
    const out = join(directory, 'none.html');
    const missing = join(directory, 'no-such-run.journal.json');
    const result = await runCli(['report', missing, '--out', out]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`boden report: ${missing}: no such file or directory`);
    expect(result.stderr).toContain('no run could be read; no report written');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(out)).toBe(false);
  });

  it('reports the good runs, names the bad file and exits 2', async () => {
    const bad = join(directory, 'broken.journal.json');
    writeFileSync(bad, '{"nodes": [{"id": "a", "step": 0, "metric": {"value": "high"}}], "node2parent": {}}');
    const out = join(directory, 'partial.html');
    const result = await runCli(['report', example, bad, '--out', out]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${bad} at $.nodes[0].metric.value`);
    expect(result.stdout).toContain('1 run(s), 1 with episodes, 6 episode(s)');
    expect(readFileSync(out, 'utf8').match(/<svg\b/g)).toHaveLength(6);
  });

  it('exits 2 without --out', async () => {
    const noOut = await runCli(['report', example]);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toMatch(/required option '--out <file>'/);
  });

  it('exits 2 with a seed that is not a whole number, like every other numeric option', async () => {
    for (const seed of ['one', '-1', '0x10', '2.5']) {
      const badSeed = await runCli(['report', example, '--out', join(directory, 'x.html'), `--seed=${seed}`]);
      expect(badSeed.code, seed).toBe(2);
      expect(badSeed.stderr).toMatch(/option '--seed <n>' argument .* is invalid\. expected a whole number ≥ 0/);
    }
  });

  it("exits 2 saying that a file stands where the report's directory should be, not that the directory is missing", async () => {
    const file = join(directory, 'run-file.json');
    writeFileSync(file, '{}');
    for (const out of [join(file, 'x.html'), join(file, 'deeper', 'x.html')]) {
      const result = await runCli(['report', example, '--out', out]);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(`boden report: cannot write report ${out}: ${file} is a file, not a directory\n`);
    }
  });

  it('says that a folder holds no trajectory, naming it', async () => {
    const empty = join(directory, 'no-trajectories');
    mkdirSync(empty);
    const out = join(directory, 'empty.html');
    const result = await runCli(['report', empty, '--out', out]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`boden report: no trajectories found in ${empty}`);
    expect(existsSync(out)).toBe(false);
  });

  it('exits 2 naming the report when its directory does not exist', async () => {
    const unwritable = join(directory, 'missing-directory', 'report.html');
    const result = await runCli(['report', example, '--out', unwritable]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `boden report: cannot write report ${unwritable}: no such directory ${join(directory, 'missing-directory')}`,
    );
    expect(existsSync(unwritable)).toBe(false);
  });
});

describe.skipIf(!hasSharedData)('boden report on ../shared/data/trajectories', () => {
  it('reports all 37 inputs and 449 episodes with one svg per chart', async () => {
    const out = join(directory, 'shared.html');
    const result = await runCli(['report', sharedDataPath('trajectories'), '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('37 run(s), 36 with episodes, 449 episode(s)');
    const rows = quarterRows(result.stdout);
    expect(rows.reduce((sum, row) => sum + Number(row[1]), 0)).toBe(449);
    const spearman = spearmanLine(result.stdout);
    expect(Number(spearman.rho)).toBeGreaterThanOrEqual(Number(spearman.low));
    expect(Number(spearman.rho)).toBeLessThanOrEqual(Number(spearman.high));
    // Runs whose episodes all scored the same have no impact and give no pairs.
    expect(spearman.runs).toBeLessThan(36);
    expect(spearman.pairs).toBeGreaterThan(100);
    const html = readFileSync(out, 'utf8');
    expect(html.match(/<svg\b/g)).toHaveLength(6);
    expect(html.match(/<tr><td>/g)!.length).toBeGreaterThanOrEqual(37);
  });
});
