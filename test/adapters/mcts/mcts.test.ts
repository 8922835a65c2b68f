import { describe, expect, it } from 'vitest';
import { createMctsSearch, createUctSelector, type MctsNode, type MctsOperators, uctValue } from '../../../adapters/mcts/index.js';
import { forbiddenRandom, shapingNode } from '../../shaping/shaping-fixtures.js';
import {
  createNoveltyScorer,
  createSeededRandom,
  functionNoveltySource,
  scorerNoveltySource,
  type SelectionCandidate,
  wrapSelector,
} from '../../../src/index.js';
import { createScriptedResearch } from '../../../examples/support/scripted-research.js';
import { hashedNovelty, zeroStrengthMiddleware } from '../support/zero-strength-shaping.js';

/** A parent with children given as [visits, mean value]; returns the children's candidates. */
function children(
  parentVisits: number,
  stats: readonly (readonly [number, number | null])[],
  atRoot = false,
): SelectionCandidate<MctsNode>[] {
  const root = { parent: null } as unknown as MctsNode;
  const parent = { id: 'p', visits: parentVisits, parent: atRoot ? null : root } as unknown as MctsNode;
  return stats.map(([visits, value], index) => ({
    id: `c${index}`,
    node: { id: `c${index}`, visits, parent: atRoot ? ({ ...parent, parent: null } as MctsNode) : parent } as unknown as MctsNode,
    value: visits === 0 ? null : value,
    visits,
  }));
}

describe("uctValue (AIRA-dojo's uct_value)", () => {
  it('is the min-max normalised mean plus c · sqrt(ln N_parent / N_child)', () => {
    const range = { min: 0.5, max: 0.9 };
    expect(uctValue({ value: 0.7, visits: 2, parentVisits: 10, explorationConstant: 0.25, range })).toBeCloseTo(
      0.5 + 0.25 * Math.sqrt(Math.log(10) / 2),
      12,
    );
    expect(uctValue({ value: 0.9, visits: 7, parentVisits: 10, explorationConstant: 0.25, range })).toBeCloseTo(
      1 + 0.25 * Math.sqrt(Math.log(10) / 7),
      12,
    );
    expect(uctValue({ value: 0.6, visits: 1, parentVisits: 1, explorationConstant: 0.25, range })).toBeCloseTo(0.25, 12);
  });

  it('gives an unvisited child -1e8 and a degenerate range the neutral 0.5', () => {
    expect(uctValue({ value: null, visits: 0, parentVisits: 4, explorationConstant: 0.25, range: { min: 0, max: 1 } })).toBe(-1e8);
    expect(uctValue({ value: 3, visits: 4, parentVisits: 4, explorationConstant: 0, range: { min: 3, max: 3 } })).toBe(0.5);
    expect(uctValue({ value: 0.2, visits: 1, parentVisits: 2, explorationConstant: 0, normalised: true })).toBe(0.2);
  });
});

