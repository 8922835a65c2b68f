import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import type { Run } from '../../src/episode/run.js';
import type { TrajectoryNode } from '../../src/episode/trajectory-node.js';
import { EmptyTrajectoryError } from '../../src/errors/empty-trajectory-error.js';
import { FileReadError } from '../../src/errors/file-read-error.js';
import { InvalidFieldError } from '../../src/errors/invalid-field-error.js';
import { buildRun } from './build-run.js';
import type { ImportOptions } from './import-options.js';
import { openEvolveScore } from './openevolve-importer.js';
import { parseJsonLine } from './parse-json-line.js';
import { parseNode, runIdFromPath } from './parse-node.js';

const MetricsSchema = z.record(z.string(), z.unknown());

// One line of OpenEvolve's evolution trace (`EvolutionTrace.to_dict()`, openevolve/evolution_trace.py, written by
// `append_trace_jsonl`): one iteration's parent and child, with the child's code when `include_code` is on.
const TraceEntrySchema = z.object({
  iteration: z.number().int(),
  timestamp: z.number().nullish(),
  parent_id: z.string().min(1),
  child_id: z.string().min(1),
  parent_metrics: MetricsSchema,
  child_metrics: MetricsSchema,
  parent_code: z.string().nullish(),
  child_code: z.string().nullish(),
  child_changes_description: z.string().nullish(),
  island_id: z.number().int().nullish(),
  generation: z.number().int().nullish(),
  metadata: z.object({ changes: z.string().nullish() }).passthrough().nullish(),
});

type TraceEntry = z.infer<typeof TraceEntrySchema> & { location: string };

/** True when a JSON line is an OpenEvolve evolution-trace entry (an iteration naming a parent and a child). */
export function looksLikeOpenEvolveTrace(firstLine: string): boolean {
  // `EvolutionTrace.to_dict()` keeps the dataclass' field order: iteration, timestamp, parent_id, child_id, ...
  return (
    /^\{\s*"iteration"\s*:\s*\d+\s*,\s*"timestamp"\s*:\s*[-\d.eE+]+\s*,\s*"parent_id"\s*:/.test(firstLine) &&
    /"child_id"\s*:/.test(firstLine)
  );
}

/**
 * Reads OpenEvolve's `evolution_trace.jsonl` (config `evolution_trace: {enabled: true, include_code: true}`) line by
 * line: each line is one iteration's child, an episode scored by its `combined_score` (maximised), its parent the
 * line's `parent_id`, its plan the change summary. A trace lacks what OpenEvolve never logged: the initial program's
 * own line, and the line of any child whose parent had left the database when the child came back
 * (process_parallel.py:634-637). Such a program, named only as a parent, becomes a root node from the parent fields
 * of the first line naming it; the link to its own parent is lost. Programs whose metrics carry an `error` count as
 * failed attempts; programs boden's gate kept from evaluation (`boden_gated`) are left out, as boden's own export
 * leaves them out, and their children start new episodes. Needs the code: a trace written without `include_code` is
 * refused. A compressed trace (`compress: true`, `.jsonl.gz`) is not read: unpack it first.
 */
export async function importOpenEvolveTrace(file: string, options: ImportOptions = {}): Promise<Run> {
  const entries: TraceEntry[] = [];
  let lineNumber = 0;
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      lineNumber += 1;
      if (line.trim() === '') continue;
      const location = `line ${lineNumber}`;
      const entry = { ...parseNode(TraceEntrySchema, parseJsonLine(line, file, location), file, location), location };
      if (entry.child_code == null) {
        throw new InvalidFieldError({
          file,
          location: `${location}.child_code`,
          reason: 'the trace has no code: run OpenEvolve with evolution_trace.include_code: true',
        });
      }
      entries.push(entry);
    }
  } catch (error) {
    // The stream's own failure (a missing or unreadable file); the typed errors above pass unchanged.
    if (error instanceof Error && 'syscall' in error) throw FileReadError.from(error, file);
    throw error;
  }
  if (entries.length === 0) throw new EmptyTrajectoryError({ file, location: null, reason: 'the trace holds no iterations' });

  // Iteration order, then line order: workers finish out of order, OpenEvolve logs them as they complete.
  entries.sort((left, right) => left.iteration - right.iteration || lineOf(left) - lineOf(right));
  const children = new Map<string, TraceEntry>();
  for (const entry of entries) {
    if (children.has(entry.child_id)) {
      throw new InvalidFieldError({
        file,
        location: `${entry.location}.child_id`,
        reason: `the child "${entry.child_id}" appears twice (first at ${children.get(entry.child_id)!.location})`,
      });
    }
    children.set(entry.child_id, entry);
  }
  const nodes: TrajectoryNode[] = [];
  // Programs boden's gate kept from evaluation were never attempted (boden's own export leaves them out too).
  const seen = new Set<string>(entries.filter((entry) => openEvolveScore(entry.child_metrics).gated).map((entry) => entry.child_id));
  for (const entry of entries) {
    if (openEvolveScore(entry.child_metrics).gated) continue;
    if (!children.has(entry.parent_id) && !seen.has(entry.parent_id)) {
      seen.add(entry.parent_id);
      nodes.push(
        node(entry.parent_id, [], entry.parent_code ?? '', '', entry.parent_metrics, null, `${entry.location}.parent_id`, nodes.length, {
          iteration: null,
          island: null,
          generation: null,
        }),
      );
    }
    seen.add(entry.child_id);
    const plan = entry.metadata?.changes ?? entry.child_changes_description ?? '';
    nodes.push(
      node(
        entry.child_id,
        [entry.parent_id],
        entry.child_code ?? '',
        plan,
        entry.child_metrics,
        entry.timestamp ?? null,
        entry.location,
        nodes.length,
        { iteration: entry.iteration, island: entry.island_id ?? null, generation: entry.generation ?? null },
      ),
    );
  }
  return buildRun({
    file,
    format: 'openevolve-evolution-trace',
    runId: options.runId ?? runIdFromPath(file),
    nodes,
    metricName: 'combined_score',
    // A parent whose own line OpenEvolve never wrote is a root (see above).
    danglingParents: 'root',
    ...(options.onNodes === undefined ? {} : { onNodes: options.onNodes }),
  });
}

function lineOf(entry: TraceEntry): number {
  return Number(entry.location.slice('line '.length));
}

function node(
  id: string,
  parentIds: string[],
  code: string,
  plan: string,
  metrics: Record<string, unknown>,
  createdAt: number | null,
  location: string,
  step: number,
  metadata: { iteration: number | null; island: number | null; generation: number | null },
): TrajectoryNode {
  const { score, failed } = openEvolveScore(metrics);
  return {
    id,
    step,
    parentIds,
    plan,
    code,
    summary: null,
    isBuggy: failed,
    score,
    maximize: true,
    createdAt,
    operators: [parentIds.length > 0 ? 'mutation' : 'initial'],
    flags: [],
    metadata,
    location,
  };
}
