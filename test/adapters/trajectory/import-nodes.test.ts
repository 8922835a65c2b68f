import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importTrajectory } from '../../../adapters/trajectory/index.js';
import type { TrajectoryNode } from '../../../src/index.js';
import { useTemporaryDirectory } from '../../support/temporary-directory.js';

const directory = useTemporaryDirectory();

describe('importTrajectory onNodes', () => {
  it('hands over the normalised nodes before segmentation: buggy ones and debug operators included', async () => {
    const file = join(directory, 'run.journal.json');
    const node = (id: string, step: number, value: number | null) => ({
      id,
      step,
      plan: `plan ${id}`,
      code: `code ${id}`,
      is_buggy: value === null,
      metric: { value, maximize: true },
    });
    writeFileSync(
      file,
      JSON.stringify({
        nodes: [node('a', 0, 0.5), node('b', 1, null), node('c', 2, 0.7)],
        node2parent: { b: 'a', c: 'b' },
        __version: '2',
      }),
    );
    let nodes: readonly TrajectoryNode[] = [];
    const [run] = await importTrajectory(file, { onNodes: (normalised) => void (nodes = normalised) });
    expect(nodes.map((each) => [each.id, each.isBuggy, each.parentIds, each.operators])).toEqual([
      ['a', false, [], ['draft']],
      ['b', true, ['a'], ['improve']],
      ['c', false, ['b'], ['debug']],
    ]);
    expect(run!.nodeCount).toBe(nodes.length);
    // The buggy node is folded into the episode that ends at c: two episodes, three nodes.
    expect(run!.episodes.map((episode) => episode.id)).toEqual(['a', 'c']);
  });
});
