import { describe, expect, it } from 'vitest';
import { InvalidOptionsError } from '../../src/errors/invalid-options-error.js';
import { adaptiveExploration } from '../../src/shaping/adaptive-exploration.js';
import { noveltyBonus } from '../../src/shaping/novelty-bonus.js';
import { noveltyGate } from '../../src/shaping/novelty-gate.js';
import type { NoveltyAssessment, NoveltySource } from '../../src/shaping/novelty-source.js';
import { paretoObjective } from '../../src/shaping/pareto-objective.js';
import type { Selector } from '../../src/shaping/selector.js';
import type { SelectorMiddleware } from '../../src/shaping/selector-middleware.js';
import type { SelectionMadeEvent } from '../../src/shaping/shaping-events.js';
import { isShapedSelector, wrapSelector } from '../../src/shaping/wrap-selector.js';
import { candidates, forbiddenRandom, scriptedRandom, shapingNode } from './shaping-fixtures.js';

const pickHighest: Selector<string> = (request) => {
  const best = [...request.candidates].sort((left, right) => (right.value ?? -Infinity) - (left.value ?? -Infinity))[0];
  return best === undefined ? { action: 'draft', chosen: [] } : { action: 'improve', chosen: [best] };
};

function thrownBy(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  return undefined;
}

function tracing(name: string, log: string[]): SelectorMiddleware {
  return {
    specificationVersion: 'v1',
    name,
    transformRequest({ request }) {
      log.push(`${name}.transform`);
      return { ...request, candidates: request.candidates.map((candidate) => ({ ...candidate, value: (candidate.value ?? 0) + 1 })) };
    },
    async wrapSelect({ doSelect }) {
      log.push(`${name}.before`);
      const selection = await doSelect();
      log.push(`${name}.after`);
      return selection;
    },
    admitNode() {
      log.push(`${name}.admit`);
      return { novelty: { [name]: 0.5 } };
    },
    observe() {
      log.push(`${name}.observe`);
    },
  };
}

/** A source that records every outcome it is told, repeats included (unlike the cached sources, which drop them). */
function recordingSource(id: string, novelty: (nodeId: string) => number): NoveltySource & { readonly told: string[] } {
  const told: string[] = [];
  const assessed = new Map<string, NoveltyAssessment>();
  return {
    specificationVersion: 'v1',
    id,
    told,
    async assess(node) {
      const assessment = assessed.get(node.id) ?? { id: node.id, novelty: novelty(node.id) };
      assessed.set(node.id, assessment);
      return assessment;
    },
    assessment: (nodeId) => assessed.get(nodeId),
    async observe(node, outcome) {
      told.push(`${node.id}:${outcome.valid}`);
    },
  };
}

