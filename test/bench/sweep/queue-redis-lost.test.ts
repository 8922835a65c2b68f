import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSweepPlan, writeSweepPlan } from '../../../bench/sweep/sweep-plan.js';
import { projectRoot } from '../../support/shared-data.js';
import { useTemporaryDirectory } from '../../support/temporary-directory.js';
import { freePort, haveRedisServer, startOwnRedis, until } from '../../support/own-redis.js';

const directory = useTemporaryDirectory('boden-queue-redis-lost-');
// This test kills its Redis, so it starts its own (Debian's redis-server, which .ci/run installs).
if (!haveRedisServer) console.warn("skipping the lost-Redis worker test: no redis-server binary (.ci/run installs Debian's redis-server)");

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

describe('boden bench worker when its Redis goes away', () => {
  it.skipIf(!haveRedisServer)(
    'says so, then exits with 2 naming the queue instead of waiting for ever',
    async () => {
      const port = await freePort();
      const url = `redis://127.0.0.1:${port}`;
      const redis = await startOwnRedis(port, children);

      // Circle packing evaluates in process: each cell takes a second or so.
      const plan = await createSweepPlan({
        tasks: ['circle-packing-26'],
        policies: ['aide'],
        arms: ['unshaped', 'adaptive'],
        seeds: 3,
        episodes: 24,
        out: join(directory, 'out'),
      });
      const planPath = join(directory, 'plan.json');
      await writeSweepPlan(planPath, plan);
      const args = ['--import', 'tsx', join(projectRoot, 'src', 'cli', 'main.ts'), 'bench', 'worker', '--plan', planPath, '--queue', url];
      const worker = spawn(process.execPath, [...args, '--memo', join(directory, 'memo'), '--workers', '1', '--redis-timeout', '2000'], {
        cwd: projectRoot,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      children.push(worker);
      let stderr = '';
      worker.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const ended = new Promise<number | null>((resolve) => worker.on('close', resolve));

      await until(() => stderr.includes('boden bench worker: ran '), 'the worker to finish its first cell', 1_200);
      redis.kill('SIGKILL');
      const code = await ended;

      expect(stderr).toContain(`boden bench worker: lost the queue at ${url}`);
      expect(stderr).toContain(`cannot use the queue at ${url}: Redis gave no answer for 2 s and takes no connection`);
      expect(code).toBe(2);
    },
    240_000,
  );
});