describe('createUctSelector', () => {
  const select = createUctSelector();
  const range = { min: 0, max: 1 };

  it('descends into the child with the highest UCT value, the first on ties, without drawing', async () => {
    // UCT: c0 = 0.6 + 0.25·sqrt(ln 12 / 6) ≈ 0.7603; c1 = 0.5 + 0.25·sqrt(ln 12 / 2) ≈ 0.7771; c2 = c1.
    const selection = await select({
      candidates: children(12, [
        [6, 0.6],
        [2, 0.5],
        [2, 0.5],
        [2, 0.3],
      ]),
      random: forbiddenRandom,
      valueRange: range,
    });
    expect(selection.action).toBe('descend');
    expect(selection.chosen.map((candidate) => candidate.id)).toEqual(['c1']);
  });

  it('never picks an unvisited child beside a visited one (AIRA prunes unfixed bugs), unless told to', async () => {
    const stats = [
      [0, null],
      [3, 0.1],
      [0, null],
    ] as const;
    expect((await select({ candidates: children(3, stats), random: forbiddenRandom, valueRange: range })).chosen[0]?.id).toBe('c1');
    const classic = createUctSelector({ unvisitedValue: Infinity });
    expect((await classic({ candidates: children(3, stats), random: forbiddenRandom, valueRange: range })).chosen[0]?.id).toBe('c0');
    expect(
      (
        await select({
          candidates: children(0, [
            [0, null],
            [0, null],
          ]),
          random: forbiddenRandom,
        })
      ).chosen[0]?.id,
    ).toBe('c0');
  });

  it('in explore mode scales c and drafts at the root', async () => {
    const stats = [
      [10, 0.62],
      [1, 0.5],
    ] as const;
    const exploit = { mode: 'exploit' as const, bonusScale: 1, explorationScale: 1, temperatureScale: 1, preferDraft: false };
    // c = 0.25: 0.62 + 0.25·sqrt(ln 11 / 10) ≈ 0.744 < 0.5 + 0.25·sqrt(ln 11) ≈ 0.887; with c = 0 the mean decides.
    const base = await select({ candidates: children(11, stats), random: forbiddenRandom, valueRange: range, exploration: exploit });
    expect(base.chosen[0]?.id).toBe('c1');
    const greedy = await select({
      candidates: children(11, stats),
      random: forbiddenRandom,
      valueRange: range,
      exploration: { ...exploit, explorationScale: 0 },
    });
    expect(greedy.chosen[0]?.id).toBe('c0');
    const context = { parentVisits: 11, atRoot: true };
    const drafting = await select({
      candidates: children(11, stats),
      random: forbiddenRandom,
      valueRange: range,
      context,
      exploration: { ...exploit, preferDraft: true },
    });
    expect(drafting).toEqual({ action: 'draft', chosen: [] });
    const deeper = await select({
      candidates: children(11, stats),
      random: forbiddenRandom,
      valueRange: range,
      context: { ...context, atRoot: false },
      exploration: { ...exploit, preferDraft: true },
    });
    expect(deeper.action).toBe('descend');
  });
});

/** Operators that label proposals; evaluations follow `metrics` in call order (null = buggy). */
function scripted(metrics: readonly (number | null)[]) {
  let evaluated = 0;
  const calls: string[] = [];
  const operators: MctsOperators = {
    draft: () => (calls.push('draft'), { plan: 'draft', code: 'draft' }),
    improve: ({ parent }) => (calls.push(`improve:${parent.id}`), { plan: 'improve', code: `improve ${parent.id}` }),
    debug: ({ parent }) => (calls.push(`debug:${parent.id}`), { plan: 'debug', code: `debug ${parent.id}` }),
  };
  const evaluate = () => {
    const metric = metrics[evaluated];
    evaluated += 1;
    return { metric: metric === undefined ? 0.1 : metric };
  };
  return { operators, evaluate, calls };
}

const stats = (nodes: readonly MctsNode[]) =>
  Object.fromEntries(nodes.map((node) => [node.id, [node.visits, Number(node.valueSum.toFixed(6))]]));

