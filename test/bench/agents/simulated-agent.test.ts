import { describe, expect, it } from 'vitest';
import type { AideNode } from '../../../adapters/aide-greedy/index.js';
import { createSimulatedAgent, familiesNamedIn, familiesOf, type SimulatedAgent } from '../../../bench/agents/index.js';
import { componentsOf } from '../../../bench/agents/pipeline-moves.js';
import { asksForComponent } from '../../../bench/agents/proposal-book.js';
import { benchTasks } from '../../../bench/tasks/task-definitions.js';
import { formatNoveltyDirective } from '../../../src/index.js';

const boston = benchTasks.find((task) => task.task === 'boston')!;

const nodeOf = (proposal: { plan: string; code: string }, id = 'node-1'): AideNode => ({
  id,
  step: 0,
  parentId: null,
  operator: 'draft',
  plan: proposal.plan,
  code: proposal.code,
  metric: 5,
  buggy: false,
  debugDepth: 0,
  children: [],
});

async function script(agent: SimulatedAgent): Promise<string[]> {
  const draft = await agent.operators.draft({});
  const node = nodeOf(draft);
  const texts = [draft.code];
  for (let index = 1; index < 12; index += 1) texts.push((await agent.operators.improve({ parent: node })).code);
  texts.push((await agent.operators.debug({ parent: node })).code);
  return texts;
}

/** `count` improvements of one parent; the proposals they made. */
async function improveMany(agent: SimulatedAgent, parent: AideNode, count: number) {
  const before = agent.proposals.length;
  for (let index = 0; index < count; index += 1) await agent.operators.improve({ parent });
  return agent.proposals.slice(before);
}

/** The share of strategic proposals. */
const share = (made: readonly { strategic: boolean }[]) => made.filter((proposal) => proposal.strategic).length / made.length;

