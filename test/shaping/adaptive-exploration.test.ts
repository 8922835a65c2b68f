import { describe, expect, it } from 'vitest';
import { adaptiveExploration } from '../../src/shaping/adaptive-exploration.js';
import { noveltyBonus } from '../../src/shaping/novelty-bonus.js';
import type { Selection, SelectionRequest } from '../../src/shaping/selector.js';
import type { ModeChangedEvent } from '../../src/shaping/shaping-events.js';
import { wrapSelector } from '../../src/shaping/wrap-selector.js';
import { candidates, forbiddenRandom, tableNovelty } from './shaping-fixtures.js';

const lightgbm = (id: string) => ({
  id,
  plan: 'Tune the LightGBM model with 5-fold cross-validation.',
  code: 'import lightgbm as lgb\nmodel = lgb.LGBMRegressor()',
});

function setup(options: Partial<Parameters<typeof adaptiveExploration>[0]> = {}) {
  const novelty: Record<string, number> = {};
  const source = tableNovelty(novelty);
  const adaptive = adaptiveExploration({ source, window: 1, threshold: 0.2, patience: 2, ...options });
  const seen: SelectionRequest<string>[] = [];
  const shaped = wrapSelector({
    selector: (request: SelectionRequest<string>): Selection<string> => {
      seen.push(request);
      return request.exploration?.preferDraft === true
        ? { action: 'draft', chosen: [] }
        : { action: 'improve', chosen: request.candidates.slice(0, 1) };
    },
    middleware: [adaptive, noveltyBonus({ source, strength: 0.5 })],
  });
  const changes: ModeChangedEvent[] = [];
  shaped.events.on('mode-changed', (event) => changes.push(event));
  /** Creates, scores and observes one episode. */
  const episode = async (id: string, value: number, nodeNovelty: number) => {
    novelty[id] = nodeNovelty;
    await shaped.admit(lightgbm(id));
    await shaped.observe(lightgbm(id), { valid: true, value });
  };
  const select = () => shaped({ candidates: candidates({ a: 1, b: 2 }), random: forbiddenRandom });
  return { adaptive, shaped, seen, changes, episode, select, novelty };
}

describe('adaptiveExploration', () => {
  it('switches to explore on a scripted collapse, raises every knob, drafts once with a directive, and switches back on a new best', async () => {
    const { adaptive, seen, changes, episode, select } = setup();
    await episode('e1', 0.7, 1);
    await episode('e2', 0.6, 0.1);
    expect(adaptive.mode).toBe('exploit');
    await episode('e3', 0.65, 0.05);
    expect(adaptive.mode).toBe('explore');
    expect(changes).toEqual([
      {
        from: 'exploit',
        to: 'explore',
        reason: 'stagnation',
        episode: 3,
        averageNovelty: 0.05,
        threshold: 0.2,
        episodesSinceBest: 2,
        bestValue: 0.7,
      },
    ]);

    const first = await select();
    expect(first.action).toBe('draft');
    expect(first.directive).toMatch(/^Novelty directive: This run has already tried: model: lightgbm \(3×\)/);
    expect(first.directive).toContain('validation: cross-validation (3×)');
    expect(seen[0]?.exploration).toEqual({ mode: 'explore', bonusScale: 3, explorationScale: 4, temperatureScale: 3, preferDraft: true });
    const second = await select();
    expect(second.action).toBe('improve');
    expect(seen[1]?.exploration?.preferDraft).toBe(false);
    expect(second.directive).toBeDefined();

    await episode('e4', 0.9, 0.05);
    expect(changes.at(-1)).toMatchObject({ from: 'explore', to: 'exploit', reason: 'new-best', episode: 4 });
    const back = await select();
    expect(back.directive).toBeUndefined();
    expect(seen[2]?.exploration).toBeUndefined();
  });

  it('asks improvements for a new idea, an untried component on top of the parent, or the two in turn (directiveAsk)', async () => {
    const asks = async (directiveAsk: 'new-idea' | 'new-component' | 'alternate') => {
      const { episode, select } = setup({ directiveAsk });
      await episode('e1', 0.7, 1);
      await episode('e2', 0.6, 0.1);
      await episode('e3', 0.65, 0.05);
      const texts = [];
      for (let index = 0; index < 4; index++) texts.push(await select());
      return texts.map(
        (selection) =>
          `${selection.action}:${/add one component this run has not tried/.test(selection.directive ?? '') ? 'component' : /different idea/.test(selection.directive ?? '') ? 'idea' : 'none'}`,
      );
    };
    // The first explore selection drafts, and a draft is always asked for a new idea.
    expect(await asks('new-idea')).toEqual(['draft:idea', 'improve:idea', 'improve:idea', 'improve:idea']);
    expect(await asks('new-component')).toEqual(['draft:idea', 'improve:component', 'improve:component', 'improve:component']);
    expect(await asks('alternate')).toEqual(['draft:idea', 'improve:idea', 'improve:component', 'improve:idea']);
  });

  it('returns to exploit when P-creativity recovers', async () => {
    const { changes, episode } = setup({ recovery: 0.4 });
    await episode('e1', 1, 0.1);
    await episode('e2', 0, 0.1);
    await episode('e3', 0, 0.1);
    await episode('e4', 0, 0.3);
    await episode('e5', 0, 0.5);
    expect(changes.map((change) => `${change.to}:${change.reason}@${change.episode}`)).toEqual([
      'explore:stagnation@3',
      'exploit:novelty-recovered@5',
    ]);
  });

  it('ignores invalid outcomes', async () => {
    const { adaptive, shaped, novelty } = setup();
    novelty.x = 0;
    for (const id of ['x1', 'x2', 'x3', 'x4']) await shaped.observe(lightgbm(id), { valid: false });
    expect(adaptive.mode).toBe('exploit');
  });

  it('at strength 0 still switches and reports, but leaves every knob as it was', async () => {
    const { adaptive, seen, episode, select } = setup({ strength: 0 });
    for (const [index, value] of [0.7, 0.6, 0.6].entries()) await episode(`e${index}`, value, 0);
    expect(adaptive.mode).toBe('explore');
    const selection = await select();
    expect(selection.action).toBe('improve');
    expect(seen[0]?.exploration).toEqual({ mode: 'explore', bonusScale: 1, explorationScale: 1, temperatureScale: 1, preferDraft: false });
  });

  it('a throwing mode-changed listener does not break observe', async () => {
    const { shaped, episode, adaptive } = setup();
    const errors: unknown[] = [];
    shaped.events.on('mode-changed', () => {
      throw new Error('listener bug');
    });
    shaped.events.on('listener-error', ({ error }) => errors.push(error));
    for (const [index, value] of [0.7, 0.6, 0.6].entries()) await episode(`e${index}`, value, 0);
    expect(adaptive.mode).toBe('explore');
    expect(errors).toHaveLength(1);
  });
});