describe("createMctsSearch (AIRA-dojo's MCTS)", () => {
  it('expands the root with drafts, debugs a buggy child in a chain and backs the fix up along path + debug path', async () => {
    const { operators, evaluate, calls } = scripted([0.5, null, null, 0.7]);
    const search = createMctsSearch({ operators, evaluate, numChildren: 2, maxDebugDepth: 2 });
    const step = await search.step();
    expect(step.path.map((node) => node.id)).toEqual(['node-root']);
    expect(calls).toEqual(['draft', 'draft', 'debug:node-2', 'debug:node-3']);
    expect(step.created.map((node) => [node.id, node.operator, node.parent?.id, node.debugDepth])).toEqual([
      ['node-1', 'draft', 'node-root', 0],
      ['node-2', 'draft', 'node-root', 0],
      ['node-3', 'debug', 'node-2', 1],
      ['node-4', 'debug', 'node-3', 2],
    ]);
    expect(stats(search.nodes)).toEqual({
      'node-root': [2, 1.2],
      'node-1': [1, 0.5],
      'node-2': [1, 0.7],
      'node-3': [1, 0.7],
      'node-4': [1, 0.7],
    });
  });

  it('descends by UCT, leaves an unfixed bug without visits, and never descends into it beside a visited sibling', async () => {
    const { operators, evaluate } = scripted([0.5, null, null, 0.7, 0.9, null, null, null, 0.95, 0.2]);
    const search = createMctsSearch({ operators, evaluate, numChildren: 2, maxDebugDepth: 2 });
    await search.step();
    const second = await search.step();
    // Root: node-1 scores 0 + 0.25·sqrt(ln 2) and node-2 scores 1 + 0.25·sqrt(ln 2); then the only children down.
    expect(second.path.map((node) => node.id)).toEqual(['node-root', 'node-2', 'node-3', 'node-4']);
    expect(second.created.map((node) => [node.id, node.operator, node.metric])).toEqual([
      ['node-5', 'improve', 0.9],
      ['node-6', 'improve', null],
      ['node-7', 'debug', null],
      ['node-8', 'debug', null],
    ]);
    expect(stats(search.nodes)).toMatchObject({
      'node-root': [3, 2.1],
      'node-2': [2, 1.6],
      'node-4': [2, 1.6],
      'node-5': [1, 0.9],
      'node-6': [0, 0],
      'node-8': [0, 0],
    });
    const third = await search.step();
    expect(third.path.map((node) => node.id)).toEqual(['node-root', 'node-2', 'node-3', 'node-4', 'node-5']);
    expect(search.spent).toBe(10);
    expect(search.best()?.id).toBe('node-9');
  });

  it("follows the task's direction: with lower-is-better the lower metric is descended into", async () => {
    const { operators, evaluate } = scripted([0.5, 0.3, 0.4, 0.6]);
    const search = createMctsSearch({ operators, evaluate, numChildren: 2, lowerIsBetter: true });
    await search.step();
    const step = await search.step();
    expect(step.path.map((node) => node.id)).toEqual(['node-root', 'node-2']);
    expect(search.best()?.id).toBe('node-2');
  });

  it('spends exactly the budget, and backs novelty up along the path with noveltyBackup', async () => {
    const { operators, evaluate } = scripted([0.5, 0.6, 0.7, 0.8]);
    const novelty = functionNoveltySource({ id: 'scripted', novelty: (node) => (node.id === 'node-1' ? 0.8 : 0.2) });
    const search = createMctsSearch({ operators, evaluate, noveltyBackup: novelty });
    await search.run(3);
    expect(search.spent).toBe(3);
    expect(search.nodes.map((node) => node.id)).toEqual(['node-root', 'node-1', 'node-2', 'node-3']);
    expect(search.root.noveltySum).toBeCloseTo(1.2, 12);
    expect(search.nodes[1]?.noveltySum).toBe(0.8);
  });
});

function scriptedOperators(seed: number): {
  operators: MctsOperators;
  evaluate: (node: { plan: string; code: string }) => { metric: number | null; buggy: boolean };
} {
  const research = createScriptedResearch(seed);
  return {
    operators: {
      draft: () => research.draft(),
      improve: ({ parent }) => research.improve(parent),
      debug: ({ parent }) => research.debug(parent),
    },
    evaluate: (node) => research.evaluate(node),
  };
}

