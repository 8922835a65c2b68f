import { describe, expect, it } from 'vitest';
import { InvalidOptionsError } from '../../src/errors/invalid-options-error.js';
import type { Descriptors } from '../../src/quality-diversity/descriptors.js';
import { createNoveltyScorer } from '../../src/scoring/novelty-scorer.js';
import { ShapingSession } from '../../src/session/shaping-session.js';
import type { Selector } from '../../src/shaping/selector.js';

const node = (id: string, code: string) => ({ id, plan: `plan ${id}`, code });
const pickHighest: Selector<string> = ({ candidates }) => {
  const best = [...candidates].sort((left, right) => (right.value ?? -Infinity) - (left.value ?? -Infinity))[0];
  return best === undefined ? { action: 'draft', chosen: [] } : { action: 'improve', chosen: [best] };
};

describe('ShapingSession: injected parts and the spec beyond the served defaults', () => {
  it('scores with the scorer it is given, so the caller sees every node the session admitted', async () => {
    const scorer = createNoveltyScorer({ runId: 'shared' });
    const scored: string[] = [];
    scorer.events.on('episode-scored', (event) => scored.push(event.id));
    // A task's own cells: the length of the program, which no spec can write.
    const byLength: Descriptors = {
      specificationVersion: 'v1',
      axes: ['length'],
      describe: ({ code }) => ({ key: code.length > 20 ? 'long' : 'short', values: [code.length > 20 ? 'long' : 'short'] }),
    };
    const session = new ShapingSession({ id: 'shared', bonus: {}, qd: {} }, { scorer, descriptors: byLength });
    expect((await session.admit(node('a', 'from sklearn.linear_model import Ridge'))).cell).toMatchObject({ key: 'long' });
    expect((await session.admit(node('b', 'import torch'))).cell).toMatchObject({ key: 'short' });
    expect(scored).toEqual(['a', 'b']);
    await session.observe(node('a', 'from sklearn.linear_model import Ridge'), { valid: true, value: 1 });
    expect(session.summary().qualityDiversity).toMatchObject({ axes: ['length'], cells: [{ key: 'long' }] });
  });

  it('refuses a part that is not what it says, naming it', () => {
    expect(() => new ShapingSession({ id: 'r' }, { scorer: {} as never })).toThrow(InvalidOptionsError);
    expect(() => new ShapingSession({ id: 'r' }, { scorer: {} as never })).toThrow(/scorer/);
  });

  it("a bonus with source 'candidate' ranks by the novelty the host put on each candidate", async () => {
    const session = new ShapingSession({ id: 'backed-up', bonus: { source: 'candidate', decay: 'none', strength: 1 } });
    const equal = [
      { id: 'a', value: 0.5, novelty: 0.1 },
      { id: 'b', value: 0.5, novelty: 0.9 },
    ];
    expect((await session.select({ candidates: equal })).chosen).toEqual(['b']);
    const flipped = equal.map((candidate) => ({ ...candidate, novelty: 1 - candidate.novelty }));
    expect((await session.select({ candidates: flipped })).chosen).toEqual(['a']);
  });

  it("builds the Pareto choice and novelty search a spec asks for, in boden's order, and counts the bonus's shifts", () => {
    const session = new ShapingSession({ id: 'all', pareto: {}, noveltySearch: { k: 3 }, bonus: { countShifts: true, strength: 0.2 } });
    expect(session.middleware.map((layer) => layer.name)).toEqual(['pareto-objective', 'novelty-bonus', 'novelty-bonus']);
    expect(session.bonusShifts).toEqual({ strength: 0.2, contested: 0, changed: 0 });
    expect(new ShapingSession({ id: 'none' }).bonusShifts).toBeUndefined();
  });

  it('a shaped selector of a minimising host exports the values in the host units', async () => {
    const session = new ShapingSession({ id: 'rmse', objective: { direction: 'minimize', name: 'rmse' }, bonus: {} });
    const shaped = session.shape(pickHighest);
    for (const [id, rmse] of [
      ['a', 3.2],
      ['b', 2.5],
    ] as const) {
      await shaped.admit(node(id, `model_${id} = fit()`));
      // A search adapter directs a minimised metric before shaping reads it.
      await shaped.observe(node(id, `model_${id} = fit()`), { valid: true, value: -rmse });
    }
    const { episodes, metric } = session.trajectory();
    expect(episodes.map((episode) => episode.score)).toEqual([3.2, 2.5]);
    expect(metric).toMatchObject({ name: 'rmse', maximize: false });
    expect(session.summary().observed).toEqual({ valid: 2, invalid: 0 });
  });
});
