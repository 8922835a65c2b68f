import { describe, expect, it } from 'vitest';
import { type AideOperators, createAideGreedySearch, createAideGreedySelector } from '../../../adapters/aide-greedy/index.js';
import {
  createNoveltyScorer,
  createSeededRandom,
  functionNoveltySource,
  InvalidOptionsError,
  noveltyGate,
  type RandomSource,
  scorerNoveltySource,
  wrapSelector,
} from '../../../src/index.js';
import { createScriptedResearch } from '../../../examples/support/scripted-research.js';
import { forbiddenRandom, scriptedRandom } from '../../shaping/shaping-fixtures.js';
import { aideCandidates, journal, type JournalEntry } from '../support/journal-fixtures.js';
import { hashedNovelty, zeroStrengthMiddleware } from '../support/zero-strength-shaping.js';

const select = createAideGreedySelector();
const ids = (selection: { chosen: readonly { id: string }[] }) => selection.chosen.map((candidate) => candidate.id);

describe("createAideGreedySelector (AIDE's search_policy)", () => {
  it('drafts until there are numDrafts drafts, buggy ones included, without drawing', async () => {
    const nodes = journal([
      ['d1', null, 0.5],
      ['d2', null, 'bug'],
      ['i1', 'd1', 0.6],
      ['d3', null, 0.4],
      ['d4', null, 'bug'],
    ]);
    const selection = await select({ candidates: aideCandidates(nodes), random: forbiddenRandom });
    expect(selection).toEqual({ action: 'draft', chosen: [] });
  });

  it('debugs a uniformly drawn buggy leaf with debug depth <= maxDebugDepth when the first draw is below debugProbability', async () => {
    const nodes = journal([
      ['d1', null, 0.5],
      ['d2', null, 'bug'], // buggy, but not a leaf
      ['x1', 'd2', 'bug'], // debug depth 1
      ['x2', 'x1', 'bug'], // 2
      ['x3', 'x2', 'bug'], // 3
      ['x4', 'x3', 'bug'], // 4: too deep
      ['d3', null, 'bug'], // buggy leaf, depth 0
      ['d4', null, 0.7],
      ['d5', null, 0.6],
    ]);
    // x3 is not a leaf and x4 is deeper than 3: only d3 qualifies.
    expect(ids(await select({ candidates: aideCandidates(nodes), random: scriptedRandom([0.49, 0.99]) }))).toEqual(['d3']);
    const deeper = journal([
      ...nodes.map((node) => [node.id, node.parentId, node.metric ?? 'bug'] as const).slice(0, 5),
      ['d3', null, 'bug'],
      ['d4', null, 0.7],
      ['d5', null, 0.6],
      ['d6', null, 0.1],
    ]);
    // x3 (depth 3, a leaf now) and d3: the second draw picks index floor(0.5 × 2) = 1.
    const selection = await select({ candidates: aideCandidates(deeper), random: scriptedRandom([0.1, 0.5]) });
    expect(selection.action).toBe('debug');
    expect(ids(selection)).toEqual(['d3']);
    expect(ids(await select({ candidates: aideCandidates(deeper), random: scriptedRandom([0.1, 0.2]) }))).toEqual(['x3']);
  });

  it('improves the best good node (the first on ties) when the draw is at or above debugProbability', async () => {
    const nodes = journal([
      ['d1', null, 0.5],
      ['d2', null, 0.9],
      ['d3', null, 'bug'],
      ['d4', null, 0.9],
      ['d5', null, 0.1],
    ]);
    const selection = await select({ candidates: aideCandidates(nodes), random: scriptedRandom([0.5]) });
    expect(selection.action).toBe('improve');
    expect(ids(selection)).toEqual(['d2']);
  });

  it('falls through to greedy when nothing is debuggable, and drafts when nothing is good', async () => {
    const good = journal([
      ['d1', null, 0.5],
      ['d2', null, 0.3],
      ['d3', null, 0.2],
      ['d4', null, 0.1],
      ['d5', null, 0.4],
    ]);
    expect(ids(await select({ candidates: aideCandidates(good), random: scriptedRandom([0]) }))).toEqual(['d1']);
    const allBuggy = journal([
      ['d1', null, 'bug'],
      ['d2', null, 'bug'],
      ['d3', null, 'bug'],
      ['d4', null, 'bug'],
      ['d5', null, 'bug'],
    ]);
    expect(await select({ candidates: aideCandidates(allBuggy), random: scriptedRandom([0.9]) })).toEqual({ action: 'draft', chosen: [] });
  });

  it('reproduces a scripted draft/debug/greedy sequence with AIDE defaults', async () => {
    const entries: [string, string | null, number | 'bug'][] = [];
    const actions: string[] = [];
    // Draws: greedy, debug + pick, debug + pick, greedy, debug + pick.
    const draws = scriptedRandom([0.7, 0.2, 0.0, 0.4, 0.9, 0.6, 0.3, 0.1]);
    const outcomes: (number | 'bug')[] = [0.5, 'bug', 0.6, 0.4, 'bug', 0.65, 0.7, 'bug', 0.72, 0.8];
    for (const outcome of outcomes) {
      const selection = await select({ candidates: aideCandidates(journal(entries)), random: draws });
      const parent = selection.chosen[0]?.id ?? null;
      actions.push(`${selection.action}${parent === null ? '' : `:${parent}`}`);
      entries.push([`n${entries.length + 1}`, parent, outcome]);
    }
    expect(actions).toEqual([
      ...['draft', 'draft', 'draft', 'draft', 'draft'], // n1..n5 (n2 and n5 buggy); no draws while drafting
      'improve:n3', // 0.7 >= 0.5: greedy, n3 (0.6) is the best
      'debug:n2', // 0.2 < 0.5: buggy leaves [n2, n5], 0.0 picks n2; its fix n7 scores 0.7
      'debug:n5', // 0.4 < 0.5: only n5 is a buggy leaf now; n8 stays buggy (debug depth 1)
      'improve:n7', // 0.6: greedy, n7 (0.7) is the best
      'debug:n8', // 0.3: n8 is a buggy leaf of debug depth 1 <= 3
    ]);
    expect(draws.used).toBe(8);
  });

  it('names a bad option', () => {
    expect(() => createAideGreedySelector({ debugProbability: 2 })).toThrowError(InvalidOptionsError);
  });
});

