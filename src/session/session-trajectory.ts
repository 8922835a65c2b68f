import type { Run } from '../episode/run.js';
import { segmentEpisodes } from '../episode/segment-episodes.js';
import type { TrajectoryNode } from '../episode/trajectory-node.js';
import type { Direction, SessionNode, SessionOutcome } from './shaping-session-spec.js';

/** A node of a served run as the host reported it: its fields, its arrival order, and its outcome once observed. */
export interface SessionTrajectoryNode {
  readonly node: SessionNode;
  /** 0 for the first node the run heard of (admitted or observed), then 1, 2, ... */
  readonly step: number;
  readonly outcome?: SessionOutcome;
}

/** The host's metric as the run knows it: its direction (null: never said, read as maximised) and name. */
export interface SessionObjective {
  readonly direction: Direction | null;
  readonly name: string | null;
}

/**
 * The observed nodes of a served run cut into episodes, like an imported trajectory: the same segmentation `boden
 * score` applies to AIDE or AIRA-dojo journals, so a served run and an offline one are measured alike. Nodes never
 * observed (pending or rejected by the gate) are left out, and a parent the run never observed makes its child a
 * draft. The score is the host's `value` in its own units, with the run's direction (an RMSE task exports as
 * minimised, with its real values), and the metric is named as the run's objective names it (default `value`).
 */
export function sessionTrajectory(
  runId: string,
  nodes: Iterable<SessionTrajectoryNode>,
  objective: SessionObjective = { direction: null, name: null },
): Run {
  const maximize = objective.direction !== 'minimize';
  const observed: TrajectoryNode[] = [];
  for (const { node, step, outcome } of nodes) {
    if (outcome === undefined) continue;
    const score = outcome.valid && typeof outcome.value === 'number' ? outcome.value : null;
    observed.push({
      id: node.id,
      step,
      parentIds: node.parents ?? [],
      plan: node.plan,
      code: node.code,
      summary: null,
      isBuggy: !outcome.valid,
      score,
      maximize,
      createdAt: null,
      operators: node.operator === undefined ? [] : [node.operator],
      flags: [],
      metadata: {},
      location: `node ${node.id}`,
    });
  }
  const path = `boden-serve:${runId}`;
  const { episodes, infeasibleAttempts } = segmentEpisodes({ runId, file: path, nodes: observed, maximize, danglingParents: 'root' });
  return {
    id: runId,
    source: { path, format: 'boden-episodes-jsonl' },
    metric: { name: objective.name ?? 'value', maximize },
    nodeCount: observed.length,
    episodes,
    infeasibleAttempts,
  };
}
