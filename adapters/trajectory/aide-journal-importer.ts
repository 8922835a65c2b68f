import { z } from 'zod';
import type { Run } from '../../src/episode/run.js';
import type { TrajectoryNode } from '../../src/episode/trajectory-node.js';
import { InvalidFieldError } from '../../src/errors/invalid-field-error.js';
import { buildRun } from './build-run.js';
import type { ImportOptions } from './import-options.js';
import { readJsonJournal } from './json-journal-reader.js';
import { parseNode, runIdFromPath } from './parse-node.js';

const AideNodeSchema = z.object({
  id: z.string().min(1),
  step: z.number().int(),
  plan: z.string().nullish(),
  code: z.string().nullish(),
  analysis: z.string().nullish(),
  ctime: z.number().nullish(),
  // AIDE leaves `is_buggy` null on nodes it never evaluated: such a node produced no valid score.
  is_buggy: z.boolean().nullish(),
  metric: z.object({ value: z.number().nullable(), maximize: z.boolean().nullish() }).nullish(),
});

const aideFields = new Set(['id', 'step', 'plan', 'code', 'analysis', 'ctime', 'is_buggy', 'metric']);

/**
 * Reads an AIDE `journal.json` (version 2): nodes with `node2parent` (the `parent` fields on nodes are empty on
 * disk), buggy nodes with a null metric, one metric with its direction.
 */
export async function importAideJournal(file: string, options: ImportOptions = {}): Promise<Run> {
  const journal = await readJsonJournal(file, aideFields);
  const parents = parentMap(journal.nodeToParent, file);
  const nodes: TrajectoryNode[] = journal.nodes.map(({ value, location }) => {
    const node = parseNode(AideNodeSchema, value, file, location);
    const parent = parents.get(node.id);
    return {
      id: node.id,
      step: node.step,
      parentIds: parent === undefined ? [] : [parent],
      plan: node.plan ?? '',
      code: node.code ?? '',
      summary: node.analysis ?? null,
      isBuggy: node.is_buggy !== false,
      score: node.metric?.value ?? null,
      maximize: node.metric?.maximize ?? null,
      createdAt: node.ctime ?? null,
      operators: [],
      flags: [],
      metadata: {},
      location,
    };
  });
  return buildRun({
    file,
    format: 'aide-journal-v2',
    runId: options.runId ?? runIdFromPath(file),
    nodes,
    metricName: null,
    ...(options.onNodes === undefined ? {} : { onNodes: options.onNodes }),
  });
}

/** Validates `node2parent` as a map of string ids. */
export function parentMap(nodeToParent: Record<string, unknown> | undefined, file: string): Map<string, string> {
  const parents = new Map<string, string>();
  for (const [child, parent] of Object.entries(nodeToParent ?? {})) {
    if (typeof parent !== 'string' || parent.length === 0) {
      throw new InvalidFieldError({ file, location: `$.node2parent.${child}`, reason: 'expected a parent id string' });
    }
    parents.set(child, parent);
  }
  return parents;
}
