import { describe, expect, it } from 'vitest';
import { InvalidOptionsError } from '../../src/errors/invalid-options-error.js';
import type { Judge, JudgeInput } from '../../src/judges/judge.js';
import type { JudgeVerdict } from '../../src/judges/judge-verdict.js';
import { createNoveltyScorer, type NoveltyScorer } from '../../src/scoring/novelty-scorer.js';
import { functionNoveltySource } from '../../src/shaping/function-novelty-source.js';
import { judgeNoveltySource } from '../../src/shaping/judge-novelty-source.js';
import { importTrajectory } from '../../adapters/trajectory/index.js';
import { judgeRun, RubricJudge, scoreRunNovelty } from '../../src/index.js';
import { scorerNoveltySource } from '../../src/shaping/scorer-novelty-source.js';

const lightgbm = {
  id: 'a',
  plan: 'Train a LightGBM model with 5-fold cross-validation.',
  code: 'import lightgbm as lgb\nmodel = lgb.LGBMRegressor()',
};
const again = { id: 'b', plan: lightgbm.plan, code: `${lightgbm.code}\n` };
const cnn = {
  id: 'c',
  plan: 'Fine-tune a pretrained ResNet with augmentation.',
  code: 'import torchvision\nmodel = torchvision.models.resnet18()',
};

/** A scorer that counts its calls. */
function countingScorer(): NoveltyScorer & { scored: string[]; observed: string[] } {
  const inner = createNoveltyScorer({ runId: 'run' });
  const scored: string[] = [];
  const observed: string[] = [];
  return Object.assign(Object.create(inner) as NoveltyScorer, {
    runId: inner.runId,
    metricIds: inner.metricIds,
    events: inner.events,
    scored,
    observed,
    score: (node: Parameters<NoveltyScorer['score']>[0]) => {
      scored.push(node.id);
      return inner.score(node);
    },
    observe: (node: Parameters<NoveltyScorer['observe']>[0], outcome: Parameters<NoveltyScorer['observe']>[1]) => {
      observed.push(node.id);
      return inner.observe(node, outcome);
    },
  });
}

describe('scorerNoveltySource', () => {
  it('reads one metric of the scorer, with its concepts and nearest episodes', async () => {
    const scorer = createNoveltyScorer({ runId: 'run' });
    const source = scorerNoveltySource({ scorer });
    expect(source.id).toBe('nearest-neighbour');
    expect((await source.assess(lightgbm)).novelty).toBe(1);
    await source.observe(lightgbm, { valid: true });
    const duplicate = await source.assess(again);
    expect(duplicate.novelty).toBeLessThan(0.01);
    expect(duplicate.nearest).toEqual(['a']);
    expect(duplicate.concepts).toContain('lightgbm');
    expect(source.assessment('b')).toBe(duplicate);
  });

  it('scores and observes each node once however many sources and middleware share the scorer', async () => {
    const scorer = countingScorer();
    const nearest = scorerNoveltySource({ scorer });
    const concepts = scorerNoveltySource({ scorer, metric: 'concept-set' });
    for (const node of [lightgbm, cnn]) {
      const [first, second] = await Promise.all([nearest.assess(node), concepts.assess(node), nearest.assess(node)]);
      expect(first?.id).toBe(second?.id);
      await nearest.observe(node, { valid: true });
      await concepts.observe(node, { valid: true });
      await nearest.observe(node, { valid: true });
    }
    expect(scorer.scored).toEqual(['a', 'c']);
    expect(scorer.observed).toEqual(['a', 'c']);
    expect(concepts.assessment('c')?.novelty).toBe(1);
  });

  it('names an unknown metric in the error', () => {
    const scorer = createNoveltyScorer({ runId: 'run' });
    expect(() => scorerNoveltySource({ scorer, metric: 'vibes' })).toThrowError(InvalidOptionsError);
    expect(() => scorerNoveltySource({ scorer, metric: 'vibes' })).toThrowError(/metric: the scorer has no metric "vibes"/);
  });
});

