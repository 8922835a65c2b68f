import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { InvalidFieldError, readJsonFile } from 'boden';
import { MedalsSchema } from '../cards/bench-task-card.js';

/** The name of the circle-packing task in sweeps and records. */
export const packingTaskName = 'circle-packing-26';

/** The best reachable sum of radii per paradigm path of the calibration search, with how it was found. */
export const ParadigmBestSchema = z.strictObject({
  best: z.number(),
  median: z.number(),
  programs: z.number().int().min(1),
  invalid: z.number().int().min(0),
});

/**
 * The circle-packing task card: what impact, regret and medals are measured against. `baseline` is a trivial valid
 * packing (26 equal circles in a row along one side, sum 0.5); `top1` is the best known sum of radii; medals are
 * quantiles of the best score of unshaped runs on calibration seeds the sweeps do not use, so they stay rare;
 * `paradigmBest` is the per-paradigm ceiling table of the calibration's search (e.g. `rings`, `rings+polish`).
 */
export const PackingTaskCardSchema = z.strictObject({
  task: z.literal(packingTaskName),
  metric: z.literal('sum-of-radii'),
  maximize: z.literal(true),
  circles: z.number().int().min(1),
  baseline: z.number(),
  top1: z.number(),
  medals: MedalsSchema,
  paradigmBest: z.record(z.string(), ParadigmBestSchema),
  calibration: z.strictObject({
    command: z.string().min(1),
    /** Seeds of the unshaped runs the medals come from, and their episodes. */
    seeds: z.array(z.number().int()).min(1),
    episodes: z.number().int().min(1),
    /** Share of those runs' best scores each medal beats. */
    medalQuantiles: MedalsSchema,
    wallSeconds: z.number().min(0),
  }),
});

/** The circle-packing task card: see `PackingTaskCardSchema`. */
export type PackingTaskCard = z.infer<typeof PackingTaskCardSchema>;

/** Where the shipped card lives. */
export const packingTaskCardFile = new URL('./cards/circle-packing-26.json', import.meta.url);

/** Reads and validates the circle-packing card; errors name the file and the field. */
export async function loadPackingTaskCard(file: string | URL = packingTaskCardFile): Promise<PackingTaskCard> {
  const name = file instanceof URL ? fileURLToPath(file) : file;
  const parsed = PackingTaskCardSchema.safeParse(await readJsonFile(name, 'the circle-packing card'));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const path = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
  throw new InvalidFieldError({ file: name, location: `$${path}`, reason: issue.message, cause: parsed.error });
}
