/**
 * Real vs simulated agent behaviour ("Prove it works", part 3): bug rate, debug success, the share of each
 * improvement move (family switch, feature engineering, other component, refinement) and the collapse (the share
 * of strategic moves by quarter of the run and by the number of new bests found before), measured the same way on
 * the shared real trajectories (`../shared/data/trajectories`) and on the simulated agent's unshaped runs: by default
 * profile v1 and v2 on the same tasks and calibration seeds (`bench/results/agent-fit/<profile>/runs.jsonl.gz`).
 * Moves are classified from the concepts
 * `ConceptExtractor` finds in parent and child (`classifyMove`), for real and simulated nodes alike; the simulated
 * agent's own labels (and AI-Scientist-v2's hyper-parameter and ablation names) are shown beside, with the
 * pipelines' true change (`classifyChange` on the configs), to see where the classifier agrees. AI-Scientist-v2 runs are a
 * column of their own and their seed re-runs are left out (they re-run the best node, not a move). Prints Markdown.
 *
 *   npx tsx bench/compare-agent-behaviour.ts [--trajectories DIR] [--records LABEL=FILE,LABEL=FILE]
 *
 * With `--recordings DIR[,DIR]` it reads recordings instead (`boden bench --agent code --record DIR`, and the shared
 * real-model runs of `--llm-runs`): per run, bug rate, debug success, paradigm switches and directive compliance, and
 * the simulated agent's settings they measure (`recordedBehaviourReport`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { detectTrajectoryFormat, expandTrajectoryInputs, importTrajectory } from 'boden/adapters/trajectory';
import { ConceptExtractor, isValidNode, type TrajectoryFormat, type TrajectoryNode } from 'boden';
import {
  measureAgentBehaviour,
  moveKinds,
  bestsBins,
  poolAgentBehaviour,
  type AgentBehaviour,
  type BehaviourNode,
  type StrategicCount,
} from './agents/agent-behaviour.js';
import { classifyChange } from './agents/classify-change.js';
import { recordedBehaviourReport } from './code/recorded-behaviour-report.js';
import { canonicalConfigKey, parsePipelineConfig } from './env/canonical-config.js';
import { renderPipelineCode } from './env/render-code.js';
import { renderPipelinePlan } from './env/render-plan.js';
import { BenchRunRecordSchema, type BenchRunRecord } from './runner/bench-run-record.js';
import { loadBenchTaskCard, type BenchTaskCard } from './cards/bench-task-card.js';
import { machineLine } from './support/bench-measurements.js';

const repository = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    trajectories: { type: 'string', default: fileURLToPath(new URL('../../shared/data/trajectories', import.meta.url)) },
    records: {
      type: 'string',
      default: ['v1', 'v2']
        .map((profile) => `${profile}=${fileURLToPath(new URL(`./results/agent-fit/${profile}/runs.jsonl.gz`, import.meta.url))}`)
        .join(','),
    },
    recordings: { type: 'string' },
    'llm-runs': { type: 'string', default: fileURLToPath(new URL('../../shared/data/llm-runs', import.meta.url)) },
  },
});
// Recordings of model exchanges (`boden bench --agent code --record DIR`, the shared real-model runs): read alone.
if (values.recordings !== undefined) {
  console.log(
    `# Behaviour of recorded runs\n\n${await recordedBehaviourReport({ recordings: values.recordings.split(','), llmRuns: values['llm-runs'] })}`,
  );
  process.exit(0);
}
// Each simulated column: a label and a file of run records (gzipped JSON lines, or plain).
const recordFiles = values.records.split(',').map((entry) => {
  const at = entry.indexOf('=');
  return at < 0 ? { label: relative(repository, entry), file: entry } : { label: entry.slice(0, at), file: entry.slice(at + 1) };
});
const trajectoryRoot = values.trajectories;
if (!existsSync(trajectoryRoot)) {
  console.log(`compare-agent-behaviour needs the shared real trajectories at ${trajectoryRoot} (not part of a clone): nothing to compare.`);
  process.exit(0);
}
const started = performance.now();
const extractor = new ConceptExtractor();

// ---- Real runs. ----

/** A real node with the importer's seed flags, which decide whether it is measured. */
type RealNode = BehaviourNode & { readonly flags: readonly string[] };

