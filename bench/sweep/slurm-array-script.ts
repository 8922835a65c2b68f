import { join } from 'node:path';

/** What a SLURM array script for a sweep plan needs. */
export interface SlurmArrayScriptOptions {
  /** The plan file (absolute). */
  readonly plan: string;
  /** The plan's results directory (absolute): the array's logs go to its `shards/`. */
  readonly out: string;
  /** Array tasks: one shard each. */
  readonly shards: number;
  /** CPUs per task; each shard runs that many evaluation workers. */
  readonly cpus: number;
  /** The evaluation memo every task shares (absolute; a directory on the shared file system). */
  readonly memo: string;
  /** The command that starts boden, e.g. `[process.execPath, '/path/to/dist/src/cli/main.js']`. */
  readonly boden: readonly string[];
  /** The directory tasks start in (the clone: the bench runs from its sources). */
  readonly directory: string;
  /** Wall-clock limit per task (`--time`), e.g. `04:00:00`; the cluster's default when omitted. */
  readonly time?: string | undefined;
}

/** `text` as one single-quoted shell word. */
function shellWord(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * A bash script for `sbatch`: a job array of `shards` tasks, each running `boden bench run-cells --plan <plan>`,
 * which reads its shard from `SLURM_ARRAY_TASK_ID` and `SLURM_ARRAY_TASK_COUNT`. A task that dies is resubmitted
 * the same way (its finished cells are skipped); `boden bench merge --plan <plan>` gathers the results.
 */
export function slurmArrayScript(options: SlurmArrayScriptOptions): string {
  return [
    '#!/bin/bash',
    '#SBATCH --job-name=boden-sweep',
    `#SBATCH --array=0-${options.shards - 1}`,
    '#SBATCH --ntasks=1',
    `#SBATCH --cpus-per-task=${options.cpus}`,
    ...(options.time === undefined ? [] : [`#SBATCH --time=${options.time}`]),
    `#SBATCH --output=${join(options.out, 'shards', 'slurm-%A_%a.log')}`,
    'set -euo pipefail',
    `cd ${shellWord(options.directory)}`,
    `exec ${[...options.boden, 'bench', 'run-cells', '--plan', options.plan, '--memo', options.memo, '--workers', String(options.cpus), '--quiet'].map(shellWord).join(' ')}`,
    '',
  ].join('\n');
}
