import { describe, expect, it } from 'vitest';
import { InvalidOptionsError } from '../../src/errors/invalid-options-error.js';
import { functionNoveltySource } from '../../src/shaping/function-novelty-source.js';
import { noveltyBonus } from '../../src/shaping/novelty-bonus.js';
import { createSeededRandom, type RandomSource } from '../../src/random/random-source.js';
import type { Selection, SelectionCandidate, SelectionRequest, Selector } from '../../src/shaping/selector.js';
import { wrapSelector } from '../../src/shaping/wrap-selector.js';
import { candidates, forbiddenRandom, shapingNode, tableNovelty } from './shaping-fixtures.js';

/** The request the host's selector receives after the middleware. */
async function shapedRequest(middleware: ReturnType<typeof noveltyBonus>, request: SelectionRequest<string>, admit: string[] = []) {
  let seen: SelectionRequest<string> | undefined;
  const shaped = wrapSelector({
    selector: (inner: SelectionRequest<string>): Selection<string> => {
      seen = inner;
      return { action: 'draft', chosen: [] };
    },
    middleware,
  });
  for (const id of admit) await shaped.admit(shapingNode(id));
  await shaped(request);
  return seen!;
}

describe('noveltyBonus', () => {
  const novelty = { a: 0.5, b: 0, c: 1 };

  it("adds strength × novelty to the usefulness min-max normalised against the request's range", async () => {
    const request = { candidates: candidates({ a: 10, b: 20, c: null }), random: forbiddenRandom, valueRange: { min: 0, max: 40 } };
    const seen = await shapedRequest(noveltyBonus({ strength: 0.4, source: tableNovelty(novelty) }), request, ['a', 'b', 'c']);
    expect(seen.candidates.map((candidate) => candidate.value)).toEqual([0.25 + 0.4 * 0.5, 0.5, null]);
    expect(seen.normalised).toBe(true);
    expect(seen.valueRange).toBeUndefined();
  });

  it("normalises against the candidates' own range when the request has none, and scales by bonusScale", async () => {
    const exploration = { mode: 'explore' as const, bonusScale: 3, explorationScale: 1, temperatureScale: 1, preferDraft: false };
    const request = { candidates: candidates({ a: 10, b: 20 }), random: forbiddenRandom, exploration };
    const seen = await shapedRequest(noveltyBonus({ strength: 0.1, source: tableNovelty(novelty) }), request, ['a', 'b']);
    expect(seen.candidates[0]?.value).toBeCloseTo(0.15, 12);
    expect(seen.candidates[1]?.value).toBe(1);
  });

  it('decays the bonus by 1 / (1 + children) and reads constant or host-supplied novelty', async () => {
    const request = { candidates: candidates({ a: 0, b: 1 }, { a: 3, b: 0 }), random: forbiddenRandom };
    const constant = await shapedRequest(noveltyBonus({ strength: 1, source: 'constant', decay: 'children', normalise: 'none' }), request);
    expect(constant.candidates.map((candidate) => candidate.value)).toEqual([0.25, 2]);
    const hosted = {
      ...request,
      candidates: request.candidates.map((candidate) => ({ ...candidate, novelty: candidate.id === 'a' ? 0.8 : 0.2 })),
    };
    const fromCandidate = await shapedRequest(noveltyBonus({ strength: 0.5, source: 'candidate' }), hosted);
    expect(fromCandidate.candidates.map((candidate) => candidate.value)).toEqual([0.4, 1.1]);
  });

  it("with timing 'current' asks the source again at every selection, so novelty falls as the space fills", async () => {
    // The host's archive: a node's novelty is 1 / (1 + how many observed nodes share its behaviour).
    const behaviour: Record<string, string> = { a: 'left', b: 'right', c: 'left' };
    const seen: string[] = [];
    const source = functionNoveltySource({
      id: 'archive',
      novelty: (node) => 1 / (1 + seen.filter((other) => behaviour[other] === behaviour[node.id]).length),
      observe: (node) => void seen.push(node.id),
      current: true,
    });
    const current = noveltyBonus({ strength: 1, source, normalise: 'none', timing: 'current' });
    const atAdmission = noveltyBonus({ strength: 1, source, normalise: 'none' });
    const shaped = wrapSelector({
      selector: (request: SelectionRequest<string>): Selection<string> => ({ action: 'improve', chosen: [request.candidates[0]!] }),
      middleware: [current],
    });
    for (const id of ['a', 'b']) await shaped.admit(shapingNode(id));
    const request = { candidates: candidates({ a: 0, b: 0 }), random: forbiddenRandom };
    expect((await shapedRequest(current, request)).candidates.map((candidate) => candidate.value)).toEqual([1, 1]);
    for (const id of ['a', 'c']) await shaped.observe(shapingNode(id), { valid: true, value: 0 });
    // Two observed nodes now share a's behaviour, none b's: a's current novelty is 1/3; at admission it stays 1.
    expect((await shapedRequest(current, request)).candidates.map((candidate) => candidate.value)).toEqual([1 / 3, 1]);
    expect((await shapedRequest(atAdmission, request)).candidates.map((candidate) => candidate.value)).toEqual([1, 1]);
  });

  it("refuses timing 'current' with a source that cannot re-measure, naming the option", () => {
    for (const source of [tableNovelty({ a: 1 }), 'constant' as const]) {
      expect(() => noveltyBonus({ strength: 1, source, timing: 'current' })).toThrow(InvalidOptionsError);
      expect(() => noveltyBonus({ strength: 1, source, timing: 'current' })).toThrow(/timing.*currentNovelty/);
    }
  });

  it('gives no bonus to a node whose novelty is unknown', async () => {
    const seen = await shapedRequest(noveltyBonus({ strength: 1, source: tableNovelty({}) }), {
      candidates: candidates({ a: 1, b: 2 }),
      random: forbiddenRandom,
    });
    expect(seen.candidates.map((candidate) => candidate.value)).toEqual([0, 1]);
  });

  it('at strength 0 hands the selector the normalised usefulness, preserving every ranking', async () => {
    const values = { a: 3.5, b: -1, c: 7.25, d: 3.5 };
    const seen = await shapedRequest(
      noveltyBonus({ strength: 0, source: tableNovelty(novelty) }),
      { candidates: candidates(values), random: forbiddenRandom },
      ['a', 'b', 'c'],
    );
    expect(seen.candidates.map((candidate) => candidate.value)).toEqual([4.5 / 8.25, 0, 1, 4.5 / 8.25]);
  });

  it('measures new nodes through its source and reports the novelty in the admission', async () => {
    const shaped = wrapSelector({
      selector: () => ({ action: 'draft', chosen: [] }),
      middleware: noveltyBonus({ source: tableNovelty(novelty, 'table') }),
    });
    await expect(shaped.admit(shapingNode('c'))).resolves.toMatchObject({ accepted: true, novelty: { table: 1 } });
  });

  describe('autoScale', () => {
    const greedy: Selector<string> = (request) => {
      let best = request.candidates[0]!;
      for (const candidate of request.candidates) if ((candidate.value ?? -Infinity) > (best.value ?? -Infinity)) best = candidate;
      return { action: 'improve', chosen: [best] };
    };
    const softmax =
      (temperature: number): Selector<string> =>
      (request) => {
        const values = request.candidates.map((candidate) => candidate.value ?? 0);
        const top = Math.max(...values);
        const weights = values.map((value) => Math.exp((value - top) / temperature));
        let target = request.random() * weights.reduce((sum, weight) => sum + weight, 0);
        const index = weights.findIndex((weight) => (target -= weight) < 0);
        return { action: 'improve', chosen: [request.candidates[index === -1 ? weights.length - 1 : index]!] };
      };

    /** Runs `selections` random requests and returns the share of the last half whose choice the bonus changed. */
    async function changedShare(selector: Selector<string>, options: { strength: number; shift?: number }, selections = 1600) {
      const bonus = noveltyBonus({
        source: 'candidate',
        strength: options.strength,
        ...(options.shift === undefined ? {} : { autoScale: { shift: options.shift } }),
      });
      const shaped = wrapSelector({ selector, middleware: [bonus] });
      const world = createSeededRandom(7);
      let changed = 0;
      for (let selection = 0; selection < selections; selection += 1) {
        const pool: SelectionCandidate<string>[] = Array.from({ length: 6 }, (_, index) => ({
          id: `n${index}`,
          node: `n${index}`,
          value: world(),
          novelty: world(),
        }));
        // The counterfactual is measured here, apart from the middleware: the plain selector, the same draws.
        const draws: number[] = [];
        const host = createSeededRandom(1000 + selection);
        const recording: RandomSource = () => {
          const draw = host();
          draws.push(draw);
          return draw;
        };
        const shapedChoice = (await shaped({ candidates: pool, random: recording })).chosen[0]!.id;
        let replayed = 0;
        const plainChoice = (await selector({ candidates: pool, random: () => draws[replayed++] ?? 0.5 })).chosen[0]!.id;
        if (selection >= selections / 2 && shapedChoice !== plainChoice) changed += 1;
      }
      return { share: changed / (selections / 2), strength: bonus.strength };
    }

    it('settles where the bonus changes the set share of choices under greedy argmax and softmax at any temperature', async () => {
      const selectors = { greedy, softmax: softmax(1), hotSoftmax: softmax(3) };
      const fixed = await Promise.all(Object.values(selectors).map((selector) => changedShare(selector, { strength: 1 })));
      // One fixed strength means different things: how often it changes the choice depends on the policy.
      const fixedShares = fixed.map((result) => result.share);
      expect(Math.max(...fixedShares) - Math.min(...fixedShares)).toBeGreaterThan(0.2);
      const scaled = await Promise.all(Object.values(selectors).map((selector) => changedShare(selector, { strength: 1, shift: 0.3 })));
      for (const result of scaled) expect(result.share).toBeGreaterThan(0.25), expect(result.share).toBeLessThan(0.35);
      // It got there by giving each policy its own weight.
      const weights = scaled.map((result) => result.strength);
      expect(Math.max(...weights) / Math.min(...weights)).toBeGreaterThan(2);
    });

    it('counts only contested selections, reports them, and keeps the host random untouched', async () => {
      const bonus = noveltyBonus({ source: 'candidate', strength: 1, autoScale: { shift: 0.5, rate: 0.5 } });
      const drafting: Selector<string> = (request) => (request.candidates.length < 3 ? { action: 'draft', chosen: [] } : greedy(request));
      const shaped = wrapSelector({ selector: drafting, middleware: [bonus] });
      const two = [
        { id: 'a', node: 'a', value: 1, novelty: 0 },
        { id: 'b', node: 'b', value: 0, novelty: 1 },
      ];
      await shaped({ candidates: two, random: forbiddenRandom });
      expect(bonus.shifts).toEqual({ contested: 0, changed: 0 });
      expect(bonus.strength).toBe(1);
      const three = [...two, { id: 'c', node: 'c', value: null, novelty: 1 }];
      // Weight 1: b (0 + 1) ties a (1 + 0) and the first wins, so nothing changed and the weight rises by exp(0.25).
      await shaped({ candidates: three, random: forbiddenRandom });
      expect(bonus.shifts).toEqual({ contested: 1, changed: 0 });
      expect(bonus.strength).toBeCloseTo(Math.exp(0.25), 12);
      expect((await shaped({ candidates: three, random: forbiddenRandom })).chosen[0]!.id).toBe('b');
      expect(bonus.shifts).toEqual({ contested: 2, changed: 1 });
      expect(bonus.strength).toBeCloseTo(1, 12);
    });

    it('with countShifts counts the changed choices at a fixed weight and changes none of them', async () => {
      const bonus = noveltyBonus({ source: 'candidate', strength: 1, countShifts: true });
      const unprobed = noveltyBonus({ source: 'candidate', strength: 1 });
      const world = createSeededRandom(3);
      for (let selection = 0; selection < 200; selection += 1) {
        const pool: SelectionCandidate<string>[] = Array.from({ length: 4 }, (_, index) => ({
          id: `n${index}`,
          node: `n${index}`,
          value: world(),
          novelty: world(),
        }));
        const [counted, bare] = await Promise.all(
          [bonus, unprobed].map((middleware) =>
            wrapSelector({ selector: softmax(1), middleware })({ candidates: pool, random: createSeededRandom(selection) }),
          ),
        );
        expect(counted!.chosen[0]!.id).toBe(bare!.chosen[0]!.id);
      }
      expect(bonus.strength).toBe(1);
      expect(bonus.shifts.contested).toBe(200);
      expect(bonus.shifts.changed).toBeGreaterThan(0);
      expect(bonus.shifts.changed).toBeLessThan(200);
      expect(unprobed.shifts).toEqual({ contested: 0, changed: 0 });
    });

    it('rejects an autoScale it cannot run, naming the field', () => {
      expect(() => noveltyBonus({ source: 'constant', strength: 0, autoScale: { shift: 0.3 } })).toThrow(/strength.*> 0/);
      expect(() => noveltyBonus({ source: 'constant', autoScale: { shift: 1 } })).toThrow(/autoScale\.shift/);
      expect(() => noveltyBonus({ source: 'constant', autoScale: { shift: 0.3, minStrength: 2, maxStrength: 1 } })).toThrow(/minStrength/);
    });
  });

  it('rejects invalid options by name', () => {
    expect(() => noveltyBonus({ strength: -1, source: 'constant' })).toThrowError(/strength/);
    expect(() => noveltyBonus({ source: 'somewhere' as 'constant' })).toThrowError(InvalidOptionsError);
  });
});