describe('judgeNoveltySource', () => {
  const verdict = (score: number): JudgeVerdict => ({
    score,
    label: 'Routine',
    modes: [],
    rationale: 'test',
    confidence: 1,
    judge: 'scripted',
  });

  it("maps the judge's 0-4 score to [0, 1] against the run's valid episodes so far", async () => {
    const inputs: JudgeInput[] = [];
    const judge: Judge = {
      specificationVersion: 'v1',
      id: 'scripted',
      judge: async (input) => {
        inputs.push(input);
        return verdict(input.episode.id === 'c' ? 4 : 1);
      },
    };
    const source = judgeNoveltySource({ judge, runId: 'run-7' });
    expect(source.id).toBe('judge:scripted');
    expect((await source.assess(lightgbm)).novelty).toBe(0.25);
    await source.observe(lightgbm, { valid: true });
    await source.observe(again, { valid: false });
    expect((await source.assess(cnn)).novelty).toBe(1);
    expect(inputs[1]?.runId).toBe('run-7');
    expect(inputs[1]?.earlier.map((episode) => episode.id)).toEqual(['a']);
  });

  it("gives the judge the scorer's metrics as evidence: online verdicts are the offline ones (judgeRun with scoreRunNovelty's scores)", async () => {
    const [run] = await importTrajectory('examples/aide-tabular-run.journal.json');
    // What an online host knows of a node: its id, plan and code (no parent episode, no seed flags, no summary).
    const episodes = run!.episodes.map((episode) => ({ ...episode, summary: null, parentEpisodeId: null, flags: [], metadata: {} }));
    const offlineRun = { id: run!.id, episodes };
    const { scores } = await scoreRunNovelty(offlineRun);
    const offline = await judgeRun(offlineRun, new RubricJudge(), {
      novelty: new Map([...scores].map(([id, score]) => [id, score.scores])),
    });
    const inputs: JudgeInput[] = [];
    const rubric = new RubricJudge();
    const recording: Judge = { specificationVersion: 'v1', id: rubric.id, judge: (input) => (inputs.push(input), rubric.judge(input)) };
    const source = judgeNoveltySource({ judge: recording, runId: run!.id });
    const online: number[] = [];
    for (const episode of episodes) {
      const node = { id: episode.id, plan: episode.plan, code: episode.code };
      online.push((await source.assess(node)).novelty! * 4);
      await source.observe(node, { valid: true });
    }
    expect(episodes.length).toBeGreaterThan(5);
    expect(online).toEqual(episodes.map((episode) => offline.get(episode.id)!.score));
    expect(Object.keys(inputs.at(-1)!.novelty ?? {})).toEqual(expect.arrayContaining(['nearest-neighbour']));
  });

  it('degrades a throwing judge to an unknown novelty', async () => {
    const judge: Judge = { specificationVersion: 'v1', id: 'broken', judge: async () => Promise.reject(new Error('HTTP 500')) };
    const assessment = await judgeNoveltySource({ judge }).assess(lightgbm);
    expect(assessment.novelty).toBeUndefined();
    expect((assessment.error as Error).message).toBe('HTTP 500');
  });
});

describe('functionNoveltySource', () => {
  it('clamps to [0, 1], treats NaN as unknown and forwards outcomes once', async () => {
    const outcomes: string[] = [];
    const values: Record<string, number> = { a: 1.5, b: Number.NaN, c: -2 };
    const source = functionNoveltySource({
      id: 'host',
      novelty: (node) => values[node.id],
      observe: (node) => void outcomes.push(node.id),
    });
    expect((await source.assess(lightgbm)).novelty).toBe(1);
    expect((await source.assess(again)).novelty).toBeUndefined();
    expect((await source.assess(cnn)).novelty).toBe(0);
    await source.observe(lightgbm, { valid: true });
    await source.observe(lightgbm, { valid: true });
    expect(outcomes).toEqual(['a']);
  });

  it('with current: true measures an assessed node again on request, degrading a failure to unknown', async () => {
    let level = 0.9;
    let failing = false;
    const source = functionNoveltySource({
      id: 'host',
      novelty: () => {
        if (failing) throw new Error('archive offline');
        return level;
      },
      current: true,
    });
    expect((await source.assess(lightgbm)).novelty).toBe(0.9);
    level = 0.2;
    expect(await source.currentNovelty!(lightgbm.id)).toBe(0.2);
    expect(source.assessment(lightgbm.id)?.novelty).toBe(0.9); // the admission value stays
    expect(await source.currentNovelty!('never-assessed')).toBeUndefined();
    failing = true;
    expect(await source.currentNovelty!(lightgbm.id)).toBeUndefined();
    expect(functionNoveltySource({ id: 'fixed', novelty: () => 1 }).currentNovelty).toBeUndefined();
  });
});