describe('createSimulatedAgent', () => {
  it('is deterministic for a seed and differs across seeds', async () => {
    const first = await script(createSimulatedAgent({ task: boston, seed: 7, budget: 12 }));
    const again = await script(createSimulatedAgent({ task: boston, seed: 7, budget: 12 }));
    const other = await script(createSimulatedAgent({ task: boston, seed: 8, budget: 12 }));
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
  });

  it('carries rendered plan and code, and maps code back to the pipeline', async () => {
    const agent = createSimulatedAgent({ task: boston, seed: 1, bugRate: 0 });
    const draft = await agent.operators.draft({});
    const proposal = agent.proposalOf(draft.code)!;
    expect(proposal.kind).toBe('draft');
    expect(draft.plan.length).toBeGreaterThan(20);
    expect(draft.code).toMatch(/import/);
    expect(proposal.bug).toBeNull();
  });

  it('drafts from its family prior, never a family the task cannot use', async () => {
    const agent = createSimulatedAgent({ task: boston, seed: 3, draftEnsembleProbability: 0 });
    const counts = new Map<string, number>();
    for (let index = 0; index < 400; index += 1) {
      const { code } = await agent.operators.draft({});
      const family = familiesOf(agent.proposalOf(code)!.config)[0]!;
      counts.set(family, (counts.get(family) ?? 0) + 1);
    }
    expect(counts.get('naive-bayes') ?? 0).toBe(0);
    expect(counts.get('boosting')!).toBeGreaterThan(counts.get('knn') ?? 0);
    expect((counts.get('boosting') ?? 0) + (counts.get('random-forest') ?? 0) + (counts.get('linear') ?? 0)).toBeGreaterThan(300);
  });

  it('profile v1: drifts from strategic changes early to refinements late, with the clock', async () => {
    // The episode index is the number of proposals made so far: sample the first and the last 300 of a long budget.
    const budget = 2000;
    const agent = createSimulatedAgent({ task: boston, seed: 11, budget, bugRate: 0, profile: 'v1' });
    const node = nodeOf(await agent.operators.draft({}));
    const improve = (count: number) => improveMany(agent, node, count);
    const early = await improve(300);
    await improve(budget - 601);
    const late = await improve(300);
    expect(early.map((proposal) => proposal.episode)).toEqual(Array.from({ length: 300 }, (_, index) => index + 1));
    expect(late.at(-1)!.episode).toBe(budget - 1);
    expect(agent.strategicProbability(0)).toBeCloseTo(0.75);
    expect(agent.strategicProbability(budget - 1)).toBeCloseTo(0.25);
    // Expected shares: 0.71 over the first 300 proposals, 0.29 over the last 300.
    expect(share(early)).toBeGreaterThan(0.63);
    expect(share(early)).toBeLessThan(0.79);
    expect(share(late)).toBeGreaterThan(0.21);
    expect(share(late)).toBeLessThan(0.37);
  });

  it('profile v2: the strategic share falls with each new best it observes, not with the episode index', async () => {
    const agent = createSimulatedAgent({ task: boston, seed: 11, budget: 40, bugRate: 0 });
    const node = nodeOf(await agent.operators.draft({}));
    const improve = (count: number) => improveMany(agent, node, count);
    // Nothing has worked yet: 300 improvements later (far past the budget) it is still at the start's 0.75.
    expect(agent.strategicProbability(0)).toBeCloseTo(0.75);
    const before = await improve(300);
    expect(agent.strategicProbability(300)).toBeCloseTo(0.75);
    expect(share(before)).toBeGreaterThan(0.67);
    expect(share(before)).toBeLessThan(0.83);
    // Boston's RMSE is minimised: 5, then 4 and 3 are new bests, 6 and a buggy script are not.
    for (const score of [5, 6, 4, null, 3]) agent.observe!(node.code, { score, error: score === null ? 'crash' : null });
    const expected = 0.25 + 0.5 * 0.8 ** 3;
    expect(agent.strategicProbability(0)).toBeCloseTo(expected);
    const after = await improve(300);
    // Expected share 0.506; the 300 draws have a standard error of 0.029.
    expect(share(after)).toBeGreaterThan(expected - 0.09);
    expect(share(after)).toBeLessThan(expected + 0.09);
    for (let best = 2; best > 1; best -= 0.02) agent.observe!(node.code, { score: best, error: null });
    expect(agent.strategicProbability(0)).toBeCloseTo(0.25, 3);
  });

  it('takes its crash rate from its profile unless an option overrides it', async () => {
    const crashes = async (options: Parameters<typeof createSimulatedAgent>[0]) => {
      const agent = createSimulatedAgent(options);
      for (let index = 0; index < 2000; index += 1) await agent.operators.draft({});
      return agent.proposals.filter((proposal) => proposal.bug !== null).length / 2000;
    };
    // Standard errors about 0.009: v2's 0.19, v1's 0.15, an override's 0.4.
    expect(Math.abs((await crashes({ task: boston, seed: 5 })) - 0.19)).toBeLessThan(0.03);
    expect(Math.abs((await crashes({ task: boston, seed: 5, profile: 'v1' })) - 0.15)).toBeLessThan(0.03);
    expect(Math.abs((await crashes({ task: boston, seed: 5, bugRate: 0.4 })) - 0.4)).toBeLessThan(0.04);
    expect(() => createSimulatedAgent({ task: boston, profile: 'v3' as never })).toThrow(/profile/);
  });

  it('crosses two parents over, and records the directive it was given', async () => {
    const agent = createSimulatedAgent({ task: boston, seed: 9, bugRate: 0, draftEnsembleProbability: 0 });
    const first = await agent.operators.draft({});
    const second = await agent.operators.draft({});
    const parents = [agent.proposalOf(first.code)!.config, agent.proposalOf(second.code)!.config];
    const directive = formatNoveltyDirective({ concepts: new Map([['xgboost', 3]]) });
    for (let index = 0; index < 50; index += 1) {
      const child = await agent.operators.crossover({ parents: [nodeOf(first, 'a'), nodeOf(second, 'b')], directive });
      const proposal = agent.proposalOf(child.code)!;
      expect(proposal.kind).toBe('crossover');
      expect(proposal.strategic).toBe(true);
      expect(proposal.directive).toBe(directive);
      // Every preprocessing step comes from one of the two parents.
      for (const [key, value] of Object.entries(proposal.config.preprocessing)) {
        expect(parents.map((parent) => JSON.stringify((parent.preprocessing as Record<string, unknown>)[key]))).toContain(
          JSON.stringify(value),
        );
      }
      if (proposal.followedDirective) expect(familiesOf(proposal.config)).not.toContain('boosting');
    }
  });

  it('writes buggy scripts at its bug rate and debugging fixes them', async () => {
    const agent = createSimulatedAgent({ task: boston, seed: 5, bugRate: 1, debugSuccess: 1 });
    const draft = await agent.operators.draft({});
    expect(agent.proposalOf(draft.code)!.bug).not.toBeNull();
    const fixed = await agent.operators.debug({ parent: nodeOf(draft) });
    const proposal = agent.proposalOf(fixed.code)!;
    expect(proposal.bug).toBeNull();
    expect(proposal.config).toEqual(agent.proposalOf(draft.code)!.config);
  });

  it("reads a directive's prose with its own lexicon, not boden's concept ids", () => {
    const prose = 'So far: XGBoost twice, a Ridge regression and random forests. Avoid non-linear feature maps.';
    expect([...familiesNamedIn(prose)].sort()).toEqual(['boosting', 'linear', 'random-forest']);
    expect([...familiesNamedIn('Tried k-NN and an SVC with an RBF kernel; also a decision tree and Gaussian naive Bayes.')].sort()).toEqual(
      ['cart', 'knn', 'naive-bayes', 'svm'],
    );
    expect(familiesNamedIn('Propose a different input representation, objective or data treatment.').size).toBe(0);
  });

  it('drafts outside the families a novelty directive names', async () => {
    const directive = formatNoveltyDirective({
      concepts: new Map([
        ['xgboost', 3],
        ['random-forest', 2],
        ['ridge-regression', 1],
      ]),
    });
    expect([...familiesNamedIn(directive)].sort()).toEqual(['boosting', 'linear', 'random-forest']);
    const agent = createSimulatedAgent({ task: boston, seed: 2, directiveCompliance: 1, draftEnsembleProbability: 0.2 });
    for (let index = 0; index < 200; index += 1) {
      const { code } = await agent.operators.draft({ directive });
      const proposal = agent.proposalOf(code)!;
      expect(proposal.followedDirective).toBe(true);
      for (const family of familiesOf(proposal.config)) expect(['boosting', 'linear', 'random-forest']).not.toContain(family);
    }
  });

  it('reads a directive that asks for a component on top of the best, and adds one its run has not tried', async () => {
    const directive = formatNoveltyDirective({ concepts: new Map([['ridge-regression', 3]]), ask: 'new-component' });
    expect(asksForComponent(directive)).toBe(true);
    expect(asksForComponent(formatNoveltyDirective({ concepts: new Map([['ridge-regression', 3]]) }))).toBe(false);
    const co2 = benchTasks.find((task) => task.task === 'co2-forecast')!;
    const agent = createSimulatedAgent({ task: co2, seed: 3, bugRate: 0, directiveCompliance: 1 });
    const parent = nodeOf(await agent.operators.draft({}));
    const draft = agent.proposals[0]!.config;
    for (let index = 0; index < 6; index++) await agent.operators.improve({ parent, directive });
    const improvements = agent.proposals.slice(1);
    expect(
      improvements.every(
        (proposal) =>
          proposal.kind === 'component' && proposal.followedDirective && familiesOf(proposal.config).includes(familiesOf(draft)[0]!),
      ),
    ).toBe(true);
    // Each adds a component no earlier proposal had: six different ones.
    const added = improvements.map((proposal) =>
      [...componentsOf(proposal.config)].filter((component) => !componentsOf(draft).has(component)),
    );
    expect(added.every((components) => components.length === 1)).toBe(true);
    expect(new Set(added.flat()).size).toBe(6);
  });

  it('never proposes a feature-engineering move its card withholds (a cyclical encoding with no periodic column, a log target on classes)', async () => {
    const co2 = benchTasks.find((task) => task.task === 'co2-forecast')!;
    const cards = [
      { ...co2, featureEngineering: { periodic: {} } },
      { ...benchTasks.find((task) => task.task === 'seattle-weather')!, featureEngineering: { periodic: {} } },
    ];
    for (const task of cards) {
      for (let seed = 1; seed <= 8; seed += 1) {
        const agent = createSimulatedAgent({ task, seed, bugRate: 0, strategicStart: 1, strategicEnd: 1 });
        const parent = nodeOf(await agent.operators.draft({}));
        await improveMany(agent, parent, 40);
        const features = agent.proposals.map((proposal) => proposal.config.features);
        // Before the grid was passed, a third of such runs drew the cyclical encoding (every one a crash).
        expect(features.filter((engineered) => engineered?.cyclical === true)).toEqual([]);
        if (task.kind === 'classification') expect(features.filter((engineered) => engineered?.targetTransform === 'log')).toEqual([]);
      }
      // The other moves are still offered.
      const agent = createSimulatedAgent({ task, seed: 1, bugRate: 0, strategicStart: 1, strategicEnd: 1 });
      await improveMany(agent, nodeOf(await agent.operators.draft({})), 40);
      expect(
        agent.proposals.some((proposal) =>
          Object.values(proposal.config.features ?? {}).some((value) => value !== false && value !== null && value !== 'none'),
        ),
      ).toBe(true);
    }
  });

  it('rejects a prior without any weight', () => {
    expect(() => createSimulatedAgent({ task: boston, familyPrior: { boosting: 0 } })).toThrow(/familyPrior/);
  });
});
