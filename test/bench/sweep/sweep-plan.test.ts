import { readFile, writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BenchRunRecord } from '../../../bench/runner/bench-run-record.js';
import { runSweep } from '../../../bench/sweep/run-sweep.js';
import { slurmArrayScript } from '../../../bench/sweep/slurm-array-script.js';
import {
  cellsOfShard,
  createSweepPlan,
  parseShard,
  readSweepPlan,
  shardFromEnvironment,
  writeSweepPlan,
} from '../../../bench/sweep/sweep-plan.js';
import { SweepResultsError } from '../../../bench/sweep/sweep-results-error.js';
import { mergeSweepShards, runSweepShard } from '../../../bench/sweep/sweep-shards.js';
import { summarizeSweep, type SweepSummaryRow } from '../../../bench/sweep/summarize-sweep.js';
import { InvalidArgumentError } from '../../../src/errors/invalid-argument-error.js';
import { useTemporaryDirectory } from '../../support/temporary-directory.js';

const directory = useTemporaryDirectory('boden-sweep-plan-');
const memo = join(directory, 'memo');
// Circle packing evaluates in process: a whole sweep takes seconds. One worker: test files run in parallel.
const grid = {
  tasks: ['circle-packing-26'],
  policies: ['aide' as const, 'evolutionary' as const],
  arms: ['unshaped', 'adaptive'],
  seeds: 2,
  episodes: 12,
};

/** A run without its wall-clock fields, which depend on the machine's load. */
const withoutTimes = ({
  wallMilliseconds: _wall,
  evaluationMilliseconds: _evaluation,
  measurementMilliseconds: _measurement,
  ...rest
}: BenchRunRecord) => rest;
/** A summary row without its search-time columns, for the same reason. */
const rowWithoutTimes = ({ searchMilliseconds: _search, overheadRatio: _overhead, ...rest }: SweepSummaryRow) => rest;

