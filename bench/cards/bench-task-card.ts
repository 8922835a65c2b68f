import { stat } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { InvalidArgumentError, InvalidFieldError, readJsonFile, TaskCardSchema, writeFileAtomic } from 'boden';
import { evaluationVersion } from '../env/evaluation-memo.js';
import { metricMaximize } from '../tasks/metrics.js';
import { PipelineConfigSchema } from '../env/pipeline-config.js';
import { BenchTaskSchema, benchTaskShape, type BenchTask } from '../tasks/bench-task.js';
import { parseTaskCsv, readTaskCsvBytes } from '../tasks/load-csv-dataset.js';
import { benchTaskNames } from '../tasks/task-definitions.js';

/** Medal thresholds: the scores of the calibration search's quantiles (in the metric's better direction). */
export const MedalsSchema = z.strictObject({ bronze: z.number(), silver: z.number(), gold: z.number() });

/** How a card's numbers were produced, so anyone can reproduce them. */
export const CalibrationSchema = z.strictObject({
  /** The command that ran the search (`boden bench calibrate` with its options; `bench/tasks/calibrate-task-cards.ts` before it). */
  command: z.string().min(1),
  searchSeed: z.number().int(),
  /** Distinct configurations evaluated, and how many of them were buggy. */
  evaluatedConfigs: z.number().int().min(1),
  buggyConfigs: z.number().int().min(0),
  /** Share of the search's valid scores each medal beats. */
  medalQuantiles: MedalsSchema,
  /** Wall time of this task's search on the calibration machine. */
  wallSeconds: z.number().min(0),
  /** `evaluationVersion` of the code that scored the search. */
  evaluationVersion: z.number().int(),
  /**
   * When the medals come from unshaped runs (`boden bench calibrate`, its medals stage) instead of the search's scores: the
   * runs' command, policies, calibration seeds and episodes; `medalQuantiles` are then quantiles of their bests.
   */
  medalRuns: z
    .strictObject({
      command: z.string().min(1),
      policies: z.array(z.string()),
      seeds: z.array(z.number().int()),
      episodes: z.number().int().min(1),
      wallSeconds: z.number().min(0),
    })
    .optional(),
  /**
   * When top-1 was raised by a search seeded from agent runs (`bench/calibration/raise-top1.ts`): its command, the run
   * files it was seeded from, how many pipelines seeded it and how many it evaluated.
   */
  top1Search: z
    .strictObject({
      command: z.string().min(1),
      runFiles: z.array(z.string()),
      seededWith: z.number().int().min(1),
      evaluatedConfigs: z.number().int().min(1),
      wallSeconds: z.number().min(0),
    })
    .optional(),
});

/** The newest task card format this code reads (`cardVersion`); a card of a later one is refused, not misread. */
export const benchTaskCardVersion = 1;

/**
 * A benchmark task card: the task definition plus everything impact and medals need. It is a `TaskCard`
 * (task, metric, maximize, baseline, top1), so `impactReference(episodes, card)` takes it as is; `baseline` is
 * the cross-validated score of `baselineConfig` (a trivial predictor) and `top1` that of `top1Config`, the best
 * pipeline of the calibration search. `familyBest` is the best score the search found per model family (the
 * paradigm ceilings). Strict: a field this code does not know (a newer card's, or a misspelt one) is an error, never
 * silently dropped.
 */
export const BenchTaskCardSchema = TaskCardSchema.safeExtend({
  /** The card's format (`benchTaskCardVersion`); absent in cards written before it was recorded (version 1). */
  cardVersion: z.number().int().min(1).max(benchTaskCardVersion).optional(),
  ...benchTaskShape,
  baselineConfig: PipelineConfigSchema,
  top1Config: PipelineConfigSchema,
  medals: MedalsSchema,
  familyBest: z.record(z.string(), z.number()),
  /** Where the task offers feature engineering: the best score per path (family, +polynomial, +features). */
  pathBest: z.record(z.string(), z.number()).optional(),
  calibration: CalibrationSchema,
})
  .strict()
  .refine((card) => card.maximize === metricMaximize[card.metric], {
    message: "maximize must match the metric's direction",
    path: ['maximize'],
  })
  .refine(
    (card) => {
      const atLeast = (a: number, b: number) => (card.maximize ? a >= b : a <= b);
      return (
        atLeast(card.top1, card.medals.gold) &&
        atLeast(card.medals.gold, card.medals.silver) &&
        atLeast(card.medals.silver, card.medals.bronze)
      );
    },
    { message: "medals must be ordered bronze ≤ silver ≤ gold ≤ top1 in the metric's direction", path: ['medals'] },
  );

/** A benchmark task card: see `BenchTaskCardSchema`. */
export type BenchTaskCard = z.infer<typeof BenchTaskCardSchema>;

/** The folder of the shipped cards. */
export const taskCardDirectory = new URL('../tasks/cards/', import.meta.url);

/**
 * Reads and validates a bench task card file, and its CSV file if it has one (`withCsvResolved`), so a bad card
 * fails before any run starts; errors name the file and the field (or the CSV's line and column).
 */
export async function readBenchTaskCard(file: string | URL): Promise<BenchTaskCard> {
  const name = file instanceof URL ? fileURLToPath(file) : file;
  const value = await readJsonFile(name, 'the task card');
  refuseNewerVersions(name, value);
  const parsed = BenchTaskCardSchema.safeParse(value);
  if (!parsed.success) throw fieldError(name, parsed.error);
  return withCsvResolved(parsed.data, name, { calibrated: true });
}

/**
 * A card written by newer code is named as such before its fields are checked: its other differences (fields this
 * code lacks) would otherwise read as mistakes in the card.
 */
