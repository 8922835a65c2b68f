import { DuplicateNodeIdError } from '../errors/duplicate-node-id-error.js';
import { ParentCycleError } from '../errors/parent-cycle-error.js';
import { UnknownParentError } from '../errors/unknown-parent-error.js';
import type { Episode } from './episode.js';
import type { InfeasibleAttempt } from './infeasible-attempt.js';
import type { TrajectoryNode } from './trajectory-node.js';

/** How to treat parent ids that point at no node of the trajectory. */
export type DanglingParentPolicy = 'error' | 'root';

/** What `segmentEpisodes` needs besides the nodes. */
export interface SegmentEpisodesOptions {
  readonly runId: string;
  /** The file the nodes came from, for error messages. */
  readonly file: string;
  readonly nodes: readonly TrajectoryNode[];
  /** Direction to assume when a valid node does not say (falls back to the run's majority). */
  readonly maximize: boolean;
  /** `root`: a parent outside the trajectory makes the node a root (OpenEvolve checkpoints keep only part of the tree). */
  readonly danglingParents?: DanglingParentPolicy;
}

/** The episodes and infeasible attempts of one run. */
export interface Segmentation {
  readonly episodes: Episode[];
  readonly infeasibleAttempts: InfeasibleAttempt[];
}

/** A node is valid when it is not buggy and its score is a finite number. */
export function isValidNode(node: TrajectoryNode): boolean {
  return !node.isBuggy && node.score !== null && Number.isFinite(node.score);
}

/**
 * Cuts a run's nodes into episodes as the paper's §3.1 and `shared/data/README.md` define them: every valid node
 * ends one episode, which began at the first node reached by walking up through invalid ancestors; the
 * episode's plan is that node's plan and its code the valid node's. Chains that never turn valid become
 * infeasible attempts. Throws on duplicate ids, unknown parents and parent cycles.
 */
export function segmentEpisodes(options: SegmentEpisodesOptions): Segmentation {
  const { runId, file, nodes } = options;
  const byId = indexNodes(nodes, file);
  const parentOf = primaryParents(nodes, byId, file, options.danglingParents ?? 'error');
  checkForCycles(nodes, parentOf, byId, file);

  const ordered = [...nodes].sort((left, right) => left.step - right.step);
  const episodes: Episode[] = [];
  const startsWithEpisode = new Set<string>();
  for (const node of ordered) {
    if (!isValidNode(node)) continue;
    const chain = [node];
    let ancestor = parentOf.get(node.id);
    while (ancestor !== undefined && !isValidNode(ancestor)) {
      chain.unshift(ancestor);
      ancestor = parentOf.get(ancestor.id);
    }
    const first = chain[0] ?? node;
    startsWithEpisode.add(first.id);
    episodes.push({
      id: node.id,
      runId,
      index: episodes.length,
      steps: { first: first.step, last: node.step },
      plan: first.plan,
      code: node.code,
      summary: node.summary,
      score: node.score as number,
      maximize: node.maximize ?? options.maximize,
      failedAttempts: chain.length - 1,
      parentEpisodeId: ancestor?.id ?? null,
      otherParentEpisodeIds: first.parentIds.slice(1).filter((id) => byId.has(id) && isValidNode(byId.get(id)!)),
      timestamps: { start: first.createdAt, end: node.createdAt },
      nodeIds: chain.map((member) => member.id),
      operators: [...first.operators],
      flags: [...node.flags],
      metadata: { ...node.metadata },
    });
  }
  return { episodes, infeasibleAttempts: infeasibleAttempts(ordered, parentOf, startsWithEpisode, runId) };
}

function indexNodes(nodes: readonly TrajectoryNode[], file: string): Map<string, TrajectoryNode> {
  const byId = new Map<string, TrajectoryNode>();
  for (const node of nodes) {
    if (byId.has(node.id)) {
      throw new DuplicateNodeIdError({
        file,
        location: node.location,
        nodeId: node.id,
        reason: `duplicate node id "${node.id}" (first seen at ${byId.get(node.id)?.location})`,
      });
    }
    byId.set(node.id, node);
  }
  return byId;
}

function primaryParents(
  nodes: readonly TrajectoryNode[],
  byId: ReadonlyMap<string, TrajectoryNode>,
  file: string,
  dangling: DanglingParentPolicy,
): Map<string, TrajectoryNode> {
  const parentOf = new Map<string, TrajectoryNode>();
  for (const node of nodes) {
    for (const [position, parentId] of node.parentIds.entries()) {
      const parent = byId.get(parentId);
      if (parent === undefined) {
        if (dangling === 'root') continue;
        throw new UnknownParentError({
          file,
          location: node.location,
          nodeId: node.id,
          parentId,
          reason: `node "${node.id}" names parent "${parentId}", which is not in the trajectory`,
        });
      }
      if (position === 0) parentOf.set(node.id, parent);
    }
  }
  return parentOf;
}

function checkForCycles(
  nodes: readonly TrajectoryNode[],
  parentOf: ReadonlyMap<string, TrajectoryNode>,
  byId: ReadonlyMap<string, TrajectoryNode>,
  file: string,
): void {
  // Colour each node once: done nodes are known to reach a root, so every walk stops at the first one.
  const done = new Set<string>();
  for (const start of nodes) {
    const path: string[] = [];
    const onPath = new Set<string>();
    let current: TrajectoryNode | undefined = start;
    while (current !== undefined && !done.has(current.id)) {
      if (onPath.has(current.id)) {
        const cycle = path.slice(path.indexOf(current.id));
        throw new ParentCycleError({
          file,
          location: byId.get(current.id)?.location ?? null,
          cycle,
          reason: `parent cycle ${[...cycle, current.id].map((id) => `"${id}"`).join(' -> ')}`,
        });
      }
      path.push(current.id);
      onPath.add(current.id);
      current = parentOf.get(current.id);
    }
    for (const id of path) done.add(id);
  }
}

function infeasibleAttempts(
  ordered: readonly TrajectoryNode[],
  parentOf: ReadonlyMap<string, TrajectoryNode>,
  startsWithEpisode: ReadonlySet<string>,
  runId: string,
): InfeasibleAttempt[] {
  // An invalid node starts an attempt when its parent is missing or valid (a new plan); its invalid
  // descendants belong to that attempt.
  const attemptOf = new Map<string, TrajectoryNode[]>();
  const startOf = new Map<string, TrajectoryNode>();
  const findStart = (node: TrajectoryNode): TrajectoryNode => {
    const known = startOf.get(node.id);
    if (known !== undefined) return known;
    const parent = parentOf.get(node.id);
    const start = parent === undefined || isValidNode(parent) ? node : findStart(parent);
    startOf.set(node.id, start);
    return start;
  };
  for (const node of ordered) {
    if (isValidNode(node)) continue;
    const start = findStart(node);
    const members = attemptOf.get(start.id) ?? [];
    members.push(node);
    attemptOf.set(start.id, members);
  }
  const attempts: InfeasibleAttempt[] = [];
  for (const [startId, members] of attemptOf) {
    if (startsWithEpisode.has(startId)) continue;
    const first = members.find((member) => member.id === startId) ?? members[0]!;
    const last = members[members.length - 1]!;
    const parent = parentOf.get(startId);
    attempts.push({
      id: startId,
      runId,
      plan: first.plan,
      steps: { first: first.step, last: last.step },
      nodeIds: members.map((member) => member.id),
      parentEpisodeId: parent?.id ?? null,
    });
  }
  return attempts;
}