const realGroups = { other: [] as AgentBehaviour[], aisv2: [] as AgentBehaviour[] };
const byFormat = new Map<TrajectoryFormat, AgentBehaviour[]>();
const seedNodes = { nodes: 0, seed: 0, seedAggregation: 0, buggy: 0 };
for (const input of await expandTrajectoryInputs([trajectoryRoot])) {
  const format = await detectTrajectoryFormat(input);
  const { nodes, maximize } = await readRealNodes(input, format);
  const measured = nodes.filter((node) => node.flags.length === 0);
  const behaviour = measureAgentBehaviour(measured, extractor, maximize);
  if (format === 'ai-scientist-v2-stage-journal') {
    realGroups.aisv2.push(behaviour);
    const seeds = nodes.filter((node) => node.flags.length > 0);
    seedNodes.nodes += seeds.length;
    seedNodes.seed += seeds.filter((node) => node.flags.includes('seed')).length;
    seedNodes.seedAggregation += seeds.filter((node) => node.flags.includes('seed-aggregation')).length;
    seedNodes.buggy += seeds.filter((node) => node.buggy).length;
  } else realGroups.other.push(behaviour);
  byFormat.set(format, [...(byFormat.get(format) ?? []), behaviour]);
}

/**
 * The nodes of one real trajectory as the importer normalised them (its `onNodes` hook), in behaviour's shape, and
 * the direction of its metric (the imported run's: most nodes' own).
 */
async function readRealNodes(input: string, format: TrajectoryFormat): Promise<{ nodes: RealNode[]; maximize: boolean }> {
  let nodes: readonly TrajectoryNode[] = [];
  const runs = await importTrajectory(input, { format, onNodes: (normalised) => void (nodes = normalised) });
  const maximize = runs[0]?.metric.maximize ?? true;
  return {
    maximize,
    nodes: nodes.map((node) => ({
      id: node.id,
      parentIds: node.parentIds,
      plan: node.plan,
      code: node.code,
      buggy: node.isBuggy,
      score: isValidNode(node) ? node.score : null,
      flags: node.flags,
      // AI-Scientist-v2 names the hyper-parameter a tuning node sweeps and the component an ablation removes.
      ...(node.metadata.hyperparameterName ? { label: 'hyper-parameter' } : node.metadata.ablationName ? { label: 'ablation' } : {}),
    })),
  };
}

// ---- Simulated runs: the unshaped arm of each records file, plan and code rebuilt from each pipeline. ----

const cards = new Map<string, BenchTaskCard>();
const rendered = new Map<string, { plan: string; code: string }>();
/** One simulated column: its runs by policy, and the same nodes labelled with their true change (read off the two configs). */
interface SimulatedColumn {
  readonly label: string;
  readonly file: string;
  readonly runs: number;
  readonly byPolicy: Map<string, AgentBehaviour[]>;
  readonly byConfig: AgentBehaviour[];
}
const simulated: SimulatedColumn[] = [];
for (const { label, file } of recordFiles) {
  if (!existsSync(file)) {
    console.log(
      `compare-agent-behaviour: no run records at ${file} (make them with the command in bench/results/agent-fit/README.md): nothing to compare.`,
    );
    process.exit(0);
  }
  const bytes = readFileSync(file);
  const records: BenchRunRecord[] = (file.endsWith('.gz') ? gunzipSync(bytes) : bytes)
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => BenchRunRecordSchema.parse(JSON.parse(line)))
    .filter(
      (record) =>
        record.arm.strength === 0 && record.arm.schedule === 'none' && record.agent === 'simulated' && record.task !== 'circle-packing-26',
    );
  const column: SimulatedColumn = { label, file, runs: records.length, byPolicy: new Map(), byConfig: [] };
  for (const record of records) {
    const card = cards.get(record.task) ?? (await loadBenchTaskCard(record.task));
    cards.set(record.task, card);
    const configKeyOf = new Map(record.episodes.map((episode) => [episode.nodeId, episode.configKey]));
    const nodes: BehaviourNode[] = record.episodes.map((episode) => ({
      id: episode.nodeId,
      parentIds: episode.parentIds,
      ...render(card, episode.configKey),
      buggy: episode.status === 'buggy',
      score: episode.score,
      label: episode.kind,
    }));
    column.byPolicy.set(record.policy, [
      ...(column.byPolicy.get(record.policy) ?? []),
      measureAgentBehaviour(nodes, extractor, card.maximize),
    ]);
    const trueChanges = record.episodes.map((episode, index) => {
      const parentKey = episode.parentIds.length === 1 ? configKeyOf.get(episode.parentIds[0]!) : undefined;
      const change =
        parentKey === undefined
          ? undefined
          : classifyChange(parsePipelineConfig(JSON.parse(parentKey)), parsePipelineConfig(JSON.parse(episode.configKey)));
      const { label: _label, ...node } = nodes[index]!;
      return change === undefined ? node : { ...node, label: change };
    });
    column.byConfig.push(measureAgentBehaviour(trueChanges, extractor, card.maximize));
  }
  simulated.push(column);
}

