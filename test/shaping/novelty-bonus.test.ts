import { describe, expect, it } from 'vitest';
import { InvalidOptionsError } from '../../src/errors/invalid-options-error.js';
import { functionNoveltySource } from '../../src/shaping/function-novelty-source.js';
import { noveltyBonus } from '../../src/shaping/novelty-bonus.js';
import type { Selection, SelectionRequest } from '../../src/shaping/selector.js';
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
    const hosted = { ...request, candidates: request.candidates.map((candidate) => ({ ...candidate, novelty: candidate.id === 'a' ? 0.8 : 0.2 })) };
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
    const shaped = wrapSelector({ selector: (request: SelectionRequest<string>): Selection<string> => ({ action: 'improve', chosen: [request.candidates[0]!] }), middleware: [current] });
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
    const seen = await shapedRequest(noveltyBonus({ strength: 1, source: tableNovelty({}) }), { candidates: candidates({ a: 1, b: 2 }), random: forbiddenRandom });
    expect(seen.candidates.map((candidate) => candidate.value)).toEqual([0, 1]);
  });

  it('at strength 0 hands the selector the normalised usefulness, preserving every ranking', async () => {
    const values = { a: 3.5, b: -1, c: 7.25, d: 3.5 };
    const seen = await shapedRequest(noveltyBonus({ strength: 0, source: tableNovelty(novelty) }), { candidates: candidates(values), random: forbiddenRandom }, ['a', 'b', 'c']);
    expect(seen.candidates.map((candidate) => candidate.value)).toEqual([4.5 / 8.25, 0, 1, 4.5 / 8.25]);
  });

  it('measures new nodes through its source and reports the novelty in the admission', async () => {
    const shaped = wrapSelector({ selector: () => ({ action: 'draft', chosen: [] }), middleware: noveltyBonus({ source: tableNovelty(novelty, 'table') }) });
    await expect(shaped.admit(shapingNode('c'))).resolves.toMatchObject({ accepted: true, novelty: { table: 1 } });
  });

  it('rejects invalid options by name', () => {
    expect(() => noveltyBonus({ strength: -1, source: 'constant' })).toThrowError(/strength/);
    expect(() => noveltyBonus({ source: 'somewhere' as 'constant' })).toThrowError(InvalidOptionsError);
  });
});
