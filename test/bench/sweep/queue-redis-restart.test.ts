import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BenchRunRecord } from '../../../bench/runner/bench-run-record.js';
import { runSweep } from '../../../bench/sweep/run-sweep.js';
import { cellId } from '../../../bench/sweep/sweep-cells.js';
import { createSweepPlan, writeSweepPlan } from '../../../bench/sweep/sweep-plan.js';
import { mergeSweepShards } from '../../../bench/sweep/sweep-shards.js';
import { readRunRecords } from '../../../bench/sweep/run-record-store.js';
import { projectRoot } from '../../support/shared-data.js';
import { useTemporaryDirectory } from '../../support/temporary-directory.js';
import { freePort, haveRedisServer, startOwnRedis, until } from '../../support/own-redis.js';

const directory = useTemporaryDirectory('boden-queue-redis-restart-');
// This test stops and restarts its Redis, so it starts its own (Debian's redis-server, which .ci/run installs).
if (!haveRedisServer)
  console.warn("skipping the Redis-restart worker test: no redis-server binary (.ci/run installs Debian's redis-server)");

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

const withoutTimes = ({
  wallMilliseconds: _wall,
  evaluationMilliseconds: _evaluation,
  measurementMilliseconds: _measurement,
  ...rest
}: BenchRunRecord) => rest;

describe('boden bench worker when its Redis stops, or restarts empty, mid-cell', () => {
  it.skipIf(!haveRedisServer)(
    'waits out a paused Redis, queues again the cells an emptied Redis lost, and stores every cell once',
    async () => {
      const port = await freePort();
      const url = `redis://127.0.0.1:${port}`;
      let redis = await startOwnRedis(port, children);
      const grid = { tasks: ['circle-packing-26'], policies: ['aide' as const], arms: ['unshaped', 'adaptive'], seeds: 3, episodes: 24 };
      const plan = await createSweepPlan({ ...grid, out: join(directory, 'queue') });
      const planPath = join(directory, 'plan.json');
      await writeSweepPlan(planPath, plan);
      const args = ['--import', 'tsx', join(projectRoot, 'src', 'cli', 'main.ts'), 'bench', 'worker', '--plan', planPath, '--queue', url];
      const worker = spawn(
        process.execPath,
        [...args, '--memo', join(directory, 'memo'), '--workers', '1', '--redis-timeout', '30000', '--lock-ms', '2000'],
        { cwd: projectRoot, stdio: ['ignore', 'ignore', 'pipe'] },
      );
      children.push(worker);
      let stderr = '';
      worker.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const ended = new Promise<number | null>((resolve) => worker.on('close', resolve));
      const ranCount = () => stderr.split('boden bench worker: ran ').length - 1;

      await until(() => ranCount() >= 1, 'the worker to finish its first cell');
      // Paused for 3 s: the worker waits for it (its --redis-timeout is longer) and goes on.
      redis.kill('SIGSTOP');
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      redis.kill('SIGCONT');
      await until(() => ranCount() >= 3, 'the worker to finish its third cell');
      // Killed and started again with nothing in it: the queued cells and their locks are gone.
      redis.kill('SIGKILL');
      await new Promise((resolve) => redis.once('exit', resolve));
      redis = await startOwnRedis(port, children);
      const code = await ended;
      expect(code, stderr).toBe(0);
      expect(stderr).toMatch(
        /boden bench worker: \d cell\(s\) were neither stored nor queued \(did Redis restart empty\?\); queued them again/,
      );

      // Every cell stored once, and the sweep equals one run without a queue.
      const stored = readdirSync(join(plan.sweep.out, 'shards')).flatMap((shard) => [join(plan.sweep.out, 'shards', shard, 'runs.jsonl')]);
      const records = (await Promise.all(stored.map((file) => readRunRecords(file)))).flat();
      expect(records.map(cellId).sort()).toEqual(plan.cells.map((cell) => cell.cell).sort());
      const merged = await mergeSweepShards(plan);
      const local = await runSweep({ ...grid, out: join(directory, 'local'), memo: join(directory, 'memo'), workers: 1 });
      expect(merged.records.map(withoutTimes)).toEqual(local.records.map(withoutTimes));
    },
    300_000,
  );
});
