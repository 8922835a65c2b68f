import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../src/errors/invalid-argument-error.js';
import { ConceptExtractor, createNoveltyScorer, scoreRun } from '../../src/index.js';
import { noveltyBonus } from '../../src/shaping/novelty-bonus.js';
import type { Selection, SelectionRequest } from '../../src/shaping/selector.js';
import { wrapSelector } from '../../src/shaping/wrap-selector.js';
import { candidates, forbiddenRandom, shapingNode, tableNovelty } from './shaping-fixtures.js';

/** The error a call rejects with, for its argument name and reason. */
async function rejection(call: () => unknown): Promise<InvalidArgumentError> {
  try {
    await call();
  } catch (error) {
    if (error instanceof InvalidArgumentError) return error;
    throw error;
  }
  throw new Error('the call did not reject');
}

describe('public entries check their arguments', () => {
  it('the scorer names the bad field of a node or an outcome instead of a bare TypeError', async () => {
    const scorer = createNoveltyScorer({ runId: 'r' });
    expect((await rejection(() => scorer.score({ id: 1, plan: null } as never))).argument).toBe('node.id');
    expect((await rejection(() => scorer.score({ id: 'n1', plan: null, code: '' } as never))).argument).toBe('node.plan');
    const node = { id: 'n1', plan: 'a plan', code: 'print(1)' };
    expect((await rejection(() => scorer.observe(node, { valid: 'yes' } as never))).argument).toBe('outcome.valid');
    // Nothing was counted by the refused calls; a good call still works, with the host's extra fields allowed.
    await scorer.observe({ ...node, extra: 7 } as never, { valid: true });
    expect(scorer.size).toBe(1);
  });

  it('the concept extractor names a plan or code that is not text', async () => {
    const extractor = new ConceptExtractor();
    expect((await rejection(() => extractor.extract('import lightgbm' as never))).argument).toBe('input');
    expect((await rejection(() => extractor.extract({ plan: 'a plan', code: 7 } as never))).argument).toBe('input.code');
    expect((await rejection(() => extractor.extractFromText(undefined as never))).argument).toBe('text');
    expect(extractor.extract({ plan: 'Train LightGBM', code: '' })).toContain('lightgbm');
  });

  it('scoreRun refuses a missing run, naming it', async () => {
    const error = await rejection(() => scoreRun(null as never));
    expect(error.argument).toBe('run');
    expect(error.message).toMatch(/^invalid argument run: /);
  });

  it("a shaped selector names the bad node, outcome or request, and never reaches the host's selector", async () => {
    let calls = 0;
    const shaped = wrapSelector({
      selector: (request: SelectionRequest<string>): Selection<string> => {
        calls += 1;
        return { action: 'improve', chosen: [request.candidates[0]!] };
      },
      middleware: noveltyBonus({ strength: 0.3, source: tableNovelty({ a: 1 }) }),
    });
    expect((await rejection(() => shaped.admit({ id: 5 } as never))).argument).toBe('node.id');
    expect((await rejection(() => shaped.observe(shapingNode('a'), { valid: 'yes' } as never))).argument).toBe('outcome.valid');
    expect((await rejection(() => shaped({ candidates: 'x', random: forbiddenRandom } as never))).argument).toBe('request.candidates');
    expect((await rejection(() => shaped({ candidates: candidates({ a: 1 }), random: 0.5 } as never))).argument).toBe('request.random');
    expect(
      (await rejection(() => shaped({ candidates: [{ id: 'a', node: 'a', value: '1' }], random: forbiddenRandom } as never))).argument,
    ).toBe('request.candidates[0].value');
    expect(calls).toBe(0);
    await shaped.admit(shapingNode('a'));
    await shaped({ candidates: candidates({ a: 1 }), random: forbiddenRandom });
    expect(calls).toBe(1);
  });
});
