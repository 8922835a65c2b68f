import { createSeededRandom, parseOptions } from 'boden';
import type { BenchAgent, BenchAgentOperators, ProposalKind } from '../agents/bench-agent.js';
import { asksForComponent, createProposalBook } from '../agents/proposal-book.js';
import { simulatedAgentProfiles } from '../agents/simulated-agent-options.js';
import { createStrategicSchedule } from '../agents/strategic-schedule.js';
import type { PackingParadigm, PackingProgram } from './packing-program.js';
import {
  addComponent,
  componentsOfProgram,
  crossPrograms,
  draftProgram,
  drawParadigm,
  refineProgram,
  repairProgram,
  sampleLayout,
  switchParadigm,
} from './packing-moves.js';
import { paradigmsNamedIn } from './paradigm-words.js';
import { renderPackingCode, renderPackingPlan } from './render-packing-program.js';
import { SimulatedPackingAgentOptionsSchema, type SimulatedPackingAgentOptions } from './simulated-packing-agent-options.js';

/** A stand-in for a program-writing LLM on circle packing: see `createSimulatedPackingAgent`. */
export type SimulatedPackingAgent = BenchAgent<PackingProgram>;

const bugs = [
  'IndexError: index 26 is out of bounds for axis 0 with size 26',
  'ValueError: operands could not be broadcast together with shapes (26,2) (25,2)',
  "NameError: name 'radii' is not defined",
  "TypeError: construct_packing() missing 1 required positional argument: 'n'",
];

/**
 * A simulated program-writing agent for circle packing, shaped like the tabular `SimulatedAgent`: drafts
 * constructions from a prior over paradigms (numerical optimisation rarely), improves mostly by strategic changes
 * (a component on top, or another paradigm) until it has something that works and by refining settings after
 * (profile v2: the share falls with each new best; v1: with the episode index), writes buggy programs at a seeded
 * rate and fixes them with some probability, and follows a novelty directive by switching away from the paradigms
 * the directive's prose names (read with its own lexicon), its parent's, and (`directiveAvoidsTried`) every paradigm
 * the run has tried. Plan and code come from the
 * renderers, so embedders and judges read program text, never the configuration.
 *
 * @example
 * const agent = createSimulatedPackingAgent({ seed: 1, budget: 40 });
 */
export function createSimulatedPackingAgent(options: SimulatedPackingAgentOptions = {}): SimulatedPackingAgent {
  const parsed = parseOptions(SimulatedPackingAgentOptionsSchema, options, 'createSimulatedPackingAgent');
  const { budget, paradigmPrior, componentPrior, strategicStart, strategicEnd, directiveCompliance, directiveAvoidsTried } = parsed;
  const profile = simulatedAgentProfiles[parsed.profile];
  const bugRate = parsed.bugRate ?? profile.bugRate;
  const debugSuccess = parsed.debugSuccess ?? profile.debugSuccess;
  const paradigmSwitchShare = parsed.paradigmSwitchShare ?? profile.switchShare;
  const random = parsed.random ?? createSeededRandom(parsed.seed);
  const book = createProposalBook<PackingProgram>('createSimulatedPackingAgent', (config) => ({
    plan: renderPackingPlan(config),
    code: renderPackingCode(config),
  }));
  // The sum of radii is maximised.
  const schedule = createStrategicSchedule({
    driver: parsed.collapse ?? profile.collapse,
    start: strategicStart,
    end: strategicEnd,
    budget,
    lockIn: parsed.lockIn,
    maximize: true,
  });
  const bugOf = (): string | null => (random() < bugRate ? bugs[Math.floor(random() * bugs.length)]! : null);
  const directed = (directive: string | undefined): Set<PackingParadigm> | undefined => {
    if (directive === undefined) return undefined;
    if (random() >= directiveCompliance) return undefined;
    const avoided = paradigmsNamedIn(directive);
    if (directiveAvoidsTried) for (const proposal of book.proposals) avoided.add(proposal.config.layout.paradigm);
    return avoided;
  };
  const { propose, parentOf } = book;

  const operators: BenchAgentOperators = {
    draft({ directive }) {
      const avoided = directed(directive);
      const paradigm = drawParadigm(paradigmPrior, random, avoided);
      const draft = draftProgram(sampleLayout(paradigm, random));
      // A first program often gives every circle one radius.
      const config: PackingProgram = paradigm !== 'optimiser' && random() < 0.4 ? { ...draft, radii: 'uniform' } : draft;
      return propose(config, { kind: 'draft', strategic: false, bug: bugOf(), followedDirective: avoided !== undefined }, directive);
    },
    improve({ parent: parentNode, directive }) {
      const parent = parentOf(parentNode).config;
      const avoided = directed(directive);
      const strategic = avoided !== undefined || random() < schedule.probability(book.proposals.length);
      let config: PackingProgram;
      let kind: ProposalKind;
      if (avoided !== undefined && asksForComponent(directive)) {
        // Asked for a component on top of the parent: one the run has not tried, as an agent seeing its history would.
        const tried = new Set(book.proposals.flatMap((proposal) => [...componentsOfProgram(proposal.config)]));
        config = addComponent(parent, componentPrior, random, tried);
        kind = 'component';
      } else if (!strategic) {
        config = refineProgram(parent, random);
        kind = 'refinement';
      } else if (avoided !== undefined || random() < paradigmSwitchShare) {
        config = switchParadigm(parent, paradigmPrior, random, avoided);
        kind = 'family-switch';
      } else {
        config = addComponent(parent, componentPrior, random);
        kind = 'component';
      }
      return propose(config, { kind, strategic, bug: bugOf(), followedDirective: avoided !== undefined }, directive);
    },
    debug({ parent: parentNode }) {
      const parent = parentOf(parentNode);
      const fixed = random() < debugSuccess;
      // A synthetic bug is fixed by removing it; an invalid packing by repairing the radii.
      const config = !fixed || parent.bug !== null ? parent.config : repairProgram(parent.config);
      const bug = fixed ? null : bugs[Math.floor(random() * bugs.length)]!;
      return propose(config, { kind: 'debug', strategic: false, bug, followedDirective: false }, undefined);
    },
    crossover({ parents: [first, second], directive }) {
      const avoided = directed(directive);
      let config = crossPrograms(parentOf(first).config, parentOf(second).config, random);
      if (avoided?.has(config.layout.paradigm)) config = switchParadigm(config, paradigmPrior, random, avoided);
      return propose(config, { kind: 'crossover', strategic: true, bug: bugOf(), followedDirective: avoided !== undefined }, directive);
    },
  };

  return {
    operators,
    proposals: book.proposals,
    proposalOf: book.proposalOf,
    observe: (_code, outcome) => schedule.observe(outcome.score),
  };
}