describe('wrapSelector', () => {
  it('is the one owner of the sources: each is told a node once, after the hooks, and a rejected node is closed in all', async () => {
    // Repeats ('r…') read 0 and are rejected by the gate; every middleware reads the one shared source.
    const shared = recordingSource('shared', (id) => (id.startsWith('r') ? 0 : 0.8));
    const extra = recordingSource('extra', () => 0.5);
    const toldBeforeHook: boolean[] = [];
    const watcher: SelectorMiddleware = {
      specificationVersion: 'v1',
      name: 'watcher',
      sources: [shared],
      observe({ node }) {
        toldBeforeHook.push(shared.told.some((entry) => entry.startsWith(`${node.id}:`)));
      },
    };
    const shaped = wrapSelector({
      selector: pickHighest,
      middleware: [
        noveltyGate({ source: shared, threshold: 0.5, maxResamples: 0 }),
        paretoObjective({ source: shared, strength: 0 }),
        adaptiveExploration({ source: shared }),
        noveltyBonus({ source: shared, strength: 0.3 }),
        watcher,
      ],
      sources: [shared, extra],
    });
    for (const id of ['n1', 'r1', 'n2']) {
      const admission = await shaped.admit(shapingNode(id));
      if (admission.accepted) await shaped.observe(shapingNode(id), { valid: true, value: 1 });
    }
    expect(shared.told).toEqual(['n1:true', 'r1:false', 'n2:true']);
    expect(extra.told).toEqual(['n1:true', 'r1:false', 'n2:true']);
    expect(toldBeforeHook).toEqual([false, false]);
  });

  it("lets a middleware probe the rest of the chain with the real call's random draws, unseen by the host", async () => {
    // The policy picks the candidate at floor(draw × n): a probe with the same draws on another list picks the same slot.
    const bySlot: Selector<string> = (request) => ({
      action: 'improve',
      chosen: [request.candidates[Math.floor(request.random() * request.candidates.length)]!],
    });
    const probed: { probe: boolean; chosen: string }[] = [];
    const inner: SelectorMiddleware = {
      specificationVersion: 'v1',
      name: 'inner',
      async wrapSelect({ doSelect, probe }) {
        const selection = await doSelect();
        probed.push({ probe, chosen: selection.chosen[0]!.id });
        return selection;
      },
    };
    let counterfactual: string | undefined;
    const outer: SelectorMiddleware = {
      specificationVersion: 'v1',
      name: 'outer',
      async wrapSelect({ doSelect, probeSelect, request }) {
        await expect(Promise.resolve().then(() => probeSelect(request))).rejects.toThrow(/outer: probeSelect must follow doSelect/);
        const selection = await doSelect();
        const reversed = { ...request, candidates: [...request.candidates].reverse() };
        counterfactual = (await probeSelect(reversed)).chosen[0]!.id;
        return selection;
      },
    };
    const shaped = wrapSelector({ selector: bySlot, middleware: [outer, inner] });
    const events: SelectionMadeEvent[] = [];
    shaped.events.on('selection-made', (event) => events.push(event));
    const random = scriptedRandom([0.1]);
    const selection = await shaped({ candidates: candidates({ a: 1, b: 2, c: 3 }), random });
    expect(selection.chosen[0]!.id).toBe('a');
    expect(counterfactual).toBe('c');
    expect(random.used).toBe(1);
    expect(probed).toEqual([
      { probe: false, chosen: 'a' },
      { probe: true, chosen: 'c' },
    ]);
    expect(events.map((event) => event.chosen)).toEqual([['a']]);
  });

  it('composes middleware like wrapLanguageModel: the first transforms first and wraps outermost', async () => {
    const log: string[] = [];
    const selector: Selector<string> = (request) => {
      log.push('selector');
      return pickHighest(request);
    };
    const shaped = wrapSelector({ selector, middleware: [tracing('first', log), tracing('second', log)] });
    await shaped({ candidates: candidates({ a: 1, b: 2 }), random: forbiddenRandom });
    expect(log).toEqual([
      'first.transform',
      'first.before',
      'second.transform',
      'second.before',
      'selector',
      'second.after',
      'first.after',
    ]);
    log.length = 0;
    await shaped.admit(shapingNode('n'));
    await shaped.observe(shapingNode('n'), { valid: true, value: 1 });
    expect(log).toEqual(['first.admit', 'second.admit', 'first.observe', 'second.observe']);
  });

  it('is recognised by isShapedSelector; a plain selector or a look-alike with admit and observe is not', () => {
    expect(isShapedSelector(wrapSelector({ selector: pickHighest }))).toBe(true);
    expect(isShapedSelector(pickHighest)).toBe(false);
    const lookAlike = Object.assign((() => ({ action: 'draft', chosen: [] })) as Selector<string>, {
      admit: async () => ({}),
      observe: async () => {},
    });
    expect(isShapedSelector(lookAlike)).toBe(false);
    expect(isShapedSelector(null)).toBe(false);
  });

  it('accepts a single middleware and none, and keeps the selector signature', async () => {
    const single = wrapSelector({ selector: pickHighest, middleware: tracing('only', []) });
    const bare = wrapSelector({ selector: pickHighest });
    for (const shaped of [single, bare]) {
      const selection = await shaped({ candidates: candidates({ a: 3, b: 2 }), random: forbiddenRandom });
      expect(selection.chosen.map((candidate) => candidate.id)).toEqual(['a']);
    }
  });

  it('emits selection-made with every value before and after shaping, and what was removed', async () => {
    const dropB: SelectorMiddleware = {
      specificationVersion: 'v1',
      name: 'drop-b',
      transformRequest: ({ request }) => ({ ...request, candidates: request.candidates.filter((candidate) => candidate.id !== 'b') }),
    };
    const shaped = wrapSelector({ selector: pickHighest, middleware: [dropB, tracing('plus-one', [])] });
    const events: SelectionMadeEvent[] = [];
    shaped.events.on('selection-made', (event) => events.push(event));
    await shaped({ candidates: candidates({ a: 1, b: 5, c: null }), random: forbiddenRandom });
    expect(events).toEqual([
      {
        selection: 1,
        action: 'improve',
        chosen: ['a'],
        values: [
          { id: 'a', before: 1, after: 2 },
          { id: 'c', before: null, after: 1 },
        ],
        removed: ['b'],
        exploration: { mode: 'exploit', bonusScale: 1, explorationScale: 1, temperatureScale: 1, preferDraft: false },
      },
    ]);
  });

  it('merges the novelty the middleware measured and reports the first rejection', async () => {
    const rejecting: SelectorMiddleware = {
      specificationVersion: 'v1',
      name: 'rejecting',
      admitNode: () => ({ rejection: { reason: 'near-duplicate', resample: true } }),
    };
    const shaped = wrapSelector({ selector: pickHighest, middleware: [tracing('a', []), rejecting, tracing('b', [])] });
    const scored: unknown[] = [];
    shaped.events.on('node-scored', (event) => scored.push(event));
    const admission = await shaped.admit(shapingNode('n'));
    expect(admission).toEqual({
      id: 'n',
      accepted: false,
      resample: true,
      novelty: { a: 0.5, b: 0.5 },
      rejectedBy: 'rejecting',
      reason: 'near-duplicate',
    });
    expect(scored).toEqual([{ id: 'n', novelty: { a: 0.5, b: 0.5 }, accepted: false }]);
  });

  it('contains listener errors: selection goes on and each error is reported once', async () => {
    const shaped = wrapSelector({ selector: pickHighest, middleware: tracing('m', []) });
    const reported: string[] = [];
    shaped.events.on('selection-made', () => {
      throw new Error('faulty logger');
    });
    shaped.events.on('node-scored', () => {
      throw new Error('faulty dashboard');
    });
    shaped.events.on('listener-error', ({ event, error }) => {
      reported.push(`${event}: ${(error as Error).message}`);
      throw new Error('the reporter fails too');
    });
    const selection = await shaped({ candidates: candidates({ a: 1 }), random: forbiddenRandom });
    expect(selection.chosen[0]?.id).toBe('a');
    await expect(shaped.admit(shapingNode('n'))).resolves.toMatchObject({ accepted: true });
    expect(reported).toEqual(['selection-made: faulty logger', 'node-scored: faulty dashboard']);
  });

  it('throws InvalidOptionsError naming a bad option', () => {
    expect(() => wrapSelector({ selector: 'not a function' as unknown as Selector<string> })).toThrowError(InvalidOptionsError);
    const error = thrownBy(() => wrapSelector({ selector: pickHighest, middleware: [{ hooks: true } as unknown as SelectorMiddleware] }));
    expect(InvalidOptionsError.isInstance(error) && error.issues[0]?.path).toMatch(/^middleware/);
  });
});
