import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandTrajectoryInputs, importTrajectory } from '../../../adapters/trajectory/index.js';
import { readEpisodesJsonl, runToJsonLines, type Run } from '../../../src/index.js';
import { hasSharedData, sharedDataPath } from '../../support/shared-data.js';
import { useTemporaryDirectory } from '../../support/temporary-directory.js';

interface Source {
  readonly file: string;
  readonly format: string;
  readonly episodes: number;
}

function readSources(): Source[] {
  const [, ...rows] = readFileSync(sharedDataPath('trajectories', 'SOURCES.tsv'), 'utf8').trim().split('\n');
  return rows.map((row) => {
    const cells = row.split('\t');
    return { file: cells[0]!.replace(/\/$/, ''), format: cells[1]!, episodes: Number(cells[5]) };
  });
}

describe.skipIf(!hasSharedData)('the shared trajectories (../shared/data/trajectories)', () => {
  const sources = hasSharedData ? readSources() : [];
  const directory = useTemporaryDirectory();
  const runs = new Map<string, Run>();

  it('lists 37 inputs when the directory is expanded', async () => {
    const inputs = await expandTrajectoryInputs([sharedDataPath('trajectories')]);
    expect(inputs).toHaveLength(37);
    expect(sources).toHaveLength(37);
  });

  it.each(sources.map((source) => [source.file, source] as const))(
    '%s imports with the episode count of SOURCES.tsv',
    async (_name, source) => {
      const imported = await importTrajectory(sharedDataPath('trajectories', source.file));
      expect(imported).toHaveLength(1);
      const run = imported[0]!;
      runs.set(source.file, run);
      expect(run.source.format).toBe(source.format);
      expect(run.episodes).toHaveLength(source.episodes);
      expect(run.episodes.map((episode) => episode.index)).toEqual(run.episodes.map((_, index) => index));
      for (const episode of run.episodes) expect(Number.isFinite(episode.score)).toBe(true);
    },
  );

  it('reads the AIRA-dojo smoke run as 0 episodes and 5 infeasible drafts with their debug chains', async () => {
    const [run] = await importTrajectory(sharedDataPath('trajectories', 'aira-dojo-random-acts-of-pizza.journal.jsonl'));
    expect(run!.episodes).toHaveLength(0);
    expect(run!.infeasibleAttempts).toHaveLength(5);
    expect(run!.nodeCount).toBe(9);
    expect(run!.infeasibleAttempts.map((attempt) => attempt.nodeIds.length).sort()).toEqual([1, 1, 2, 2, 3]);
    expect(run!.infeasibleAttempts.every((attempt) => attempt.parentEpisodeId === null)).toBe(true);
  });

  it('marks AI-Scientist-v2 seed re-runs', async () => {
    const [run] = await importTrajectory(sharedDataPath('trajectories', 'aisv2-eli-lilly-lnp-s4.journal.json'));
    expect(run!.episodes.filter((episode) => episode.flags.includes('seed')).length).toBeGreaterThan(0);
  });

  it('lets the user name the AI-Scientist-v2 metric and respects its lower_is_better', async () => {
    const file = sharedDataPath('trajectories', 'aisv2-gradient-cluster-s2.journal.json');
    const [byAccuracy] = await importTrajectory(file, { metricName: 'train accuracy' });
    expect(byAccuracy!.metric).toEqual({ name: 'train accuracy', maximize: true });
    const [byLoss] = await importTrajectory(file, { metricName: 'TRAIN LOSS' });
    expect(byLoss!.metric).toEqual({ name: 'train loss', maximize: false });
    expect(byLoss!.episodes.map((episode) => episode.score)).not.toEqual(byAccuracy!.episodes.map((episode) => episode.score));
  });

  it('gives OpenEvolve programs their changes as plan and makes parents outside the checkpoint roots', async () => {
    const [run] = await importTrajectory(sharedDataPath('trajectories', 'openevolve-metagpt-evolution-checkpoint-100'));
    expect(run!.metric).toEqual({ name: 'combined_score', maximize: true });
    const iterations = run!.episodes.map((episode) => episode.metadata.iterationFound as number);
    expect(iterations).toEqual([...iterations].sort((left, right) => left - right));
    expect(run!.episodes.filter((episode) => episode.parentEpisodeId === null).length).toBe(12);
    expect(run!.episodes.some((episode) => episode.plan === 'Full rewrite')).toBe(true);
  });

  it("round-trips every shared run through boden's JSON lines losslessly", async () => {
    expect(runs.size).toBe(sources.length);
    for (const [name, run] of runs) {
      const file = join(directory, `${name}.jsonl`);
      writeFileSync(file, `${[...runToJsonLines(run)].join('\n')}\n`);
      const [stored, ...rest] = await readEpisodesJsonl(file);
      expect(rest).toEqual([]);
      expect(stored!.run).toEqual(run);
      const [viaDetection] = await importTrajectory(file);
      expect(viaDetection).toEqual(run);
    }
  });
});
