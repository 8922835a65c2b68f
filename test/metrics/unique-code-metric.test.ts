import { describe, expect, it } from 'vitest';
import { scoreRunNovelty, uniqueCodeMetric, type Run } from '../../src/index.js';

describe('uniqueCodeMetric', () => {
  it('scores 1 for new code and 0 for code an earlier episode ran, comments aside', () => {
    const state = uniqueCodeMetric().startRun();
    const first = { id: 'a', plan: 'p', code: 'x = 1\n' };
    expect(state.score(first)).toBe(1);
    state.observe(first);
    expect(state.score({ id: 'b', plan: 'other plan', code: 'x = 1  # same\n' })).toBe(0);
    expect(state.score({ id: 'c', plan: 'p', code: 'x = 2\n' })).toBe(1);
  });

  it('scores a run in order, each episode against the ones before it only', () => {
    const episodes = ['a', 'b', 'a', 'c', 'b'].map((code, index) => ({ id: `e${index}`, plan: '', code }));
    const run = { episodes } as unknown as Run;
    const scores = scoreRunNovelty(run, [uniqueCodeMetric()]);
    expect(episodes.map((episode) => scores.get(episode.id)?.['unique-code'])).toEqual([1, 1, 0, 1, 0]);
  });
});
