import type { Run } from '../../src/episode/run.js';
import { isValidNode, segmentEpisodes } from '../../src/episode/segment-episodes.js';
import type { TrajectoryNode } from '../../src/episode/trajectory-node.js';
import { EmptyTrajectoryError } from '../../src/errors/empty-trajectory-error.js';

/** Segments normalised nodes into a run, taking the metric direction from the valid nodes. */
export function buildRun(options: {
  file: string;
  format: Run['source']['format'];
  runId: string;
  nodes: TrajectoryNode[];
  metricName: string | null;
  danglingParents?: 'error' | 'root';
  onNodes?: (nodes: readonly TrajectoryNode[]) => void;
}): Run {
  const { file, nodes } = options;
  if (nodes.length === 0) {
    throw new EmptyTrajectoryError({ file, location: null, reason: 'the trajectory has no nodes' });
  }
  options.onNodes?.(withDerivedOperators(nodes));
  const directions = nodes.filter((node) => node.maximize !== null && node.score !== null).map((node) => node.maximize);
  const maximize = directions.length === 0 ? true : directions.filter(Boolean).length * 2 >= directions.length;
  const { episodes, infeasibleAttempts } = segmentEpisodes({
    runId: options.runId,
    file,
    nodes: withDerivedOperators(nodes),
    maximize,
    danglingParents: options.danglingParents ?? 'error',
  });
  return {
    id: options.runId,
    source: { path: file, format: options.format },
    metric: { name: options.metricName, maximize },
    nodeCount: nodes.length,
    episodes,
    infeasibleAttempts,
  };
}

// AIDE-family journals do not record the operator: it follows from the parent (none: draft; buggy: debug;
// valid: improve), exactly as AIDE's search policy chose it.
function withDerivedOperators(nodes: TrajectoryNode[]): TrajectoryNode[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  return nodes.map((node) => {
    if (node.operators.length > 0) return node;
    const parent = node.parentIds[0] === undefined ? undefined : byId.get(node.parentIds[0]);
    const operator = parent === undefined ? 'draft' : isValidNode(parent) ? 'improve' : 'debug';
    return { ...node, operators: [operator] };
  });
}
