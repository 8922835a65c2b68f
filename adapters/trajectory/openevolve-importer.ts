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
  parent_id: z.string().nullish(),
  generation: z.number().nullish(),
  timestamp: z.number().nullish(),
  iteration_found: z.number().nullish(),
  // A score that is present must be a number; a program without one never ran to a valid score.
  metrics: z.object({ combined_score: z.number().optional() }).passthrough().nullish(),
  metadata: z
    .object({ changes: z.string().nullish(), island: z.number().nullish() })
    .passthrough()
    .nullish(),
});

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
 * `metadata.changes`; a parent that is no longer in the checkpoint makes the program a root.
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
    (left, right) =>
      (left.iteration_found ?? 0) - (right.iteration_found ?? 0) || (left.timestamp ?? 0) - (right.timestamp ?? 0),
  );
  const nodes: TrajectoryNode[] = programs.map((program, position) => ({
    id: program.id,
    step: position,
    parentIds: program.parent_id ? [program.parent_id] : [],
    plan: program.metadata?.changes ?? '',
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