describe('createMctsSearch().step(budget)', () => {
  it('grows the tree run(budget) grows when its steps are given the budget left, and refuses a budget below 1', async () => {
    const whole = scriptedOperators(4);
    const run = createMctsSearch({ ...whole, numChildren: 3, maxDebugDepth: 2 });
    await run.run(11);
    const stepped = scriptedOperators(4);
    const steps = createMctsSearch({ ...stepped, numChildren: 3, maxDebugDepth: 2 });
    while (steps.spent < 11) await steps.step(11 - steps.spent);
    expect(steps.spent).toBe(11);
    expect(steps.nodes.map(({ id, operator, metric, visits }) => ({ id, operator, metric, visits }))).toEqual(
      run.nodes.map(({ id, operator, metric, visits }) => ({ id, operator, metric, visits })),
    );
    // Without a budget one step expands all numChildren children, so it overshoots what is left.
    const unbounded = createMctsSearch({ ...scriptedOperators(4), numChildren: 3, maxDebugDepth: 2 });
    while (unbounded.spent < 11) await unbounded.step();
    expect(unbounded.spent).toBeGreaterThan(11);
    await expect(steps.step(0)).rejects.toThrow(/createMctsSearch\(\)\.step.*budget/s);
  });
});

describe('MCTS with every middleware at strength 0', () => {
  it('picks exactly the unshaped UCT child over random sibling sets (property)', async () => {
    const random = createSeededRandom(99);
    const selector = createUctSelector();
    for (let trial = 0; trial < 300; trial += 1) {
      const shaped = wrapSelector({ selector, middleware: zeroStrengthMiddleware(hashedNovelty()) });
      const low = random() * 10 - 5;
      const range = { min: low, max: low + (random() < 0.1 ? 0 : random() * 3) };
      const parentVisits = 1 + Math.floor(random() * 40);
      const count = 1 + Math.floor(random() * 8);
      const candidates: SelectionCandidate<MctsNode>[] = Array.from({ length: count }, (_, index) => {
        const visits = random() < 0.25 ? 0 : 1 + Math.floor(random() * parentVisits);
        const value = range.min + ((range.max - range.min) * Math.round(random() * 8)) / 8;
        return {
          id: `c${index}`,
          node: { id: `c${index}` } as MctsNode,
          value: visits === 0 ? null : value,
          visits,
          children: Math.floor(random() * 4),
          ...(random() < 0.5 ? { novelty: random() } : {}),
        };
      });
      for (const candidate of candidates) {
        await shaped.admit(shapingNode(candidate.id));
        await shaped.observe(shapingNode(candidate.id), { valid: true, value: 0 });
      }
      const request = {
        candidates,
        random: createSeededRandom(trial),
        valueRange: range,
        context: { parentVisits, atRoot: random() < 0.5 },
      };
      const plain = await selector(request);
      const withShaping = await shaped(request);
      expect([withShaping.action, withShaping.chosen.map((candidate) => candidate.id)]).toEqual([
        plain.action,
        plain.chosen.map((candidate) => candidate.id),
      ]);
    }
  });

  it('grows the same tree as the unshaped search, with novelty backed up and the real scorer', async () => {
    for (const seed of [1, 4]) {
      const unshaped = createMctsSearch({ ...scriptedOperators(seed), seed, numChildren: 3, maxDebugDepth: 3 });
      const source = scorerNoveltySource({ scorer: createNoveltyScorer({ runId: `mcts-identity-${seed}` }) });
      const selector = wrapSelector({ selector: createUctSelector(), middleware: zeroStrengthMiddleware(source) });
      const shaped = createMctsSearch({
        ...scriptedOperators(seed),
        seed,
        numChildren: 3,
        maxDebugDepth: 3,
        selector,
        noveltyBackup: source,
      });
      await unshaped.run(30);
      await shaped.run(30);
      const summary = (search: typeof unshaped) =>
        search.nodes.map((node) => [node.id, node.operator, node.parent?.id, node.metric, node.visits]);
      expect(summary(shaped)).toEqual(summary(unshaped));
      expect(shaped.root.noveltySum).toBeGreaterThan(0);
    }
  });
});
