import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Run } from '../../src/episode/run.js';
import type { TrajectoryNode } from '../../src/episode/trajectory-node.js';
import { EmptyTrajectoryError } from '../../src/errors/empty-trajectory-error.js';
import { InvalidJsonError } from '../../src/errors/invalid-json-error.js';
import { NotATrajectoryError } from '../../src/errors/not-a-trajectory-error.js';
import { buildRun } from './build-run.js';
import type { ImportOptions } from './import-options.js';
import { parseNode, runIdFromPath } from './parse-node.js';

const ProgramSchema = z.object({
  id: z.string().min(1),
  code: z.string().nullish(),
  // The newer layout (algorithmicsuperintelligence/openevolve @ 411fb59): a per-program changes description.
  changes_description: z.string().nullish(),
  parent_id: z.string().nullish(),
  generation: z.number().nullish(),
  timestamp: z.number().nullish(),
  iteration_found: z.number().nullish(),
  // A score that is present must be a number; a program without one never ran to a valid score.
  metrics: z.object({ combined_score: z.number().optional() }).passthrough().nullish(),
  metadata: z.object({ changes: z.string().nullish(), island: z.number().nullish() }).passthrough().nullish(),
});

// The newer layout's `metadata.json` (database.py:633-646): what the run had done when the checkpoint was written.
const CheckpointMetadataSchema = z
  .object({ last_iteration: z.number().int().nullish(), best_program_id: z.string().nullish() })
  .passthrough();

/**
 * A program's score as OpenEvolve's metrics give it: `combined_score` when numeric, except for a program boden's
 * gate kept from evaluation (`gated`: `boden_gated: 1`, examples/python/openevolve_evaluator.py), which has none.
 * `failed`: the metrics carry OpenEvolve's failure marker `error` (evaluator.py:265, 296, 403-414).
 */
export function openEvolveScore(metrics: Record<string, unknown> | null | undefined): {
  score: number | null;
  gated: boolean;
  failed: boolean;
} {
  const gated = metrics?.boden_gated === 1;
  const failed = metrics != null && 'error' in metrics;
  const value = metrics?.combined_score;
  return { score: !gated && !failed && typeof value === 'number' && Number.isFinite(value) ? value : null, gated, failed };
}

/** True when `directory` looks like an OpenEvolve checkpoint (it has a `programs/` folder). */
export async function isOpenEvolveCheckpoint(directory: string): Promise<boolean> {
  try {
    return (await stat(join(directory, 'programs'))).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Reads an OpenEvolve checkpoint directory one program file at a time: every program with a numeric
 * `metrics.combined_score` (always maximised) is an episode, ordered by `iteration_found`, its plan
 * `metadata.changes` (else the newer layout's `changes_description`); a parent that is no longer in the checkpoint
 * makes the program a root (metadata `parentInCheckpoint: false`). A checkpoint is a population snapshot: the newer
 * layout (411fb59) deletes a program displaced from its MAP-Elites cell when it owns no other cell and no island
 * (`_remove_program_if_orphaned`, database.py:1699-1729, called at :380) and when the population is over its size
 * (`_enforce_population_limit`), so those programs' code and scores are gone, their children start new episodes, and
 * `metadata.json`'s `last_iteration` exceeds the programs read. OpenEvolve's `evolution_trace.jsonl` keeps every
 * iteration (see `importOpenEvolveTrace`). A program boden's gate kept from evaluation (`boden_gated`) is left out (never
 * attempted, as in boden's own export); its children start new episodes.
 */
export async function importOpenEvolveCheckpoint(directory: string, options: ImportOptions = {}): Promise<Run> {
  if (!(await isOpenEvolveCheckpoint(directory))) {
    throw new NotATrajectoryError({
      file: directory,
      location: null,
      reason: 'not an OpenEvolve checkpoint: it has no programs/ folder',
    });
  }
  const names = (await readdir(join(directory, 'programs'))).filter((name) => name.endsWith('.json')).sort();
  if (names.length === 0) {
    throw new EmptyTrajectoryError({ file: directory, location: null, reason: 'the checkpoint has no programs/*.json' });
  }
  // Only checked: a checkpoint with a damaged metadata.json should say so rather than be read as if whole.
  const metadataText = await readFile(join(directory, 'metadata.json'), 'utf8').catch(() => undefined);
  if (metadataText !== undefined) {
    let metadataValue: unknown;
    try {
      metadataValue = JSON.parse(metadataText);
    } catch (error) {
      throw new InvalidJsonError({
        file: directory,
        location: 'metadata.json',
        reason: `invalid JSON: ${(error as Error).message}`,
        cause: error,
      });
    }
    parseNode(CheckpointMetadataSchema, metadataValue, directory, 'metadata.json');
  }
  const programs = [];
  for (const name of names) {
    const location = `programs/${name}`;
    const text = await readFile(join(directory, 'programs', name), 'utf8');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new InvalidJsonError({ file: directory, location, reason: `invalid JSON: ${(error as Error).message}`, cause: error });
    }
    programs.push({ ...parseNode(ProgramSchema, value, directory, location), location });
  }
  // Order by the iteration that found the program; the timestamp breaks ties.
  programs.sort(
    (left, right) => (left.iteration_found ?? 0) - (right.iteration_found ?? 0) || (left.timestamp ?? 0) - (right.timestamp ?? 0),
  );
  const present = new Set(programs.map((program) => program.id));
  // Programs boden's gate kept from evaluation were never attempted (boden's own export leaves them out too).
  const evaluated = programs.filter((program) => !openEvolveScore(program.metrics).gated);
  const nodes: TrajectoryNode[] = evaluated.map((program, position) => ({
    id: program.id,
    step: position,
    parentIds: program.parent_id ? [program.parent_id] : [],
    plan: program.metadata?.changes ?? program.changes_description ?? '',
    code: program.code ?? '',
    summary: null,
    isBuggy: false,
    score: program.metrics?.combined_score ?? null,
    maximize: true,
    createdAt: program.timestamp ?? null,
    operators: [program.parent_id ? 'mutation' : 'initial'],
    flags: [],
    metadata: {
      iterationFound: program.iteration_found ?? null,
      generation: program.generation ?? null,
      island: program.metadata?.island ?? null,
      parentInCheckpoint: program.parent_id ? present.has(program.parent_id) : null,
    },
    location: program.location,
  }));
  return buildRun({
    file: directory,
    format: 'openevolve-checkpoint',
    runId: options.runId ?? runIdFromPath(directory),
    nodes,
    metricName: 'combined_score',
    danglingParents: 'root',
    ...(options.onNodes === undefined ? {} : { onNodes: options.onNodes }),
  });
}