/** Operators whose proposals name their operator and parent; `metric` decides each evaluation. */
function recordingOperators(log: string[]): AideOperators {
  let count = 0;
  const proposal = (what: string) => ({ plan: what, code: `# ${what} #${(count += 1)}` });
  return {
    draft: () => (log.push('draft'), proposal('draft')),
    improve: ({ parent }) => (log.push(`improve:${parent.id}`), proposal(`improve ${parent.id}`)),
    debug: ({ parent }) => (log.push(`debug:${parent.id}`), proposal(`debug ${parent.id}`)),
  };
}

describe('createAideGreedySearch', () => {
  it("dispatches by the parent's state, derives debug depth and applies the metric's direction", async () => {
    const log: string[] = [];
    const metrics = [0.3, null, 0.2, 0.5, 0.1, 0.05, 0.4];
    let evaluated = 0;
    const search = createAideGreedySearch({
      operators: recordingOperators(log),
      evaluate: () => ({ metric: evaluated < metrics.length ? metrics[evaluated++]! : 0.9 }),
      selector: createAideGreedySelector({ numDrafts: 3, debugProbability: 1 }),
      lowerIsBetter: true,
    });
    await search.run(6);
    // Drafts n1..n3 (n2 buggy), then debug n2 (always, debugProbability 1), then greedy on the LOWEST metric.
    expect(log).toEqual(['draft', 'draft', 'draft', 'debug:node-2', 'improve:node-3', 'improve:node-5']);
    expect(search.nodes.map((node) => [node.id, node.operator, node.parentId, node.debugDepth])).toEqual([
      ['node-1', 'draft', null, 0],
      ['node-2', 'draft', null, 0],
      ['node-3', 'draft', null, 0],
      ['node-4', 'debug', 'node-2', 1],
      ['node-5', 'improve', 'node-3', 0],
      ['node-6', 'improve', 'node-5', 0],
    ]);
    expect(search.nodes.map((node) => node.metric)).toEqual([0.3, null, 0.2, 0.5, 0.1, 0.05]);
    expect(search.best()?.id).toBe('node-6');
  });

  it('never evaluates a node the novelty gate rejects, never keeps it, and never picks it as a parent', async () => {
    const log: string[] = [];
    const evaluated: string[] = [];
    // Every improve of node-1 is a near-duplicate; everything else is novel.
    const source = functionNoveltySource({ id: 'scripted', novelty: (node) => (node.plan === 'improve node-1' ? 0 : 0.5) });
    const selector = wrapSelector({
      selector: createAideGreedySelector({ numDrafts: 1 }),
      middleware: noveltyGate({ source, threshold: 0.1, maxResamples: 1 }),
    });
    const rejected: string[] = [];
    selector.events.on('candidate-rejected', (event) => rejected.push(event.id));
    const search = createAideGreedySearch({
      operators: recordingOperators(log),
      evaluate: (node) => (evaluated.push(node.id), { metric: 0.5 }),
      selector,
      random: createSeededRandom(3),
    });
    const steps = [];
    for (let index = 0; index < 3; index += 1) steps.push(await search.step());
    // Each later step proposes twice (maxResamples 1) and then gives the slot up.
    expect(rejected).toEqual(['node-2', 'node-3', 'node-4', 'node-5']);
    expect(steps.map((step) => [step.node?.id, step.rejections.length])).toEqual([
      ['node-1', 0],
      [undefined, 2],
      [undefined, 2],
    ]);
    expect(evaluated).toEqual(['node-1']);
    expect(search.nodes.map((node) => node.id)).toEqual(['node-1']);
    expect(log.every((entry) => entry === 'draft' || entry === 'improve:node-1')).toBe(true);
  });
});

