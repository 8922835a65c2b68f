import { spawn, spawnSync } from 'node:child_process';
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BenchRunRecord } from '../../../bench/runner/bench-run-record.js';
import { runSweep, type SweepResult } from '../../../bench/sweep/run-sweep.js';
import { slurmArrayScript } from '../../../bench/sweep/slurm-array-script.js';
import { createSweepPlan, writeSweepPlan } from '../../../bench/sweep/sweep-plan.js';
import { readRunRecords } from '../../../bench/sweep/run-record-store.js';
import { cellId } from '../../../bench/sweep/sweep-cells.js';
import { queuedRuns, redisConnection, sweepQueueName } from '../../../bench/sweep/sweep-queue.js';
import { mergeSweepShards } from '../../../bench/sweep/sweep-shards.js';
import { summarizeSweep, type SweepSummaryRow } from '../../../bench/sweep/summarize-sweep.js';
import { projectRoot } from '../../support/shared-data.js';
import { useTemporaryDirectory } from '../../support/temporary-directory.js';

const directory = useTemporaryDirectory('boden-sweep-three-ways-');
const memo = join(directory, 'memo');
// Circle packing evaluates in process: the whole sweep takes seconds wherever it runs.
// 24 episodes: long enough that a queue worker is caught holding a cell (a second or so each).
const grid = {
  tasks: ['circle-packing-26'],
  policies: ['aide' as const, 'mcts' as const],
  arms: ['unshaped', 'adaptive'],
  seeds: 2,
  episodes: 24,
};
const boden = [process.execPath, '--import', 'tsx', join(projectRoot, 'src', 'cli', 'main.ts')];

/** A run without its wall-clock fields, which depend on the machine's load. */
const withoutTimes = ({
  wallMilliseconds: _wall,
  evaluationMilliseconds: _evaluation,
  measurementMilliseconds: _measurement,
  ...rest
}: BenchRunRecord) => rest;
/** The summary rows without their search-time columns, for the same reason. */
const rowsWithoutTimes = (result: SweepResult) =>
  summarizeSweep(result.records, result.cards).map(
    ({ searchMilliseconds: _search, overheadRatio: _overhead, ...rest }: SweepSummaryRow) => rest,
  );

const slurm = spawnSync('sinfo', ['-h', '-o', '%T']);
const slurmUp = slurm.status === 0 && /^(idle|mixed|allocated)/m.test(slurm.stdout.toString());
if (!slurmUp) console.warn('skipping the SLURM array sweep: no SLURM cluster answers sinfo (.ci/run starts one with .ci/start-slurm)');

// .ci/run starts a Redis on this port; BODEN_TEST_REDIS names another.
const redisUrl = process.env.BODEN_TEST_REDIS ?? 'redis://127.0.0.1:6399';
const redis = spawnSync('redis-cli', ['-u', redisUrl, 'ping'], { encoding: 'utf8' });
const redisUp = redis.status === 0 && redis.stdout.trim() === 'PONG';
if (!redisUp)
  console.warn(`skipping the BullMQ queue sweep: no Redis answers at ${redisUrl} (.ci/run starts one; BODEN_TEST_REDIS names another)`);

