import { createSeededRandom, parseOptions } from '../../src/index.js';
import type { AideNode, AideOperatorInput, AideOperators } from '../../adapters/aide-greedy/index.js';
import type { OperatorProposal } from '../../adapters/search-loop/index.js';
import type { PipelineConfig } from '../env/pipeline-config.js';
import type { SearchableFamily } from '../env/pipeline-space.js';
import { renderPipelineCode } from '../env/render-code.js';
import { renderPipelinePlan } from '../env/render-plan.js';
import { mutatePipelineConfig, sampleModel } from '../env/sample-pipeline-config.js';
import { familiesNamedIn } from './directive-families.js';
import { addComponent, drawFamily, draftPreprocessing, repairPipeline, switchFamily } from './pipeline-moves.js';
import { SimulatedAgentOptionsSchema, type SimulatedAgentOptions } from './simulated-agent-options.js';

/** How a proposal came about: a draft, one of the three kinds of improvement, or a debug step. */
export type ProposalKind = 'draft' | 'refinement' | 'component' | 'family-switch' | 'debug';

/** One proposal of the simulated agent: the pipeline behind the plan and code, and how it was made. */
export interface AgentProposal extends OperatorProposal {
  readonly config: PipelineConfig;
  readonly kind: ProposalKind;
  /** True for a new component or a family switch. */
  readonly strategic: boolean;
  /** The synthetic bug the script carries (it crashes before scoring), or null. */
  readonly bug: string | null;
  /** Episode index (journal length) when it was proposed. */
  readonly episode: number;
  /** True when the operator was given a novelty directive and followed it. */
  readonly followedDirective: boolean;
}

/** A stand-in for an LLM agent over the pipeline space: AIDE operators plus the proposals behind their text. */
export interface SimulatedAgent {
  /** The draft, improve and debug operators to inject into a search. */
  readonly operators: AideOperators;
  /** Every proposal so far, in call order. */
  readonly proposals: readonly AgentProposal[];
  /** The latest proposal with this code (the evaluator's way back from text to a pipeline), if the agent made it. */
  proposalOf(code: string): AgentProposal | undefined;
  /** Probability of a strategic change at an episode index: linear from `strategicStart` to `strategicEnd`. */
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
 * first), improves mostly by strategic changes early and by parametric refinement late, writes buggy scripts at a
 * seeded rate and fixes them with some probability, and follows a novelty directive by drafting (or switching to)
 * families the directive does not name. Plan and code come from the environment's renderers.
 *
 * @example
 * const agent = createSimulatedAgent({ task: card, seed: 1, budget: 20 });
 * const search = createAideGreedySearch({ operators: agent.operators, evaluate, seed: 1 });
 */
export function createSimulatedAgent(options: SimulatedAgentOptions): SimulatedAgent {
  const parsed = parseOptions(SimulatedAgentOptionsSchema, options, 'createSimulatedAgent');
  const { task, budget, familyPrior, draftEnsembleProbability, strategicStart, strategicEnd, familySwitchShare } = parsed;
  const { bugRate, debugSuccess, directiveCompliance } = parsed;
  const random = parsed.random ?? createSeededRandom(parsed.seed);
  const proposals: AgentProposal[] = [];
  const byCode = new Map<string, AgentProposal>();

  const strategicProbability = (episode: number): number => {
    const progress = budget <= 1 ? 1 : Math.min(1, Math.max(0, episode / (budget - 1)));
    return strategicStart + (strategicEnd - strategicStart) * progress;
  };
  const bugOf = (): string | null => (random() < bugRate ? bugs[Math.floor(random() * bugs.length)]! : null);
  const directed = (input: AideOperatorInput): Set<SearchableFamily> | undefined => {
    if (input.directive === undefined) return undefined;
    return random() < directiveCompliance ? familiesNamedIn(input.directive) : undefined;
  };

  const propose = (config: PipelineConfig, fields: Omit<AgentProposal, 'config' | 'plan' | 'code' | 'episode'>, input: AideOperatorInput) => {
    const plan = renderPipelinePlan(task, config);
    const script = renderPipelineCode(task, config);
    const code = fields.bug === null ? script : `${script}\n# the script stops here with:\n# ${fields.bug}\nraise RuntimeError(${JSON.stringify(fields.bug)})\n`;
    const proposal: AgentProposal = { ...fields, config, plan, code, episode: input.journal.length };
    proposals.push(proposal);
    // The latest proposal with this code: the same pipeline and bug, made the way the last operator made it.
    byCode.set(code, proposal);
    return { plan, code };
  };
  const parentProposal = (parent: AideNode): AgentProposal => {
    const proposal = byCode.get(parent.code);
    if (proposal === undefined) throw new Error(`createSimulatedAgent: node ${parent.id} was not proposed by this agent`);
    return proposal;
  };

  const operators: AideOperators = {
    draft(input) {
      const avoided = directed(input);
      const excluded = avoided ?? new Set<SearchableFamily>();
      const family = drawFamily(familyPrior, task.kind, random, excluded);
      let model: PipelineConfig['model'] = sampleModel(family, random);
      if (random() < draftEnsembleProbability) {
        const second = drawFamily(familyPrior, task.kind, random, new Set([...excluded, family]));
        if (second !== family) model = { family: 'ensemble', members: [model, sampleModel(second, random)] };
      }
      const config: PipelineConfig = { preprocessing: { ...draftPreprocessing }, model };
      return propose(config, { kind: 'draft', strategic: false, bug: bugOf(), followedDirective: avoided !== undefined }, input);
    },
    improve(input) {
      const parent = parentProposal(input.parent).config;
      const avoided = directed(input);
      // Following a directive makes the change strategic and any family switch leave the named families.
      const strategic = avoided !== undefined || random() < strategicProbability(input.journal.length);
      let config: PipelineConfig;
      let kind: ProposalKind;
      if (!strategic) {
        config = mutatePipelineConfig(parent, random);
        kind = 'refinement';
      } else if (avoided !== undefined || random() < familySwitchShare) {
        config = switchFamily(parent, familyPrior, task.kind, random, avoided);
        kind = 'family-switch';
      } else {
        config = addComponent(parent, familyPrior, task.kind, random);
        kind = 'component';
      }
      return propose(config, { kind, strategic, bug: bugOf(), followedDirective: avoided !== undefined }, input);
    },
    debug(input) {
      const parent = parentProposal(input.parent);
      const fixed = random() < debugSuccess;
      // A synthetic bug is fixed by removing it; a run-time failure by repairing the pipeline.
      const config = !fixed || parent.bug !== null ? parent.config : repairPipeline(parent.config);
      const bug = fixed ? null : bugs[Math.floor(random() * bugs.length)]!;
      return propose(config, { kind: 'debug', strategic: false, bug, followedDirective: false }, input);
    },
  };

  return {
    operators,
    proposals,
    proposalOf: (code) => byCode.get(code),
    strategicProbability,
  };
}
