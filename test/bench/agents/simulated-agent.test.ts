import { describe, expect, it } from 'vitest';
import type { AideNode } from '../../../adapters/aide-greedy/index.js';
import { createSimulatedAgent, familiesNamedIn, familiesOf, type SimulatedAgent } from '../../../bench/agents/index.js';
import { benchTasks } from '../../../bench/tasks/task-definitions.js';
import { formatNoveltyDirective } from '../../../src/index.js';

const boston = benchTasks.find((task) => task.task === 'boston')!;

/** A journal of `length` placeholder nodes, so an operator sees that episode index. */
const journalOf = (length: number, node: AideNode): AideNode[] => Array.from({ length }, () => node);

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
  const draft = await agent.operators.draft({ journal: [] });
  const node = nodeOf(draft);
  const texts = [draft.code];
  for (let index = 1; index < 12; index += 1) texts.push((await agent.operators.improve({ journal: journalOf(index, node), parent: node })).code);
  texts.push((await agent.operators.debug({ journal: journalOf(12, node), parent: node })).code);
  return texts;
}

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
    const draft = await agent.operators.draft({ journal: [] });
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
      const { code } = await agent.operators.draft({ journal: [] });
      const family = familiesOf(agent.proposalOf(code)!.config)[0]!;
      counts.set(family, (counts.get(family) ?? 0) + 1);
    }
    expect(counts.get('naive-bayes') ?? 0).toBe(0);
    expect(counts.get('boosting')!).toBeGreaterThan(counts.get('knn') ?? 0);
    expect((counts.get('boosting') ?? 0) + (counts.get('random-forest') ?? 0) + (counts.get('linear') ?? 0)).toBeGreaterThan(300);
  });

  it('drifts from strategic changes early to refinements late', async () => {
    const budget = 50;
    const agent = createSimulatedAgent({ task: boston, seed: 11, budget, bugRate: 0 });
    const node = nodeOf(await agent.operators.draft({ journal: [] }));
    const shareAt = async (episode: number, samples: number) => {
      const before = agent.proposals.length;
      for (let index = 0; index < samples; index += 1) await agent.operators.improve({ journal: journalOf(episode, node), parent: node });
      // The log, not proposalOf: a refinement and a new component can reach the same pipeline (and code).
      const made = agent.proposals.slice(before);
      expect(made.every((proposal) => proposal.episode === episode)).toBe(true);
      return made.filter((proposal) => proposal.strategic).length / samples;
    };
    const early = await shareAt(0, 600);
    const late = await shareAt(budget - 1, 600);
    expect(agent.strategicProbability(0)).toBeCloseTo(0.75);
    expect(agent.strategicProbability(budget - 1)).toBeCloseTo(0.25);
    expect(early).toBeGreaterThan(0.68);
    expect(early).toBeLessThan(0.82);
    expect(late).toBeGreaterThan(0.18);
    expect(late).toBeLessThan(0.32);
  });

  it('writes buggy scripts at its bug rate and debugging fixes them', async () => {
    const agent = createSimulatedAgent({ task: boston, seed: 5, bugRate: 1, debugSuccess: 1 });
    const draft = await agent.operators.draft({ journal: [] });
    expect(agent.proposalOf(draft.code)!.bug).not.toBeNull();
    const fixed = await agent.operators.debug({ journal: [], parent: { ...nodeOf(draft), buggy: true, metric: null } });
    const proposal = agent.proposalOf(fixed.code)!;
    expect(proposal.bug).toBeNull();
    expect(proposal.config).toEqual(agent.proposalOf(draft.code)!.config);
  });

  it('drafts outside the families a novelty directive names', async () => {
    const directive = formatNoveltyDirective({ concepts: new Map([['xgboost', 3], ['random-forest', 2], ['ridge-regression', 1]]) });
    expect([...familiesNamedIn(directive)].sort()).toEqual(['boosting', 'linear', 'random-forest']);
    const agent = createSimulatedAgent({ task: boston, seed: 2, directiveCompliance: 1, draftEnsembleProbability: 0.2 });
    for (let index = 0; index < 200; index += 1) {
      const { code } = await agent.operators.draft({ journal: [], directive });
      const proposal = agent.proposalOf(code)!;
      expect(proposal.followedDirective).toBe(true);
      for (const family of familiesOf(proposal.config)) expect(['boosting', 'linear', 'random-forest']).not.toContain(family);
    }
  });

  it('rejects a prior without any weight', () => {
    expect(() => createSimulatedAgent({ task: boston, familyPrior: { boosting: 0 } })).toThrow(/familyPrior/);
  });
});