function refuseNewerVersions(file: string, value: unknown): void {
  if (value === null || typeof value !== 'object') return;
  const { cardVersion, calibration } = value as { cardVersion?: unknown; calibration?: { evaluationVersion?: unknown } };
  if (typeof cardVersion === 'number' && cardVersion > benchTaskCardVersion) {
    throw new InvalidFieldError({
      file,
      location: '$.cardVersion',
      reason: `a version ${cardVersion} card, written by a newer boden; this one reads task cards up to version ${benchTaskCardVersion}: update boden, or calibrate the card with this one`,
    });
  }
  const scoredBy = calibration !== null && typeof calibration === 'object' ? calibration.evaluationVersion : undefined;
  if (typeof scoredBy === 'number' && scoredBy > evaluationVersion) {
    throw new InvalidFieldError({
      file,
      location: '$.calibration.evaluationVersion',
      reason: `calibrated by evaluation version ${scoredBy}, newer than this boden's ${evaluationVersion}: its baseline, top-1 and medals are not this code's scores; update boden, or calibrate the card with this one`,
    });
  }
}

/**
 * Reads and validates a task definition (a card without the calibration's numbers: what a user writes before
 * `boden bench calibrate --task-file` calibrates it); errors name the file and the field.
 */
export async function readBenchTaskDefinition(file: string): Promise<BenchTask> {
  const value = await readJsonFile(file, 'the task definition');
  // A definition may be a whole card: the calibration's fields are dropped (and made anew).
  const definition =
    value !== null && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).filter(([key]) => key in benchTaskShape))
      : value;
  const parsed = BenchTaskSchema.safeParse(definition);
  if (!parsed.success) throw fieldError(file, parsed.error);
  return withCsvResolved(parsed.data, file, { calibrated: false });
}

function fieldError(file: string, error: z.ZodError): InvalidFieldError {
  const issue = error.issues[0]!;
  const path = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0]!;
    const location = /^[A-Za-z_$][\w$]*$/.test(key) ? `$${path}.${key}` : `$${path}[${JSON.stringify(key)}]`;
    return new InvalidFieldError({
      file,
      location,
      reason: 'a field this boden does not know (a card from a newer boden, or a misspelt field)',
      cause: error,
    });
  }
  return new InvalidFieldError({ file, location: `$${path}`, reason: issue.message, cause: error });
}

/**
 * The task with its CSV path made absolute (relative to the card's folder) and the file's sha256 recorded, after the
 * whole file is checked: its size, its sha256 against the card's (a `calibrated` card must record one: its numbers
 * belong to one version of the file), and every row the task reads, so a bad CSV fails here, not as buggy runs.
 */
async function withCsvResolved<Task extends BenchTask>(
  task: Task,
  cardFile: string,
  { calibrated }: { calibrated: boolean },
): Promise<Task> {
  if (typeof task.dataset === 'string') return task;
  const csv = resolve(dirname(cardFile), task.dataset.csv);
  try {
    await stat(csv);
  } catch (error) {
    throw new InvalidFieldError({
      file: cardFile,
      location: '$.dataset.csv',
      reason: `cannot read ${csv}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      cause: error,
    });
  }
  const { bytes, sha256 } = readTaskCsvBytes(csv);
  if (task.dataset.sha256 !== undefined && task.dataset.sha256 !== sha256) {
    throw new InvalidFieldError({
      file: cardFile,
      location: '$.dataset.sha256',
      reason: `${csv} changed since the card was calibrated (sha256 ${sha256}); calibrate it again`,
    });
  }
  // A changed file explains any error in its rows, so that comes first; a missing sha256 after the rows are known good.
  parseTaskCsv(csv, bytes, task);
  if (calibrated && task.dataset.sha256 === undefined) {
    throw new InvalidFieldError({
      file: cardFile,
      location: '$.dataset.sha256',
      reason: `missing: a card records the sha256 of the CSV file its numbers were calibrated on (boden bench calibrate writes it; ${csv} has ${sha256})`,
    });
  }
  return { ...task, dataset: { csv, sha256 } };
}

/** Loads the shipped card of task `name` (`bench/tasks/cards/<name>.json`); an unknown name lists the shipped ones. */
export function loadBenchTaskCard(name: string): Promise<BenchTaskCard> {
  if (!benchTaskNames.includes(name)) {
    return Promise.reject(
      new InvalidArgumentError({
        argument: 'tasks',
        reason: `no shipped task "${name}" (shipped: ${benchTaskNames.join(', ')}); a card file of your own goes to --task-file`,
      }),
    );
  }
  return readBenchTaskCard(new URL(`${name}.json`, taskCardDirectory));
}

/** Loads every shipped card, in the order of `benchTasks`. */
export function loadBenchTaskCards(): Promise<BenchTaskCard[]> {
  return Promise.all(benchTaskNames.map((name) => loadBenchTaskCard(name)));
}

/** The medal a score earns on a card (the best threshold it reaches in the metric's direction), or null. */
export function medalFor(card: Pick<BenchTaskCard, 'maximize' | 'medals'>, score: number): 'gold' | 'silver' | 'bronze' | null {
  const reaches = (threshold: number) => (card.maximize ? score >= threshold : score <= threshold);
  if (reaches(card.medals.gold)) return 'gold';
  if (reaches(card.medals.silver)) return 'silver';
  if (reaches(card.medals.bronze)) return 'bronze';
  return null;
}

/** Writes `card` to `file` atomically, its CSV path relative to the card so that the two can move together. */
export async function writeBenchTaskCard(file: string, card: BenchTaskCard): Promise<void> {
  const written =
    typeof card.dataset === 'string'
      ? card
      : { ...card, dataset: { ...card.dataset, csv: relative(dirname(file), card.dataset.csv) || '.' } };
  await writeFileAtomic(file, `${JSON.stringify(written, null, 2)}\n`);
}