function render(card: BenchTaskCard, configKey: string): { plan: string; code: string } {
  const key = `${card.task}\n${configKey}`;
  let pipeline = rendered.get(key);
  if (pipeline === undefined) {
    const config = parsePipelineConfig(JSON.parse(configKey));
    // The key is the canonical form of the config, so parsing it back must give the same key.
    if (canonicalConfigKey(config) !== configKey)
      throw new Error(`configKey ${configKey} does not round-trip through PipelineConfigSchema`);
    pipeline = { plan: renderPipelinePlan(card, config), code: renderPipelineCode(card, config) };
    rendered.set(key, pipeline);
  }
  return pipeline;
}

// ---- Tables. ----

const simulatedName = (column: SimulatedColumn) => `simulated ${column.label} (unshaped)`;
const columns: Record<string, AgentBehaviour> = {
  'real AIDE / AIRA-dojo / OpenEvolve': poolAgentBehaviour(realGroups.other),
  'real AI-Scientist-v2 (seed re-runs excluded)': poolAgentBehaviour(realGroups.aisv2),
  ...Object.fromEntries(simulated.map((column) => [simulatedName(column), poolAgentBehaviour([...column.byPolicy.values()].flat())])),
};
const strategicShare = (count: StrategicCount | undefined) => (count === undefined ? '—' : percent(count.strategic, count.improvements));
const percent = (count: number, total: number) => (total === 0 ? '—' : `${((100 * count) / total).toFixed(1)}% (${count}/${total})`);
const labelOrder = ['refinement', 'component', 'family-switch', 'hyper-parameter', 'ablation'];
const labelled = (behaviour: AgentBehaviour) => {
  const total = Object.values(behaviour.labelledMoves).reduce((sum, count) => sum + count, 0);
  if (total === 0) return '—';
  const labels = [
    ...labelOrder.filter((label) => label in behaviour.labelledMoves),
    ...Object.keys(behaviour.labelledMoves)
      .filter((label) => !labelOrder.includes(label))
      .sort(),
  ];
  return `${labels.map((label) => `${label} ${((100 * behaviour.labelledMoves[label]!) / total).toFixed(1)}%`).join(' · ')} (of ${total} labelled)`;
};
const rows: [string, (behaviour: AgentBehaviour) => string][] = [
  ['runs', (b) => String(b.runs)],
  ['nodes', (b) => String(b.nodes)],
  ['drafts (no parent)', (b) => percent(b.drafts, b.nodes)],
  ['**bug rate** (buggy / nodes)', (b) => percent(b.buggy, b.nodes)],
  ['**debug success** (valid / nodes whose parent is buggy)', (b) => percent(b.debugFixes, b.debugAttempts)],
  ['improvements (one valid parent)', (b) => percent(b.improvements, b.nodes)],
  ...moveKinds.map((kind): [string, (behaviour: AgentBehaviour) => string] => [
    `— **${kind}** (${kind === 'hyper-parameter' ? 'code-classified' : 'concept-classified'}, of improvements)`,
    (b) => percent(b.moves[kind], b.improvements),
  ]),
  ['— labelled by the agent (simulated: its move kind; AI-Scientist-v2: hyperparam_name / ablation_name)', labelled],
  ['not moves: crossovers / orphans / children of unscored nodes', (b) => `${b.crossovers} / ${b.orphans} / ${b.childrenOfUnscored}`],
  ...[0, 1, 2, 3].map((quarter): [string, (behaviour: AgentBehaviour) => string] => [
    `${quarter === 0 ? '**strategic share** (family switch, features, component; of improvements) in ' : '— in '}quarter ${quarter + 1} of the run`,
    (b) => strategicShare(b.collapse.byQuarter[quarter]),
  ]),
  ...[0, 1, 2, 3].map((quarter): [string, (behaviour: AgentBehaviour) => string] => [
    `${quarter === 0 ? '**new to the run** (improvements with a concept no earlier node had) in ' : '— in '}quarter ${quarter + 1}`,
    (b) => strategicShare(b.collapse.newToRunByQuarter[quarter]),
  ]),
  ...bestsBins.map((lowest, bin): [string, (behaviour: AgentBehaviour) => string] => [
    `${bin === 0 ? '**strategic share** after ' : '— after '}${bin + 1 < bestsBins.length ? `${lowest}-${bestsBins[bin + 1]! - 1}` : `${lowest} or more`} new bests`,
    (b) => strategicShare(b.collapse.byBests[bin]),
  ]),
];
const table = (named: Record<string, AgentBehaviour>) => {
  const names = Object.keys(named);
  const lines = [`| measure | ${names.join(' | ')} |`, `|---|${names.map(() => '---').join('|')}|`];
  for (const [label, cell] of rows) lines.push(`| ${label} | ${names.map((name) => cell(named[name]!)).join(' | ')} |`);
  return lines.join('\n');
};