/** Starts `boden bench worker` on `plan` as a real process; resolves its exit code and stderr when it ends. */
function startWorker(plan: string, memo: string) {
  const args = [
    ...boden.slice(1),
    'bench',
    'worker',
    '--plan',
    plan,
    '--queue',
    redisUrl,
    '--memo',
    memo,
    '--workers',
    '1',
    '--lock-ms',
    '2000',
  ];
  const child = spawn(boden[0]!, args, { cwd: projectRoot, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const ended = new Promise<{ code: number | null; stderr: string }>((resolve) => child.on('close', (code) => resolve({ code, stderr })));
  return { child, ended };
}

/** SLURM job states after which a job does not run again. */
const slurmEndStates = new Set('COMPLETED FAILED CANCELLED TIMEOUT NODE_FAIL OUT_OF_MEMORY PREEMPTED BOOT_FAIL DEADLINE'.split(' '));

/**
 * Waits for every task of the array job `job` to end and resolves its tasks' states and exit codes, in task order.
 * `sbatch --wait` would do it, but it looks at the job 2, 10 and 42 s after submitting (then every 32 s), so a job of
 * ten seconds kept the test waiting half a minute; this asks the controller (`scontrol show job`) every quarter second.
 */
async function slurmArrayEnd(job: string): Promise<{ task: string; state: string; exitCode: string }[]> {
  for (const deadline = Date.now() + 600_000; ; ) {
    const shown = spawnSync('scontrol', ['--oneliner', 'show', 'job', job], { encoding: 'utf8' });
    if (shown.status !== 0) throw new Error(`scontrol show job ${job} exited ${shown.status}: ${shown.stderr}`);
    const field = (line: string, name: string) => new RegExp(`(?:^| )${name}=(\\S+)`).exec(line)?.[1] ?? '';
    const tasks = shown.stdout
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => ({ task: field(line, 'ArrayTaskId'), state: field(line, 'JobState'), exitCode: field(line, 'ExitCode') }));
    if (tasks.length > 0 && tasks.every(({ task, state }) => /^\d+$/.test(task) && slurmEndStates.has(state)))
      return tasks.sort((left, right) => Number(left.task) - Number(right.task));
    if (Date.now() > deadline) throw new Error(`SLURM job ${job} still running after 10 minutes:\n${shown.stdout}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('one sweep run three ways gives the same runs and summary', () => {
  let local: SweepResult;
  beforeAll(async () => {
    local = await runSweep({ ...grid, out: join(directory, 'local'), memo, workers: 1 });
  }, 240_000);

  it.skipIf(!slurmUp)(
    'as a SLURM job array of two tasks, each running its shard of the plan, then merged',
    async () => {
      const plan = await createSweepPlan({ ...grid, out: join(directory, 'slurm') });
      const planPath = join(directory, 'slurm-plan.json');
      await writeSweepPlan(planPath, plan);
      // Each task its own memo: nothing is shared with the local run but the code.
      const script = slurmArrayScript({
        plan: planPath,
        out: plan.sweep.out,
        shards: 2,
        cpus: 1,
        memo: join(directory, 'slurm-memo'),
        boden,
        directory: projectRoot,
      });
      spawnSync('mkdir', ['-p', join(plan.sweep.out, 'shards')]);
      const submitted = spawnSync('sbatch', [], { input: script, encoding: 'utf8', timeout: 60_000 });
      expect(submitted.stderr).toBe('');
      expect(submitted.status).toBe(0);
      expect(submitted.stdout).toMatch(/^Submitted batch job \d+/);
      // Both array tasks ran to the end and exited 0 (what sbatch --wait's exit status says, read without its waits).
      expect(await slurmArrayEnd(/\d+/.exec(submitted.stdout)![0])).toEqual([
        { task: '0', state: 'COMPLETED', exitCode: '0:0' },
        { task: '1', state: 'COMPLETED', exitCode: '0:0' },
      ]);
      const merged = await mergeSweepShards(plan);
      expect(merged.records.map(withoutTimes)).toEqual(local.records.map(withoutTimes));
      expect(rowsWithoutTimes(merged)).toEqual(rowsWithoutTimes(local));
    },
    600_000,
  );

  it.skipIf(!redisUp)(
    'as BullMQ jobs on Redis taken by two workers, the first stopped holding a cell and killed, its cell run by the second',
    async () => {
      const plan = await createSweepPlan({ ...grid, out: join(directory, 'queue') });
      const planPath = join(directory, 'queue-plan.json');
      await writeSweepPlan(planPath, plan);
      const queue = new Queue(sweepQueueName(plan), { connection: redisConnection(redisUrl) });
      try {
        await queue.obliterate({ force: true });
        const first = startWorker(planPath, join(directory, 'queue-memo-1'));
        // Stop the first worker while Redis shows it holding a cell: stopped, it cannot finish the cell or renew its lock.
        let held: string | undefined;
        while (held === undefined) {
          const [active] = await queue.getActive(0, 0);
          if (active !== undefined) {
            first.child.kill('SIGSTOP');
            // Stopped now: what Redis shows active stays so. (Caught between two cells, it runs on and is caught again.)
            held = (await queue.getActive(0, 0))[0]?.data.cell as string | undefined;
            if (held === undefined) first.child.kill('SIGCONT');
          }
          expect(await queue.getCompletedCount(), 'the first worker finished every cell before it was caught holding one').toBeLessThan(
            plan.cells.length,
          );
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const second = await startWorker(planPath, join(directory, 'queue-memo-2')).ended;
        first.child.kill('SIGKILL');
        await first.ended;
        expect(second.code).toBe(0);
        expect(second.stderr).toContain(`ran ${held}`);
        expect(await queue.getFailedCount()).toBe(0);

        // Workers that share no file system: every run is also its job's result in Redis.
        const shards = join(plan.sweep.out, 'shards');
        await rename(shards, `${shards}-elsewhere`);
        const fromRedis = await mergeSweepShards(plan, { extraRuns: await queuedRuns(plan, redisUrl) });
        expect(fromRedis.records.map(withoutTimes)).toEqual(local.records.map(withoutTimes));
        await rename(`${shards}-elsewhere`, shards);
        const merged = await mergeSweepShards(plan);
        expect(merged.records.map(withoutTimes)).toEqual(local.records.map(withoutTimes));
        expect(rowsWithoutTimes(merged)).toEqual(rowsWithoutTimes(local));
        // The stopped worker never stored the cell it held.
        const firstDirectory = join(
          plan.sweep.out,
          'shards',
          `worker-${spawnSync('hostname')
            .stdout.toString()
            .trim()
            .replace(/[^A-Za-z0-9-]/g, '-')}-${first.child.pid}`,
        );
        expect((await readRunRecords(join(firstDirectory, 'runs.jsonl'))).map(cellId)).not.toContain(held);
      } finally {
        await queue.obliterate({ force: true }).catch(() => undefined);
        await queue.close();
      }
    },
    600_000,
  );
});
