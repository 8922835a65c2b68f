import { describe, expect, it } from 'vitest';
import { DuplicateNodeIdError, ParentCycleError, UnknownParentError, segmentEpisodes, type TrajectoryNode } from '../../src/index.js';

function node(id: string, step: number, parent: string | null, score: number | null, extra: Partial<TrajectoryNode> = {}): TrajectoryNode {
  return {
    id,
    step,
    parentIds: parent === null ? [] : [parent],
    plan: `plan of ${id}`,
    code: `code of ${id}`,
    summary: null,
    isBuggy: score === null,
    score,
    maximize: true,
    createdAt: 1000 + step,
    operators: [],
    flags: [],
    metadata: {},
    location: `$.nodes[${step}]`,
    ...extra,
  };
}

const segment = (nodes: TrajectoryNode[]) => segmentEpisodes({ runId: 'run', file: 'run.json', nodes, maximize: true });

describe('segmentEpisodes', () => {
  it('folds buggy ancestors into the episode: plan of the first node, code of the valid one', () => {
    const { episodes, infeasibleAttempts } = segment([
      node('draft', 0, null, null),
      node('debug-1', 1, 'draft', null),
      node('debug-2', 2, 'debug-1', 0.7),
    ]);
    expect(episodes).toHaveLength(1);
    expect(episodes[0]).toMatchObject({
      id: 'debug-2',
      index: 0,
      plan: 'plan of draft',
      code: 'code of debug-2',
      failedAttempts: 2,
      parentEpisodeId: null,
      steps: { first: 0, last: 2 },
      nodeIds: ['draft', 'debug-1', 'debug-2'],
      timestamps: { start: 1000, end: 1002 },
    });
    expect(infeasibleAttempts).toEqual([]);
  });

  it('starts a new episode at an improvement of a valid node and records what it builds on', () => {
    const { episodes } = segment([node('a', 0, null, 0.5), node('b', 1, 'a', 0.6), node('c', 2, 'b', null), node('d', 3, 'c', 0.65)]);
    expect(episodes.map((episode) => [episode.id, episode.parentEpisodeId, episode.failedAttempts, episode.plan])).toEqual([
      ['a', null, 0, 'plan of a'],
      ['b', 'a', 0, 'plan of b'],
      ['d', 'b', 1, 'plan of c'],
    ]);
  });

  it("orders episodes by the ending node's step, not by input order", () => {
    const { episodes } = segment([node('late', 5, null, 0.1), node('early', 1, null, 0.2)]);
    expect(episodes.map((episode) => [episode.id, episode.index])).toEqual([
      ['early', 0],
      ['late', 1],
    ]);
  });

  it('keeps chains that never turn valid as infeasible attempts', () => {
    const { episodes, infeasibleAttempts } = segment([
      node('ok', 0, null, 0.5),
      node('dead-draft', 1, null, null),
      node('dead-debug', 2, 'dead-draft', null),
      node('dead-improve', 3, 'ok', null),
    ]);
    expect(episodes.map((episode) => episode.id)).toEqual(['ok']);
    expect(infeasibleAttempts).toEqual([
      {
        id: 'dead-draft',
        runId: 'run',
        plan: 'plan of dead-draft',
        steps: { first: 1, last: 2 },
        nodeIds: ['dead-draft', 'dead-debug'],
        parentEpisodeId: null,
      },
      {
        id: 'dead-improve',
        runId: 'run',
        plan: 'plan of dead-improve',
        steps: { first: 3, last: 3 },
        nodeIds: ['dead-improve'],
        parentEpisodeId: 'ok',
      },
    ]);
  });

  it('treats non-finite and missing scores and non-buggy nodes without a score as invalid', () => {
    const { episodes, infeasibleAttempts } = segment([
      node('no-score', 0, null, null, { isBuggy: false }),
      node('nan', 1, null, Number.NaN, { isBuggy: false }),
      node('valid', 2, 'no-score', 1),
    ]);
    expect(episodes.map((episode) => [episode.id, episode.failedAttempts])).toEqual([['valid', 1]]);
    expect(infeasibleAttempts.map((attempt) => attempt.id)).toEqual(['nan']);
  });

  it('records crossover parents beyond the first', () => {
    const { episodes } = segment([node('a', 0, null, 1), node('b', 1, null, 2), node('child', 2, 'a', 3, { parentIds: ['a', 'b'] })]);
    expect(episodes[2]).toMatchObject({ parentEpisodeId: 'a', otherParentEpisodeIds: ['b'] });
  });

  it('rejects duplicate ids, naming the id and both places', () => {
    const act = () => segment([node('x', 0, null, 1), node('x', 1, null, 2)]);
    expect(act).toThrow(DuplicateNodeIdError);
    expect(act).toThrow(/run\.json at \$\.nodes\[1\]: duplicate node id "x" \(first seen at \$\.nodes\[0\]\)/);
  });

  it('rejects an unknown parent, or makes the node a root when told to', () => {
    const nodes = [node('orphan', 0, 'missing', 1)];
    try {
      segment(nodes);
      expect.unreachable();
    } catch (error) {
      expect(UnknownParentError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ nodeId: 'orphan', parentId: 'missing', file: 'run.json', location: '$.nodes[0]' });
    }
    const { episodes } = segmentEpisodes({ runId: 'run', file: 'f', nodes, maximize: true, danglingParents: 'root' });
    expect(episodes[0]?.parentEpisodeId).toBeNull();
  });

  it('rejects a parent cycle and names the nodes on it', () => {
    try {
      segment([node('root', 0, null, 1), node('a', 1, 'c', 1), node('b', 2, 'a', null), node('c', 3, 'b', 2)]);
      expect.unreachable();
    } catch (error) {
      expect(ParentCycleError.isInstance(error)).toBe(true);
      expect([...(error as ParentCycleError).cycle].sort()).toEqual(['a', 'b', 'c']);
      expect((error as Error).message).toMatch(/parent cycle/);
    }
  });

  it("uses each node's own direction and falls back to the run's", () => {
    const { episodes } = segment([node('a', 0, null, 1, { maximize: false }), node('b', 1, null, 2, { maximize: null })]);
    expect(episodes.map((episode) => episode.maximize)).toEqual([false, true]);
  });
});
