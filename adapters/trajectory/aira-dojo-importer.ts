import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import type { Run } from '../../src/episode/run.js';
import type { TrajectoryNode } from '../../src/episode/trajectory-node.js';
import { EmptyTrajectoryError } from '../../src/errors/empty-trajectory-error.js';
import { InvalidFieldError } from '../../src/errors/invalid-field-error.js';
import { UnknownParentError } from '../../src/errors/unknown-parent-error.js';
import { buildRun } from './build-run.js';
import type { ImportOptions } from './import-options.js';
import { parseJsonLine } from './parse-json-line.js';
import { parseNode, runIdFromPath } from './parse-node.js';

const DojoNodeSchema = z.object({
  step: z.number().int(),
  id: z.string().min(1),
  plan: z.string().nullish(),
  code: z.string().nullish(),
  metric: z.number().nullable(),
  metric_maximize: z.boolean().nullish(),
  is_buggy: z.boolean().nullish(),
  analysis: z.string().nullish(),
  parents: z.array(z.number().int()).nullish(),
  operators_used: z.array(z.string()).nullish(),
  creation_time: z.number().nullish(),
});

type DojoNode = z.infer<typeof DojoNodeSchema> & { location: string };

/**
 * Reads an AIRA-dojo `journal.jsonl` line by line: parents are step numbers, step 0 is a virtual root (no
 * parents, empty plan and code) whose children are drafts, and `operators_used` says what made each node.
 */
export async function importAiraDojoJournal(file: string, options: ImportOptions = {}): Promise<Run> {
  const raw: DojoNode[] = [];
  let lineNumber = 0;
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of lines) {
    lineNumber += 1;
    if (line.trim() === '') continue;
    const location = `line ${lineNumber}`;
    raw.push({ ...parseNode(DojoNodeSchema, parseJsonLine(line, file, location), file, location), location });
  }
  if (raw.length === 0) throw new EmptyTrajectoryError({ file, location: null, reason: 'the file holds no nodes' });

  const idOfStep = new Map<number, string>();
  for (const node of raw) {
    if (idOfStep.has(node.step)) {
      throw new InvalidFieldError({ file, location: `${node.location}.step`, reason: `step ${node.step} appears twice` });
    }
    idOfStep.set(node.step, node.id);
  }
  const isVirtualRoot = (node: DojoNode): boolean => (node.parents ?? []).length === 0 && !node.plan && !node.code && node.step === 0;
  const virtualRoots = new Set(raw.filter(isVirtualRoot).map((node) => node.step));

  const nodes: TrajectoryNode[] = raw
    .filter((node) => !virtualRoots.has(node.step))
    .map((node) => ({
      id: node.id,
      step: node.step,
      parentIds: (node.parents ?? [])
        .filter((step) => !virtualRoots.has(step))
        .map((step) => {
          const parentId = idOfStep.get(step);
          if (parentId === undefined) {
            throw new UnknownParentError({
              file,
              location: `${node.location}.parents`,
              nodeId: node.id,
              parentId: String(step),
              reason: `node "${node.id}" names parent step ${step}, which is not in the journal`,
            });
          }
          return parentId;
        }),
      plan: node.plan ?? '',
      code: node.code ?? '',
      summary: node.analysis || null,
      isBuggy: node.is_buggy !== false,
      score: node.metric,
      maximize: node.metric_maximize ?? null,
      createdAt: node.creation_time ?? null,
      operators: (node.operators_used ?? []).filter((operator) => operator !== 'analysis'),
      flags: [],
      metadata: {},
      location: node.location,
    }));
  return buildRun({
    file,
    format: 'aira-dojo-journal-jsonl',
    runId: options.runId ?? runIdFromPath(file),
    nodes,
    metricName: null,
    ...(options.onNodes === undefined ? {} : { onNodes: options.onNodes }),
  });
}
