import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCorpus, openCorpus } from '../../src/corpus/index.js';
import { hasSharedData, sharedDataPath } from '../support/shared-data.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';
import { trajectoryReader } from '../../adapters/trajectory/index.js';

if (!hasSharedData) console.warn('[boden tests] test/corpus/shared-trajectories-corpus: ../shared/data/trajectories is absent, skipped.');

describe.skipIf(!hasSharedData)('a corpus built from ../shared/data/trajectories', () => {
  const directory = useTemporaryDirectory('boden-corpus-shared-');

  it('turns every episode into a solution, reports unreadable files, and finds an episode itself', async () => {
    const out = join(directory, 'corpus');
    const { corpus, added, skipped } = await buildCorpus({
      trajectories: trajectoryReader,
      inputs: [sharedDataPath('trajectories')],
      task: 'shared-trajectories',
      out,
    });
    expect(added.length).toBeGreaterThan(100);
    expect(added.every((entry) => entry.origin === 'trajectory' && entry.id.includes('/'))).toBe(true);
    // SOURCES.tsv is not a solution; it is reported, like any file that is neither a solution nor a trajectory.
    expect(skipped.map((item) => item.file)).toContain(sharedDataPath('trajectories', 'SOURCES.tsv'));
    expect(corpus.manifest?.counts.byOrigin.trajectory).toBe(added.length);

    const reopened = await openCorpus(out);
    expect(reopened.size).toBe(corpus.size);
    const withTechniques = added.find((entry) => !entry.summary.startsWith('approach:'))!;
    const hits = await reopened.search({ plan: withTechniques.summary, code: '' }, 5);
    expect(hits[0]!.similarity).toBeCloseTo(1, 4);
    expect(hits.map((hit) => hit.entry.summary)).toContain(withTechniques.summary);
  }, 180_000);
});
