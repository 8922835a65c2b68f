import { describe, expect, it } from 'vitest';
import { paradigmsNamedIn } from '../../../bench/packing/paradigm-words.js';
import { createSimulatedPackingAgent } from '../../../bench/packing/simulated-packing-agent.js';
import { ConceptExtractor, formatNoveltyDirective } from '../../../src/index.js';

describe('the simulated packing agent', () => {
  it('drafts from its prior, and renders each paradigm as a distinct program', async () => {
    const agent = createSimulatedPackingAgent({ seed: 4, bugRate: 0 });
    for (let index = 0; index < 60; index++) await agent.operators.draft({});
    const paradigms = new Set(agent.proposals.map((proposal) => proposal.config.layout.paradigm));
    expect(paradigms.size).toBeGreaterThanOrEqual(4);
    const codeOf = (paradigm: string) => agent.proposals.find((proposal) => proposal.config.layout.paradigm === paradigm)!.code;
    expect(codeOf('rings')).toContain('np.cos(angle)');
    expect(codeOf('hexagonal')).toContain('np.sqrt(3) / 2');
    expect(codeOf('grid')).not.toContain('np.cos');
    for (const proposal of agent.proposals) expect(proposal.code).toContain('def construct_packing():');
  });

  it('follows a directive by its own lexicon: drafts and switches avoid the paradigms its prose names and the parent', async () => {
    const directive = 'Novelty directive: this run keeps building concentric rings and hexagonal lattices; try another idea.';
    expect(paradigmsNamedIn(directive)).toEqual(new Set(['rings', 'hexagonal']));
    const agent = createSimulatedPackingAgent({ seed: 2, bugRate: 0, directiveCompliance: 1, directiveAvoidsTried: false });
    for (let index = 0; index < 40; index++) await agent.operators.draft({ directive });
    expect(
      agent.proposals.every((proposal) => !['rings', 'hexagonal'].includes(proposal.config.layout.paradigm) && proposal.followedDirective),
    ).toBe(true);
    const parent = agent.proposals.find((proposal) => proposal.config.layout.paradigm === 'grid')!;
    for (let index = 0; index < 20; index++) await agent.operators.improve({ parent: { code: parent.code }, directive });
    const improvements = agent.proposals.slice(40);
    expect(
      improvements.every(
        (proposal) => proposal.kind === 'family-switch' && !['rings', 'hexagonal', 'grid'].includes(proposal.config.layout.paradigm),
      ),
    ).toBe(true);
  });

  it('adds a component its run has not tried when a directive asks for one on top of the best', async () => {
    const directive = formatNoveltyDirective({ concepts: new Map(), ask: 'new-component' });
    const agent = createSimulatedPackingAgent({ seed: 8, bugRate: 0, directiveCompliance: 1 });
    await agent.operators.draft({});
    const draft = agent.proposals[0]!;
    const parent = { code: draft.code };
    // Untried components first (by the prior among them), whatever the prior's weights: polish comes within three.
    for (let index = 0; index < 3; index++) await agent.operators.improve({ parent, directive });
    const improvements = agent.proposals.slice(1);
    expect(
      improvements.every((proposal) => proposal.kind === 'component' && proposal.config.layout.paradigm === draft.config.layout.paradigm),
    ).toBe(true);
    expect(improvements.some((proposal) => proposal.config.polish !== null)).toBe(true);
  });

  it('remembers what its run tried: a followed directive steers away from every paradigm drafted so far (unless told not to)', async () => {
    const directive = 'Novelty directive: This run has converged on one approach. Propose a solution built on a different idea.';
    for (const directiveAvoidsTried of [true, false]) {
      const agent = createSimulatedPackingAgent({ seed: 6, bugRate: 0, directiveCompliance: 1, directiveAvoidsTried });
      for (let index = 0; index < 3; index++) await agent.operators.draft({});
      const tried = new Set(agent.proposals.map((proposal) => proposal.config.layout.paradigm));
      const parent = agent.proposals[0]!;
      for (let index = 0; index < 30; index++) await agent.operators.improve({ parent: { code: parent.code }, directive });
      const switched = agent.proposals.slice(3).map((proposal) => proposal.config.layout.paradigm);
      if (directiveAvoidsTried) {
        // Each improvement sees the paradigms tried before it, its own earlier switches included.
        expect(switched.slice(0, 5 - tried.size).every((paradigm) => !tried.has(paradigm))).toBe(true);
        expect(new Set([...tried, ...switched.slice(0, 5 - tried.size)]).size).toBe(5);
      } else {
        expect(switched.every((paradigm) => paradigm !== parent.config.layout.paradigm)).toBe(true);
        expect(switched.some((paradigm) => tried.has(paradigm))).toBe(true);
      }
    }
  });

  it("reads the library's directive as prose: constructions have no concept in boden's vocabulary, optimisation is heard by its optimiser", async () => {
    const agent = createSimulatedPackingAgent({ seed: 4, bugRate: 0 });
    for (let index = 0; index < 60; index++) await agent.operators.draft({});
    const extractor = new ConceptExtractor();
    const conceptsOf = (paradigms: readonly string[]) => {
      const counts = new Map<string, number>();
      for (const proposal of agent.proposals.filter((made) => paradigms.includes(made.config.layout.paradigm))) {
        for (const id of extractor.extract({ plan: proposal.plan, code: proposal.code })) counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      return counts;
    };
    // What adaptiveExploration hands over for a run of constructions names none of them ...
    const constructions = formatNoveltyDirective({ concepts: conceptsOf(['rings', 'grid', 'hexagonal', 'greedy']) });
    expect(constructions).toContain('converged on one approach');
    expect(paradigmsNamedIn(constructions)).toEqual(new Set());
    // ... and once the run has tried the optimiser, its Adam is named, and the agent hears optimisation.
    const withOptimiser = formatNoveltyDirective({ concepts: conceptsOf(['rings', 'optimiser']) });
    expect(withOptimiser).toContain('adam');
    expect(paradigmsNamedIn(withOptimiser)).toEqual(new Set(['optimiser']));
  });

  it('ignores every directive at compliance 0, and debugs an invalid packing by repairing its radii', async () => {
    const agent = createSimulatedPackingAgent({ seed: 9, bugRate: 0, directiveCompliance: 0 });
    for (let index = 0; index < 20; index++)
      await agent.operators.draft({ directive: 'avoid rings, grids, lattices and greedy placement' });
    expect(agent.proposals.every((proposal) => !proposal.followedDirective)).toBe(true);
    const broken = createSimulatedPackingAgent({ seed: 1, bugRate: 0, debugSuccess: 1 });
    const { code } = await broken.operators.draft({});
    // A parent the agent made: an improvement that scaled the radii (found by refining until one does).
    let parentCode = code;
    for (let index = 0; index < 200 && broken.proposalOf(parentCode)!.config.radiusFactor <= 1; index++) {
      parentCode = (await broken.operators.improve({ parent: { code } })).code;
    }
    expect(broken.proposalOf(parentCode)!.config.radiusFactor).toBeGreaterThan(1);
    const fixed = broken.proposalOf((await broken.operators.debug({ parent: { code: parentCode } })).code)!;
    expect(fixed.config.radiusFactor).toBe(1);
    expect(fixed.kind).toBe('debug');
  });
});
