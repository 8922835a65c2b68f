import { describe, expect, it } from 'vitest';
import { crowdingDistances, paretoRanks } from '../../src/shaping/pareto-front.js';
import { paretoObjective } from '../../src/shaping/pareto-objective.js';
import type { Selection, Selector } from '../../src/shaping/selector.js';
import { wrapSelector } from '../../src/shaping/wrap-selector.js';
import { candidates, forbiddenRandom, scriptedRandom, shapingNode, tableNovelty } from './shaping-fixtures.js';

describe('Pareto front', () => {
  const points = [
    { usefulness: 1, novelty: 0 },
    { usefulness: 0.8, novelty: 0.5 },
    { usefulness: 0.5, novelty: 0.6 },
    { usefulness: 0, novelty: 1 },
    { usefulness: 0.4, novelty: 0.4 },
    { usefulness: 0.3, novelty: 0.3 },
  ];

  it('ranks points by non-dominated sorting', () => {
    expect(paretoRanks(points)).toEqual([0, 0, 0, 0, 1, 2]);
  });

  it('gives the extremes infinite crowding and interior points the normalised gap between their neighbours', () => {
    const distances = crowdingDistances(points, [0, 1, 2, 3]);
    expect(distances.get(0)).toBe(Infinity);
    expect(distances.get(3)).toBe(Infinity);
    expect(distances.get(1)).toBeCloseTo((1 - 0.5) / 1 + (0.6 - 0) / 1, 12);
    expect(distances.get(2)).toBeCloseTo((0.8 - 0) / 1 + (1 - 0.5) / 1, 12);
  });
});

describe('paretoObjective', () => {
  const novelty = { best: 0, clone: 0.01, novel: 0.9, middle: 0.5, weak: 0.2 };
  const values = { best: 1, clone: 0.99, novel: 0.2, middle: 0.6, weak: 0.1 };
  const greedy: Selector<string> = (request): Selection<string> => ({ action: 'improve', chosen: [request.candidates[0]!] });

  async function shapedWith(options: Partial<Parameters<typeof paretoObjective>[0]>) {
    const source = tableNovelty(novelty);
    const shaped = wrapSelector({ selector: greedy, middleware: paretoObjective({ source, ...options }) });
    for (const id of Object.keys(novelty)) await shaped.admit(shapingNode(id));
    return shaped;
  }

  it('replaces the pick by a crowding tournament on the (usefulness, novelty) front', async () => {
    // Front in candidate order: best, clone, novel, middle (weak is dominated by novel).
    // Entrants `middle` (draw 0.8 → 3 of 4) and `best` (draw 0 → 0 of 3): the extreme's infinite crowding wins.
    const shaped = await shapedWith({ random: scriptedRandom([0.8, 0]) });
    const selection = await shaped({ candidates: candidates(values), random: forbiddenRandom });
    expect(selection.chosen.map((candidate) => candidate.id)).toEqual(['best']);
    // Entrants `middle` and `clone`: the clone sits next to `best`, so the more isolated `middle` wins.
    const other = await shapedWith({ random: scriptedRandom([0.99, 0.5]) });
    const pick = await other({ candidates: candidates(values), random: forbiddenRandom });
    expect(pick.chosen.map((candidate) => candidate.id)).toEqual(['middle']);
  });

  it('picks distinct parents for a crossover, topping up from the next front', async () => {
    const pair: Selector<string> = (request) => ({ action: 'crossover', chosen: request.candidates.slice(0, 2) });
    // `a` dominates both others and `b` dominates `c`: three fronts of one, so no tournament is drawn.
    const source = tableNovelty({ a: 1, b: 0.1, c: 0.05 });
    const shaped = wrapSelector({ selector: pair, middleware: paretoObjective({ source, random: forbiddenRandom }) });
    for (const id of ['a', 'b', 'c']) await shaped.admit(shapingNode(id));
    const selection = await shaped({ candidates: candidates({ a: 1, b: 0.5, c: 0.4 }), random: forbiddenRandom });
    expect(selection.chosen.map((candidate) => candidate.id)).toEqual(['a', 'b']);
  });

  it('passes drafts, debug choices and strength 0 through without drawing', async () => {
    const shaped = await shapedWith({ strength: 0, random: forbiddenRandom });
    const kept = await shaped({ candidates: candidates(values), random: forbiddenRandom });
    expect(kept.chosen.map((candidate) => candidate.id)).toEqual(['best']);
    const debugging = wrapSelector({
      selector: (request) => ({ action: 'debug', chosen: request.candidates.filter((candidate) => candidate.value === null) }),
      middleware: paretoObjective({ source: 'candidate', random: forbiddenRandom }),
    });
    const debug = await debugging({ candidates: candidates({ buggy: null, good: 1 }), random: forbiddenRandom });
    expect(debug.chosen.map((candidate) => candidate.id)).toEqual(['buggy']);
  });
});
