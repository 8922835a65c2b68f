import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { InvalidArgumentError, writeFileAtomic, parseOptions, bodenVersion } from 'boden';
import { evaluationVersion } from '../env/evaluation-memo.js';
import { armName, benchPolicies } from '../runner/bench-policy.js';
import { loadSweepCards } from './sweep-cards.js';
import { sweepCells } from './sweep-cells.js';
import { ArmNameSchema, SweepOptionsSchema, type ParsedSweepOptions, type SweepOptions } from './sweep-options.js';
import { SweepResultsError } from './sweep-results-error.js';

/** The options a plan fixes: every one that decides which cells there are and what a run does, and where results go. */
export type PlannedSweepOptions = Omit<ParsedSweepOptions, 'memo' | 'workers' | 'concurrency' | 'hangTimeoutMs' | 'cells'>;

/** The options only the machine running a shard decides: its memo, threads and hang guard. */
export type ShardRunnerOptions = Pick<SweepOptions, 'memo' | 'workers' | 'concurrency' | 'hangTimeoutMs'>;

const PlannedCellSchema = z.strictObject({
  /** Content address: a digest of everything that decides the run's result (settings, task card, code version). */
  id: z.string().regex(/^[0-9a-f]{16}$/),
  /** The key its result is stored under in the sweep's run records (`task/policy/arm/seed-N`). */
  cell: z.string().min(1),
  task: z.string().min(1),
  policy: z.enum(benchPolicies),
  arm: ArmNameSchema,
  seed: z.number().int().min(0),
});

/** One cell of a plan. */
export type PlannedCell = z.infer<typeof PlannedCellSchema>;

const SweepPlanFileSchema = z.strictObject({
  format: z.literal('boden-sweep-plan'),
  version: z.literal(1),
  /** The boden version and evaluation version that wrote the plan; shards must run the same. */
  codeVersion: z.string().min(1),
  /** The sweep's options (checked against `SweepOptionsSchema` when read). */
  sweep: z.record(z.string(), z.unknown()),
  cells: z.array(PlannedCellSchema).min(1),
});

/** A sweep written down before it runs: its options and its content-addressed cells, in the order shards take them. */
export interface SweepPlan {
  readonly format: 'boden-sweep-plan';
  readonly version: 1;
  readonly codeVersion: string;
  readonly sweep: PlannedSweepOptions;
  readonly cells: readonly PlannedCell[];
}

/** One shard of a plan: cells whose position modulo `count` is `index`. */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** The code a plan's results depend on: the package version and the version of the bench's evaluation. */
export const sweepCodeVersion = `boden-${bodenVersion}/evaluation-${evaluationVersion}`;

const digest = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * The plan of a sweep: the grid of `runSweep`'s options, each cell with a content address (a digest of its task
 * card, policy, arm, seed, episode count, agent and its settings, work budget and code version: the same cell has
 * the same id on every machine, and any change that could change its result changes it). Results and task files
 * become absolute paths, so shards can run from any directory of a shared file system.
 *
 * @example
 * await writeSweepPlan('sweep.json', await createSweepPlan({ tasks: ['boston'], arms: ['unshaped', 'adaptive'], seeds: 20, out: 'results/final' }));
 */
export async function createSweepPlan(options: SweepOptions): Promise<SweepPlan> {
  const parsed = parseOptions(SweepOptionsSchema, options, 'createSweepPlan');
  if (parsed.cells !== undefined)
    throw new InvalidArgumentError({ argument: 'cells', reason: 'a plan holds the whole grid; its shards choose cells' });
  const { memo: _memo, workers: _workers, concurrency: _concurrency, hangTimeoutMs: _hang, cells: _cells, ...rest } = parsed;
  const sweep: PlannedSweepOptions = { ...rest, out: resolve(parsed.out), taskFiles: parsed.taskFiles.map((file) => resolve(file)) };
  const cards = await loadSweepCards(sweep);
  const cardDigests = new Map([...cards].map(([task, card]) => [task, digest(JSON.stringify(card))]));
  const agent =
    sweep.agent === 'simulated' ? 'simulated' : `${sweep.agent.kind}/${sweep.agent.model}/${sweep.agent.temperature ?? 'default'}`;
  const cells = sweepCells({ ...parsed, tasks: [...cards.keys()] }).map((cell): PlannedCell => {
    const arm = armName(cell.arm);
    const decides = {
      codeVersion: sweepCodeVersion,
      task: cell.task,
      card: cardDigests.get(cell.task),
      policy: cell.policy,
      arm,
      seed: cell.seed,
      episodes: sweep.episodes,
      agent,
      agentProfile: sweep.agentProfile,
      directiveCompliance: sweep.directiveCompliance ?? null,
      bugRate: sweep.bugRate ?? null,
      debugSuccess: sweep.debugSuccess ?? null,
      workBudgetSeconds: sweep.workBudgetSeconds,
    };
    return { id: digest(JSON.stringify(decides)).slice(0, 16), cell: cell.id, task: cell.task, policy: cell.policy, arm, seed: cell.seed };
  });
  return { format: 'boden-sweep-plan', version: 1, codeVersion: sweepCodeVersion, sweep, cells };
}