const trajectoryDisplay = relative(repository, trajectoryRoot) || trajectoryRoot;
console.log(`# Real vs simulated agent behaviour\n`);
console.log(
  `\`\`\`sh\nnpx tsx bench/compare-agent-behaviour.ts${process.argv.length > 2 ? ` ${process.argv.slice(2).join(' ')}` : ''}\n\`\`\`\n`,
);
console.log(
  `Real: ${trajectoryDisplay} (${realGroups.other.length + realGroups.aisv2.length} runs). Simulated: ${simulated
    .map((column) => `${column.label}: ${relative(repository, column.file)}, ${column.runs} unshaped runs`)
    .join('; ')}; tasks ${[...cards.keys()].join(', ')}.\n`,
);
console.log(table(columns));
console.log(
  `\nAI-Scientist-v2 seed re-runs, counted apart and not measured above: ${seedNodes.nodes} nodes (flag seed on ${seedNodes.seed}, seed-aggregation on ${seedNodes.seedAggregation}; a node may carry both), ${seedNodes.buggy} of them buggy: bug rate ${percent(seedNodes.buggy, seedNodes.nodes)}.`,
);

const agreement = (title: string, behaviour: AgentBehaviour) => {
  console.log(`\n## ${title}: label (rows) against the concept classification (columns), improvements only\n`);
  console.log(`| label | ${moveKinds.join(' | ')} | total |`);
  console.log(`|---|${moveKinds.map(() => '---').join('|')}|---|`);
  for (const [label, byKind] of Object.entries(behaviour.labelAgreement).sort(
    ([left], [right]) => labelOrder.indexOf(left) - labelOrder.indexOf(right),
  )) {
    const total = moveKinds.reduce((sum, kind) => sum + byKind[kind], 0);
    console.log(`| ${label} | ${moveKinds.map((kind) => percent(byKind[kind], total)).join(' | ')} | ${total} |`);
  }
};
for (const column of simulated) {
  agreement(`Simulated agent ${column.label}, its own move kind`, columns[simulatedName(column)]!);
  const byConfig = poolAgentBehaviour(column.byConfig);
  agreement(`Simulated agent ${column.label}, the true change of the config (\`classifyChange\`)`, byConfig);
  console.log(`\nTrue changes of the simulated ${column.label} improvements: ${labelled(byConfig)}.`);
}
agreement('AI-Scientist-v2, hyperparam_name / ablation_name of the node', columns['real AI-Scientist-v2 (seed re-runs excluded)']!);

console.log(`\n## By source\n`);
const formatNames: Record<TrajectoryFormat, string> = {
  'aide-journal-v2': 'AIDE',
  'aira-dojo-journal-jsonl': 'AIRA-dojo',
  'openevolve-checkpoint': 'OpenEvolve',
  'openevolve-evolution-trace': 'OpenEvolve',
  'shinka-programs-sqlite': 'ShinkaEvolve',
  'ai-scientist-v2-stage-journal': 'AI-Scientist-v2',
  'boden-episodes-jsonl': 'boden',
};
const bySource: Record<string, AgentBehaviour> = {};
for (const [format, behaviours] of byFormat) bySource[formatNames[format]] = poolAgentBehaviour(behaviours);
const policyOrder = ['aide', 'mcts', 'evolutionary'];
for (const column of simulated) {
  const policies = [...column.byPolicy.keys()].sort((left, right) => policyOrder.indexOf(left) - policyOrder.indexOf(right));
  for (const policy of policies) bySource[`sim. ${column.label} ${policy}`] = poolAgentBehaviour(column.byPolicy.get(policy)!);
}
console.log(table(bySource));
// The real model's recorded runs of the pipeline agent, beside the trajectories (the same reading as --recordings).
if (existsSync(values['llm-runs'])) console.log(`\n${await recordedBehaviourReport({ recordings: [], llmRuns: values['llm-runs'] })}`);

console.log(`\n${machineLine()}; ${((performance.now() - started) / 1000).toFixed(1)} s.`);