/** A random AIDE journal: drafts and children of earlier nodes, a third of them buggy, metrics on a coarse grid. */
function randomJournal(random: RandomSource): JournalEntry[] {
  const size = 1 + Math.floor(random() * 30);
  const entries: JournalEntry[] = [];
  for (let index = 0; index < size; index += 1) {
    const parent = index === 0 || random() < 0.3 ? null : entries[Math.floor(random() * index)]![0];
    entries.push([`n${index}`, parent, random() < 0.3 ? 'bug' : Math.round(random() * 20) / 20]);
  }
  return entries;
}

/** Operators that ignore any directive, so both runs get identical proposals. */
function scriptedOperators(seed: number): {
  operators: AideOperators;
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

describe('AIDE greedy with every middleware at strength 0', () => {
  it('selects exactly what the unshaped policy selects, over random journals (property)', async () => {
    const trees = createSeededRandom(2024);
    for (let trial = 0; trial < 150; trial += 1) {
      const nodes = journal(randomJournal(trees));
      const selector = createAideGreedySelector({ numDrafts: Math.floor(trees() * 4), maxDebugDepth: Math.floor(trees() * 4) });
      const shaped = wrapSelector({ selector, middleware: zeroStrengthMiddleware(hashedNovelty()) });
      // Tell shaping about the journal so the schedule reaches explore mode and every source has scores.
      for (const node of nodes) {
        await shaped.admit(node);
        await shaped.observe(node, { valid: !node.buggy, value: 0 });
      }
      const seed = Math.floor(trees() * 1e9);
      const plainRandom = createSeededRandom(seed);
      const shapedRandom = createSeededRandom(seed);
      for (let call = 0; call < 4; call += 1) {
        const plain = await selector({ candidates: aideCandidates(nodes), random: plainRandom });
        const withShaping = await shaped({ candidates: aideCandidates(nodes), random: shapedRandom });
        expect([withShaping.action, withShaping.chosen.map((candidate) => candidate.id)]).toEqual([
          plain.action,
          plain.chosen.map((candidate) => candidate.id),
        ]);
      }
      expect(shapedRandom()).toBe(plainRandom());
    }
  });

  it('grows the same journal as the unshaped search, with the real novelty scorer', async () => {
    for (const seed of [1, 2, 3]) {
      const plain = scriptedOperators(seed);
      const unshaped = createAideGreedySearch({ ...plain, seed });
      const source = scorerNoveltySource({ scorer: createNoveltyScorer({ runId: `identity-${seed}` }) });
      const shapedSelector = wrapSelector({ selector: createAideGreedySelector(), middleware: zeroStrengthMiddleware(source) });
      const modes: string[] = [];
      shapedSelector.events.on('mode-changed', (event) => modes.push(event.to));
      const shaped = createAideGreedySearch({ ...scriptedOperators(seed), seed, selector: shapedSelector });
      await unshaped.run(25);
      await shaped.run(25);
      const summary = (search: typeof unshaped) => search.nodes.map((node) => [node.id, node.operator, node.parentId, node.metric]);
      expect(summary(shaped)).toEqual(summary(unshaped));
      expect(modes).toContain('explore');
    }
  });
});