/** Writes `plan` to `path` as JSON, atomically. */
export async function writeSweepPlan(path: string, plan: SweepPlan): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(plan, null, 2)}\n`);
}

/**
 * Reads and checks the plan at `path`: its format, its options, its code version against this code's, and its cells
 * against the ones its options give now (a changed task card or an edited plan changes them). Any mismatch is a
 * `SweepResultsError` naming the file and the field.
 */
export async function readSweepPlan(path: string): Promise<SweepPlan> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    const reason =
      error instanceof SyntaxError
        ? `is not valid JSON (${error.message})`
        : `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
    throw new SweepResultsError({ file: path, message: `the sweep plan ${reason}`, cause: error });
  }
  const file = SweepPlanFileSchema.safeParse(value);
  if (!file.success) {
    const issue = file.error.issues[0]!;
    throw new SweepResultsError({ file: path, field: issue.path.join('.') || '(plan)', message: `not a sweep plan: ${issue.message}` });
  }
  if (file.data.codeVersion !== sweepCodeVersion) {
    throw new SweepResultsError({
      file: path,
      field: 'codeVersion',
      message: `written for ${file.data.codeVersion}, this code is ${sweepCodeVersion}: run every shard with the code that wrote the plan, or write the plan again`,
    });
  }
  const sweep = SweepOptionsSchema.safeParse(file.data.sweep);
  if (!sweep.success) {
    const issue = sweep.error.issues[0]!;
    throw new SweepResultsError({ file: path, field: `sweep.${issue.path.join('.')}`, message: issue.message });
  }
  const expected = await createSweepPlan(sweep.data);
  const differing =
    file.data.cells.length === expected.cells.length
      ? file.data.cells.findIndex((cell, index) => cell.id !== expected.cells[index]!.id || cell.cell !== expected.cells[index]!.cell)
      : 0;
  if (differing !== -1) {
    throw new SweepResultsError({
      file: path,
      field: `cells.${differing}`,
      message:
        "the cells differ from what the plan's options give with this code and these task cards (a card changed, or the plan was edited): write the plan again",
    });
  }
  return expected;
}

/** `i/n` (0 ≤ i < n) as a shard; anything else is an `InvalidArgumentError` naming `argument`. */
export function parseShard(text: string, argument = '--shard'): Shard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const [index, count] = match === null ? [Number.NaN, Number.NaN] : [Number(match[1]), Number(match[2])];
  if (!(count >= 1 && index >= 0 && index < count)) {
    throw new InvalidArgumentError({ argument, reason: `expected i/n with 0 ≤ i < n (e.g. 0/4), got ${JSON.stringify(text)}` });
  }
  return { index, count };
}

/**
 * The shard a SLURM array task is: `SLURM_ARRAY_TASK_ID` among `SLURM_ARRAY_TASK_COUNT` tasks (or, on SLURM
 * versions without the count, among `SLURM_ARRAY_TASK_MIN`..`SLURM_ARRAY_TASK_MAX`); undefined outside an array job.
 */
export function shardFromEnvironment(environment: NodeJS.ProcessEnv = process.env): Shard | undefined {
  const id = environment.SLURM_ARRAY_TASK_ID;
  if (id === undefined) return undefined;
  const minimum = Number(environment.SLURM_ARRAY_TASK_MIN ?? 0);
  const count =
    environment.SLURM_ARRAY_TASK_COUNT ??
    (environment.SLURM_ARRAY_TASK_MAX === undefined ? undefined : String(Number(environment.SLURM_ARRAY_TASK_MAX) - minimum + 1));
  if (count === undefined)
    throw new InvalidArgumentError({
      argument: 'SLURM_ARRAY_TASK_COUNT',
      reason: 'SLURM_ARRAY_TASK_ID is set but neither the task count nor SLURM_ARRAY_TASK_MAX is: pass --shard i/n',
    });
  return parseShard(`${Number(id) - minimum}/${count}`, 'SLURM_ARRAY_TASK_ID');
}

/**
 * The cells of `shard`: a round robin over the cells ordered by their content address, a fixed shuffle of the grid,
 * so shards differ in size by at most one cell and none gets one arm or task only (a round robin over the grid's own
 * order would: with two arms, every other cell is the same arm).
 */
export function cellsOfShard(plan: Pick<SweepPlan, 'cells'>, shard: Shard): PlannedCell[] {
  const shuffled = [...plan.cells].sort((left, right) => (left.id < right.id ? -1 : left.id > right.id ? 1 : 0));
  return shuffled.filter((_, position) => position % shard.count === shard.index);
}

/** Where a shard keeps its runs: `<out>/shards/shard-<i>-of-<n>`. */
export function shardDirectory(plan: Pick<SweepPlan, 'sweep'>, shard: Shard): string {
  return join(plan.sweep.out, 'shards', `shard-${shard.index}-of-${shard.count}`);
}
