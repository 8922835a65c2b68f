import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPackingEvaluator } from '../../../bench/packing/packing-evaluator.js';
import { loadPackingTaskCard, packingTaskName } from '../../../bench/packing/packing-task-card.js';
import { runPackingRun } from '../../../bench/packing/run-packing-run.js';
import { BenchRunRecordSchema } from '../../../bench/runner/index.js';
import { runSweep } from '../../../bench/sweep/run-sweep.js';
import { SweepResultsError } from '../../../bench/sweep/sweep-results-error.js';
import { InvalidArgumentError } from '../../../src/errors/invalid-argument-error.js';
import { InvalidFieldError } from '../../../src/errors/invalid-field-error.js';
import { useTemporaryDirectory } from '../../support/temporary-directory.js';

const directory = useTemporaryDirectory('boden-packing-');

describe('circle packing as a bench task', () => {
  it('ships a card whose ceiling table is deceptive: every construction path below the optimisation paths', async () => {
    const card = await loadPackingTaskCard();
    expect(card.task).toBe(packingTaskName);
    const constructions = Object.entries(card.paradigmBest).filter(([path]) => !path.startsWith('optimiser') && !path.endsWith('+polish'));
    const optimisation = Object.entries(card.paradigmBest).filter(([path]) => path.startsWith('optimiser') || path.endsWith('+polish'));
    expect(constructions.length).toBeGreaterThanOrEqual(8);
    expect(Math.max(...constructions.map(([, entry]) => entry.best))).toBeLessThan(
      Math.min(...optimisation.map(([, entry]) => entry.best)) - 0.3,
    );
    expect(card.medals.gold).toBeLessThanOrEqual(card.top1);
  });

  it('names the field of a broken card', async () => {
    const file = join(directory, 'card.json');
    await writeFile(file, JSON.stringify({ ...(await loadPackingTaskCard()), baseline: 'low' }));
    await expect(loadPackingTaskCard(file)).rejects.toThrow(InvalidFieldError);
    await expect(loadPackingTaskCard(file)).rejects.toThrow(/\$\.baseline/);
  });

  it('records a run that validates, the same on a rerun, and wrapping at strength 0 selects as unshaped does', async () => {
    const task = await loadPackingTaskCard();
    const run = (alwaysWrap: boolean) =>
      runPackingRun({
        task,
        policy: 'aide',
        arm: { strength: 0, schedule: 'none' },
        seed: 3,
        episodes: 12,
        evaluator: createPackingEvaluator(),
        alwaysWrap,
        clock: () => 0,
      });
    const record = await run(false);
    expect(BenchRunRecordSchema.safeParse(record).success).toBe(true);
    expect(record.episodes).toHaveLength(12);
    expect(record.bestScore).toBeGreaterThan(task.baseline);
    expect(await run(false)).toEqual(record);
    const wrapped = await run(true);
    expect(wrapped.shaped).toBe(true);
    expect(wrapped.episodes.map((episode) => episode.configKey)).toEqual(record.episodes.map((episode) => episode.configKey));
  });

  it('holds the measured effect in miniature: on seeds 1-4 (AIDE, 40 episodes) the adaptive schedule finds optimisation where unshaped runs stay with constructions', async () => {
    const task = await loadPackingTaskCard();
    const evaluator = createPackingEvaluator();
    const best = async (schedule: 'none' | 'adaptive', seed: number) =>
      (await runPackingRun({ task, policy: 'aide', arm: { strength: 0, schedule }, seed, episodes: 40, evaluator, clock: () => 0 }))
        .bestScore!;
    const unshaped: number[] = [];
    const adaptive: number[] = [];
    for (const seed of [1, 2, 3, 4]) {
      unshaped.push(await best('none', seed));
      adaptive.push(await best('adaptive', seed));
    }
    // The sweep's result (bench/results/circle-packing-26/v2): constructions stop below 2.2, optimisation passes 2.6.
    expect(adaptive.every((score) => score > 2.6)).toBe(true);
    expect(unshaped.filter((score) => score < 2.2).length).toBeGreaterThanOrEqual(2);
  }, 180_000);

  it('runs in a sweep from another first seed, records its compliance, and refuses a changed compliance on resume', async () => {
    const out = join(directory, 'sweep');
    const options = {
      tasks: [packingTaskName],
      policies: ['aide' as const, 'mcts' as const],
      arms: ['unshaped', 'bonus-1'],
      seeds: 2,
      firstSeed: 101,
      episodes: 6,
      out,
      workers: 1,
      directiveCompliance: 0,
    };
    const result = await runSweep(options);
    expect(result.records.map((record) => `${record.task}/${record.policy}/${record.seed}`)).toEqual([
      `${packingTaskName}/aide/101`,
      `${packingTaskName}/aide/101`,
      `${packingTaskName}/mcts/101`,
      `${packingTaskName}/mcts/101`,
      `${packingTaskName}/aide/102`,
      `${packingTaskName}/aide/102`,
      `${packingTaskName}/mcts/102`,
      `${packingTaskName}/mcts/102`,
    ]);
    expect(result.evaluator.evaluated).toBeGreaterThan(0);
    expect(JSON.parse(await readFile(join(out, 'sweep.json'), 'utf8'))).toMatchObject({ directiveCompliance: 0 });
    await expect(runSweep({ ...options, directiveCompliance: 0.9 })).rejects.toThrow(SweepResultsError);
    await expect(runSweep({ ...options, directiveCompliance: 0.9 })).rejects.toThrow(
      /directive compliance 0, not directive compliance 0\.9/,
    );
    await expect(
      runSweep({ ...options, out: join(directory, 'llm'), directiveCompliance: undefined, agent: { kind: 'llm', model: 'm' } }),
    ).rejects.toThrow(InvalidArgumentError);
    // The agent's bug rate and debug success likewise: recorded, refused when changed, and they reach the agent.
    const buggy = { ...options, out: join(directory, 'buggy'), bugRate: 0.5, debugSuccess: 0.2 };
    const buggyRuns = await runSweep(buggy);
    expect(JSON.parse(await readFile(join(buggy.out, 'sweep.json'), 'utf8'))).toMatchObject({
      directiveCompliance: 0,
      bugRate: 0.5,
      debugSuccess: 0.2,
    });
    const share = (records: typeof buggyRuns.records) =>
      records.flatMap((record) => record.episodes).filter((episode) => episode.status === 'buggy').length /
      records.flatMap((record) => record.episodes).length;
    expect(share(buggyRuns.records)).toBeGreaterThan(share(result.records));
    await expect(runSweep({ ...buggy, bugRate: 0.3 })).rejects.toThrow(/bug rate 0\.5, not bug rate 0\.3/);
    await expect(runSweep({ ...buggy, debugSuccess: undefined })).rejects.toThrow(
      /debug success 0\.2, not the agent's default debug success/,
    );
    await expect(
      runSweep({
        ...options,
        out: join(directory, 'llm'),
        directiveCompliance: undefined,
        bugRate: 0.3,
        agent: { kind: 'llm', model: 'm' },
      }),
    ).rejects.toThrow(/only the simulated agent \(and the scripted model\) has a bug rate/);
    // The agent's profile: v2 unless asked, recorded, refused when changed; a manifest from before profiles is v1's.
    expect(JSON.parse(await readFile(join(out, 'sweep.json'), 'utf8'))).toMatchObject({ agentProfile: 'v2' });
    await expect(runSweep({ ...options, agentProfile: 'v1' })).rejects.toThrow(/profile v2, not v1; pass --agent-profile v2/);
    const old = { ...options, out: join(directory, 'old') };
    const oldRuns = await runSweep({ ...old, agentProfile: 'v1' });
    const manifestPath = join(old.out, 'sweep.json');
    const { agentProfile: _recorded, ...manifest } = JSON.parse(await readFile(manifestPath, 'utf8'));
    await writeFile(manifestPath, JSON.stringify(manifest));
    await expect(runSweep(old)).rejects.toThrow(/profile v1, not v2/);
    expect((await runSweep({ ...old, agentProfile: 'v1' })).records).toEqual(oldRuns.records);
    // The two profiles make different runs from the same seeds.
    expect(oldRuns.records.map((record) => record.episodes)).not.toEqual(result.records.map((record) => record.episodes));
  }, 120_000);
});
