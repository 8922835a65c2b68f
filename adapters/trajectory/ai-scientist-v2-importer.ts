import { z } from 'zod';
import { InvalidFieldError } from '../../src/errors/invalid-field-error.js';
import type { Run } from '../../src/episode/run.js';
import type { TrajectoryNode } from '../../src/episode/trajectory-node.js';
import { parentMap } from './aide-journal-importer.js';
import { buildRun } from './build-run.js';
import type { ImportOptions } from './import-options.js';
import { readJsonJournal } from './json-journal-reader.js';
import { parseNode, runIdFromPath } from './parse-node.js';

const MetricEntrySchema = z.object({
  metric_name: z.string(),
  lower_is_better: z.boolean().nullish(),
  description: z.string().nullish(),
  data: z.array(
    z.object({
      dataset_name: z.string().nullish(),
      final_value: z.number().nullable(),
      best_value: z.number().nullish(),
    }),
  ),
});

const StageNodeSchema = z.object({
  id: z.string().min(1),
  step: z.number().int(),
  plan: z.string().nullish(),
  code: z.string().nullish(),
  analysis: z.string().nullish(),
  ctime: z.number().nullish(),
  is_buggy: z.boolean().nullish(),
  is_seed_node: z.boolean().nullish(),
  is_seed_agg_node: z.boolean().nullish(),
  ablation_name: z.string().nullish(),
  hyperparam_name: z.string().nullish(),
  metric: z
    .object({
      // Stage journals hold several metrics over several datasets; a bare number appears in older journals.
      value: z.union([z.number(), z.object({ metric_names: z.array(MetricEntrySchema) }), z.null()], {
        error: 'expected a number, null or { metric_names: [...] }',
      }),
      maximize: z.boolean().nullish(),
    })
    .nullish(),
});

const stageFields = new Set([
  'id',
  'step',
  'plan',
  'code',
  'analysis',
  'ctime',
  'is_buggy',
  'is_seed_node',
  'is_seed_agg_node',
  'ablation_name',
  'hyperparam_name',
  'metric',
]);

type StageNode = z.infer<typeof StageNodeSchema>;

/**
 * Reads an AI-Scientist-v2 stage journal. The score is the chosen metric's (default: the first) first
 * dataset's `final_value`, its direction that metric's `lower_is_better`; seed re-runs and seed aggregations
 * are flagged; ablation and hyper-parameter names are kept as metadata.
 */
export async function importAiScientistV2Journal(file: string, options: ImportOptions = {}): Promise<Run> {
  const journal = await readJsonJournal(file, stageFields);
  const parents = parentMap(journal.nodeToParent, file);
  const metricNames = new Set<string>();
  const reported = new Set<string>();
  const nodes: TrajectoryNode[] = journal.nodes.map(({ value, location }) => {
    const node = parseNode(StageNodeSchema, value, file, location);
    const metric = node.metric?.value;
    if (metric !== null && metric !== undefined && typeof metric === 'object')
      for (const entry of metric.metric_names) reported.add(entry.metric_name);
    const parent = parents.get(node.id);
    const measured = measure(node, options.metricName);
    if (measured.name !== null && measured.score !== null && node.is_buggy === false) metricNames.add(measured.name);
    const flags: TrajectoryNode['flags'] = [
      ...(node.is_seed_node ? (['seed'] as const) : []),
      ...(node.is_seed_agg_node ? (['seed-aggregation'] as const) : []),
    ];
    return {
      id: node.id,
      step: node.step,
      parentIds: parent === undefined ? [] : [parent],
      plan: node.plan ?? '',
      code: node.code ?? '',
      summary: node.analysis ?? null,
      isBuggy: node.is_buggy !== false,
      score: measured.score,
      maximize: measured.maximize,
      createdAt: node.ctime ?? null,
      operators: [],
      flags,
      metadata: {
        ...(node.ablation_name ? { ablationName: node.ablation_name } : {}),
        ...(node.hyperparam_name ? { hyperparameterName: node.hyperparam_name } : {}),
      },
      location,
    };
  });
  const wanted = options.metricName;
  if (wanted !== undefined && reported.size > 0 && ![...reported].some((name) => name.toLowerCase() === wanted.toLowerCase())) {
    throw new InvalidFieldError({
      file,
      location: null,
      reason: `no node reports the metric "${wanted}" (--metric); the file's metrics are: ${[...reported].sort().join(', ')}`,
    });
  }
  return buildRun({
    file,
    format: 'ai-scientist-v2-stage-journal',
    runId: options.runId ?? runIdFromPath(file),
    nodes,
    metricName: describeMetric(metricNames, options.metricName),
    ...(options.onNodes === undefined ? {} : { onNodes: options.onNodes }),
  });
}

function measure(node: StageNode, wanted: string | undefined): { score: number | null; maximize: boolean | null; name: string | null } {
  const value = node.metric?.value;
  if (value === undefined || value === null) return { score: null, maximize: null, name: null };
  if (typeof value === 'number') return { score: value, maximize: node.metric?.maximize ?? null, name: null };
  const entry =
    wanted === undefined
      ? value.metric_names[0]
      : value.metric_names.find((metric) => metric.metric_name.toLowerCase() === wanted.toLowerCase());
  if (entry === undefined) return { score: null, maximize: null, name: null };
  const maximize = entry.lower_is_better === undefined || entry.lower_is_better === null ? null : !entry.lower_is_better;
  return { score: entry.data[0]?.final_value ?? null, maximize, name: entry.metric_name };
}

// Stage journals let every node report its own metrics, so "the first metric" can differ between nodes.
function describeMetric(names: ReadonlySet<string>, wanted: string | undefined): string | null {
  if (names.size === 0) return wanted ?? null;
  if (names.size === 1) return [...names][0]!;
  const listed = [...names].slice(0, 3).join(' | ');
  return `first metric of each node (varies: ${listed}${names.size > 3 ? ' | ...' : ''})`;
}
