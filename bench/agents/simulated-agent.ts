import { createSeededRandom, parseOptions } from 'boden';
import type { BenchAgent, BenchAgentOperators, ProposalKind } from './bench-agent.js';
import { asksForComponent, createProposalBook } from './proposal-book.js';
import { createStrategicSchedule } from './strategic-schedule.js';
import type { PipelineConfig } from '../env/pipeline-config.js';
import { offeredFeatureEngineering, type SearchableFamily } from '../env/pipeline-space.js';
import { renderPipelineCode } from '../env/render-code.js';
import { renderPipelinePlan } from '../env/render-plan.js';
import { mutatePipelineConfig, sampleModel } from '../env/sample-pipeline-config.js';
import { familiesNamedIn } from './directive-families.js';
import {
  addComponent,
  componentsOf,
  crossPipelines,
  drawFamily,
  familiesOf,
  draftPreprocessing,
  repairPipeline,
  switchFamily,
} from './pipeline-moves.js';
import { SimulatedAgentOptionsSchema, simulatedAgentProfiles, type SimulatedAgentOptions } from './simulated-agent-options.js';

/** A stand-in for an LLM agent over the pipeline space: see `createSimulatedAgent`. */
export interface SimulatedAgent extends BenchAgent {
  /** Probability that an improvement made as the `episode`-th proposal is strategic, given what the agent has observed. */
  strategicProbability(episode: number): number;
}

const bugs = [
  "KeyError: 'MEDV' (the target column was dropped before the split)",
  'ValueError: Found input variables with inconsistent numbers of samples',
  "NameError: name 'X_valid' is not defined",
  'TypeError: fit() got an unexpected keyword argument "eval_metric"',
];

/**
 * A simulated LLM research agent: drafts from a prior over model families (boosting, forests and linear models
 * first), improves mostly by strategic changes until it has something that works and by parametric refinement
 * after (profile v2: the share falls with each new best it observes; v1: with the episode index), writes buggy
 * scripts at a seeded rate and fixes them with some probability, and follows a novelty directive by drafting (or
 * switching to) families the directive does not name. Plan and code come from the environment's renderers.
 *
 * @example
 * const agent = createSimulatedAgent({ task: card, seed: 1, budget: 20 });
 * const search = createAideGreedySearch({ operators: agent.operators, evaluate, seed: 1 });
 */
export function createSimulatedAgent(options: SimulatedAgentOptions): SimulatedAgent {
  const parsed = parseOptions(SimulatedAgentOptionsSchema, options, 'createSimulatedAgent');
  const { task, budget, familyPrior, draftEnsembleProbability, strategicStart, strategicEnd, directiveCompliance } = parsed;
  const profile = simulatedAgentProfiles[parsed.profile];
  const bugRate = parsed.bugRate ?? profile.bugRate;
  const debugSuccess = parsed.debugSuccess ?? profile.debugSuccess;
  const familySwitchShare = parsed.familySwitchShare ?? profile.switchShare;
  const random = parsed.random ?? createSeededRandom(parsed.seed);
  // A task whose card offers feature engineering gets those moves among the components and refinements, without the
  // ones that can only fail on it (a cyclical encoding with no periodic column, a log target on classification).
  const featureEngineering = offeredFeatureEngineering(task)?.grid ?? false;
  const categorical = task.categoricalFeatures.length > 0;
  const book = createProposalBook<PipelineConfig>('createSimulatedAgent', (config) => ({
    plan: renderPipelinePlan(task, config),
    code: renderPipelineCode(task, config),
  }));
  const schedule = createStrategicSchedule({
    driver: parsed.collapse ?? profile.collapse,
    start: strategicStart,
    end: strategicEnd,
    budget,
    lockIn: parsed.lockIn,
    maximize: task.maximize,
  });
  const strategicProbability = (episode: number) => schedule.probability(episode);
  const bugOf = (): string | null => (random() < bugRate ? bugs[Math.floor(random() * bugs.length)]! : null);
  const directed = (directive: string | undefined): Set<SearchableFamily> | undefined => {
    if (directive === undefined) return undefined;
    return random() < directiveCompliance ? familiesNamedIn(directive) : undefined;
  };
  const { propose, parentOf: parentProposal } = book;

  const operators: BenchAgentOperators = {
    draft({ directive }) {
      const avoided = directed(directive);
      const excluded = avoided ?? new Set<SearchableFamily>();
      const family = drawFamily(familyPrior, task.kind, random, excluded);
      let model: PipelineConfig['model'] = sampleModel(family, random);
      if (random() < draftEnsembleProbability) {
        const second = drawFamily(familyPrior, task.kind, random, new Set([...excluded, family]));
        if (second !== family) model = { family: 'ensemble', members: [model, sampleModel(second, random)] };
      }
      const config: PipelineConfig = { preprocessing: { ...draftPreprocessing }, model };
      return propose(config, { kind: 'draft', strategic: false, bug: bugOf(), followedDirective: avoided !== undefined }, directive);
    },
    improve({ parent: parentNode, directive }) {
      const parent = parentProposal(parentNode).config;
      const avoided = directed(directive);
      // Following a directive makes the change strategic and any family switch leave the named families.
      const strategic = avoided !== undefined || random() < strategicProbability(book.proposals.length);
      let config: PipelineConfig;
      let kind: ProposalKind;
      if (avoided !== undefined && asksForComponent(directive)) {
        // Asked for a component on top of the parent: one the run has not tried, as an agent seeing its history would.
        const tried = new Set(book.proposals.flatMap((proposal) => [...componentsOf(proposal.config)]));
        config = addComponent(parent, familyPrior, task.kind, random, { featureEngineering, categorical, avoid: tried });
        kind = 'component';
      } else if (!strategic) {
        config = mutatePipelineConfig(parent, random, { featureEngineering });
        kind = 'refinement';
      } else if (avoided !== undefined || random() < familySwitchShare) {
        config = switchFamily(parent, familyPrior, task.kind, random, avoided);
        kind = 'family-switch';
      } else {
        config = addComponent(parent, familyPrior, task.kind, random, { featureEngineering, categorical });
        kind = 'component';
      }
      return propose(config, { kind, strategic, bug: bugOf(), followedDirective: avoided !== undefined }, directive);
    },
    debug({ parent: parentNode }) {
      const parent = parentProposal(parentNode);
      const fixed = random() < debugSuccess;
      // A synthetic bug is fixed by removing it; a run-time failure by repairing the pipeline.
      const config = !fixed || parent.bug !== null ? parent.config : repairPipeline(parent.config);
      const bug = fixed ? null : bugs[Math.floor(random() * bugs.length)]!;
      return propose(config, { kind: 'debug', strategic: false, bug, followedDirective: false }, undefined);
    },
    crossover({ parents: [first, second], directive }) {
      const avoided = directed(directive);
      let config = crossPipelines(parentProposal(first).config, parentProposal(second).config, random);
      // A directive steers the child's model away from the named families, as it steers an improvement.
      if (avoided !== undefined && familiesOf(config).some((family) => avoided.has(family))) {
        config = switchFamily(config, familyPrior, task.kind, random, avoided);
      }
      return propose(config, { kind: 'crossover', strategic: true, bug: bugOf(), followedDirective: avoided !== undefined }, directive);
    },
  };

  return {
    operators,
    proposals: book.proposals,
    proposalOf: book.proposalOf,
    observe: (_code, outcome) => schedule.observe(outcome.score),
    strategicProbability,
  };
}