describe('sweep plans', () => {
  it('give each cell a content address that any change deciding its run changes, and only such a change', async () => {
    const plan = await createSweepPlan({ ...grid, out: join(directory, 'a') });
    expect(plan.cells).toHaveLength(8);
    expect(new Set(plan.cells.map((cell) => cell.id)).size).toBe(8);
    expect(isAbsolute(plan.sweep.out)).toBe(true);
    expect(plan.sweep).not.toHaveProperty('memo');
    // Where results go and how many workers run them are not part of a cell.
    const elsewhere = await createSweepPlan({ ...grid, out: join(directory, 'b'), workers: 1, memo });
    expect(elsewhere.cells.map((cell) => cell.id)).toEqual(plan.cells.map((cell) => cell.id));
    for (const change of [{ episodes: 13 }, { directiveCompliance: 0.5 }, { agentProfile: 'v1' as const }, { workBudgetSeconds: 5 }]) {
      const changed = await createSweepPlan({ ...grid, ...change, out: join(directory, 'a') });
      expect(changed.cells.map((cell) => cell.cell)).toEqual(plan.cells.map((cell) => cell.cell));
      for (const [index, cell] of changed.cells.entries()) expect(cell.id).not.toBe(plan.cells[index]!.id);
    }
  });

  it('are read back as written, and a broken, edited or foreign plan is a SweepResultsError naming the file and field', async () => {
    const path = join(directory, 'plan.json');
    const plan = await createSweepPlan({ ...grid, out: join(directory, 'read') });
    await writeSweepPlan(path, plan);
    expect(await readSweepPlan(path)).toEqual(plan);

    const written = JSON.parse(await readFile(path, 'utf8')) as {
      cells: { seed: number }[];
      codeVersion: string;
      sweep: Record<string, unknown>;
    };
    const variants: [string, unknown, RegExp][] = [
      ['not json', '{"format": ', /not valid JSON/],
      [
        'edited cell',
        { ...written, cells: written.cells.map((cell, index) => (index === 3 ? { ...cell, id: '0123456789abcdef' } : cell)) },
        /\(cells\.3\).*write the plan again/,
      ],
      ['other code', { ...written, codeVersion: 'boden-0.0.1/evaluation-1' }, /\(codeVersion\).*boden-0\.0\.1/],
      ['bad option', { ...written, sweep: { ...written.sweep, episodes: 0 } }, /\(sweep\.episodes\)/],
      ['not a plan', { format: 'something' }, /\(format\)/],
    ];
    for (const [name, contents, message] of variants) {
      const file = join(directory, `${name.replace(' ', '-')}.json`);
      await writeFile(file, typeof contents === 'string' ? contents : JSON.stringify(contents));
      const read = readSweepPlan(file);
      await expect(read, name).rejects.toThrow(SweepResultsError);
      await expect(read, name).rejects.toThrow(message);
      await expect(read, name).rejects.toThrow(file);
    }
  });

  it('split into shards that cover every cell once, named on the command line or by a SLURM array task', async () => {
    const plan = await createSweepPlan({ ...grid, out: join(directory, 'split') });
    const shards = [0, 1, 2].map((index) => cellsOfShard(plan, { index, count: 3 }).map((cell) => cell.id));
    expect(shards.flat().sort()).toEqual(plan.cells.map((cell) => cell.id).sort());
    expect(shards.map((shard) => shard.length)).toEqual([3, 3, 2]);
    // Not the grid's own order: with two arms, two shards of it would each hold one arm only.
    const halves = [0, 1].map((index) => new Set(cellsOfShard(plan, { index, count: 2 }).map((cell) => cell.arm)));
    expect(halves.map((arms) => arms.size)).toEqual([2, 2]);
    expect(parseShard(' 2/5 ')).toEqual({ index: 2, count: 5 });
    for (const bad of ['5/5', '1', '-1/3', 'a/b', '0/0']) expect(() => parseShard(bad), bad).toThrow(InvalidArgumentError);
    expect(shardFromEnvironment({})).toBeUndefined();
    expect(shardFromEnvironment({ SLURM_ARRAY_TASK_ID: '3', SLURM_ARRAY_TASK_COUNT: '4' })).toEqual({ index: 3, count: 4 });
    // An array --array=1-4 without the count variable: positions from the minimum.
    expect(shardFromEnvironment({ SLURM_ARRAY_TASK_ID: '2', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_MAX: '4' })).toEqual({
      index: 1,
      count: 4,
    });
    expect(() => shardFromEnvironment({ SLURM_ARRAY_TASK_ID: '2' })).toThrow(/SLURM_ARRAY_TASK_COUNT/);
  });

  it('run in shards and merged give the runs and the summary of the same sweep run in one process', async () => {
    const local = await runSweep({ ...grid, out: join(directory, 'local'), memo, workers: 1 });
    const plan = await createSweepPlan({ ...grid, out: join(directory, 'sharded') });

    await runSweepShard(plan, { index: 0, count: 2 }, { memo, workers: 1 });
    // Merging before every shard is done names what is missing and writes nothing.
    const early = mergeSweepShards(plan);
    await expect(early).rejects.toThrow(SweepResultsError);
    await expect(early).rejects.toThrow(/4 of 8 cells have no run yet/);
    await expect(readFile(join(plan.sweep.out, 'runs.jsonl'), 'utf8')).rejects.toThrow(/ENOENT/);

    await runSweepShard(plan, { index: 1, count: 2 }, { memo, workers: 1 });
    // A resubmitted shard, or the whole plan as one shard, finds every cell done and runs nothing.
    expect((await runSweepShard(plan, { index: 1, count: 2 }, { memo, workers: 1 })).ran).toBe(0);
    expect((await runSweepShard(plan, { index: 0, count: 1 }, { memo, workers: 1 })).ran).toBe(0);

    const merged = await mergeSweepShards(plan);
    expect(merged.records.map(withoutTimes)).toEqual(local.records.map(withoutTimes));
    expect(summarizeSweep(merged.records, merged.cards).map(rowWithoutTimes)).toEqual(
      summarizeSweep(local.records, local.cards).map(rowWithoutTimes),
    );
    const lines = (await readFile(join(plan.sweep.out, 'runs.jsonl'), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(8);
    // The merged directory is an ordinary finished sweep: boden bench with the same options resumes all of it.
    const resumed = await runSweep({ ...grid, out: plan.sweep.out, memo, workers: 1 });
    expect(resumed.ran).toBe(0);
    expect(resumed.records.map(withoutTimes)).toEqual(local.records.map(withoutTimes));
  }, 240_000);
});

describe('slurmArrayScript', () => {
  it('is an sbatch array of one task per shard, each running run-cells on the plan with its CPUs as workers', () => {
    const script = slurmArrayScript({
      plan: '/shared/sweep.json',
      out: '/shared/results',
      shards: 8,
      cpus: 4,
      memo: "/shared/o'memo",
      boden: ['/usr/bin/node', '/clone/dist/src/cli/main.js'],
      directory: '/clone',
      time: '02:00:00',
    });
    expect(script.startsWith('#!/bin/bash\n')).toBe(true);
    expect(script).toContain('#SBATCH --array=0-7\n');
    expect(script).toContain('#SBATCH --cpus-per-task=4\n');
    expect(script).toContain('#SBATCH --time=02:00:00\n');
    expect(script).toContain('#SBATCH --output=/shared/results/shards/slurm-%A_%a.log\n');
    expect(script).toContain(
      "exec '/usr/bin/node' '/clone/dist/src/cli/main.js' 'bench' 'run-cells' '--plan' '/shared/sweep.json' '--memo' '/shared/o'\\''memo' '--workers' '4' '--quiet'\n",
    );
  });
});
