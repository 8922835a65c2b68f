import { createSeededRandom, parseOptions, type NodeAdmission, type SelectionCandidate } from '../../src/index.js';
import {
  admitProposal,
  isBuggy,
  shapingHooksOf,
  StepBudgetSchema,
  type OperatorProposal,
  type ProposedNode,
} from '../search-loop/index.js';
import type { EvolutionaryNode, EvolutionaryOperator } from './evolutionary-node.js';
import { EvolutionarySearchOptionsSchema, type EvolutionarySearchOptions } from './evolutionary-search-options.js';
import { createEvolutionarySelector } from './evolutionary-selector.js';
import { createIslandPopulation } from './island-population.js';

/** What one generation did. */
export interface EvolutionaryGeneration {
  readonly generation: number;
  readonly temperature: number;
  /** Every node evaluated in the generation, debug attempts included. */
  readonly created: readonly EvolutionaryNode[];
  /** The generation's individuals offered to the islands (valid children and fixed debug nodes). */
  readonly offered: readonly EvolutionaryNode[];
  readonly rejections: readonly NodeAdmission[];
}

/** AIRA-dojo's evolutionary solver with the host's operators. */
export interface EvolutionarySearch {
  /** Every node in evaluation order. */
  readonly nodes: readonly EvolutionaryNode[];
  /** The population: members per island. */
  readonly islands: readonly (readonly EvolutionaryNode[])[];
  /** The next generation's index. */
  readonly generation: number;
  /** Evaluations made plus proposal slots given up after rejections: what a budget counts. */
  readonly spent: number;
  /**
   * Runs one generation of `individualsPerGeneration` individuals; with `budget`, the generation spends at most that
   * many evaluations (or given-up slots), as the last one of `run` does.
   */
  step(budget?: number): Promise<EvolutionaryGeneration>;
  /** Runs generations until `budget` more evaluations are spent or `numGenerations` is reached. */
  run(budget: number): Promise<readonly EvolutionaryNode[]>;
  /** The non-buggy node with the best metric, if any. */
  best(): EvolutionaryNode | undefined;
}

type MutableNode = { -readonly [Field in keyof EvolutionaryNode]: EvolutionaryNode[Field] };

/**
 * AIRA-dojo's evolutionary solver (`solvers/evo/evo.py` `Evolutionary.search`) around an injectable parent sampler.
 * Generation 0 drafts `individualsPerGeneration` nodes into uniformly random islands; later generations sample
 * parents with the selector at temperature `T_g = T_0 − (T_0 − T_final) · g / numGenerations` and improve or cross
 * them over; a buggy child gets a debug cycle and only a fixed node joins the generation; at the end of the
 * generation the individuals are offered to their islands (insertion rule, size cap, migration).
 *
 * @example
 * const search = createEvolutionarySearch({ operators, evaluate, numIslands: 2, seed: 3 });
 * await search.run(40);
 */
export function createEvolutionarySearch(options: EvolutionarySearchOptions): EvolutionarySearch {
  const parsed = parseOptions(EvolutionarySearchOptionsSchema, options, 'createEvolutionarySearch');
  const { operators, evaluate, lowerIsBetter, numIslands, idPrefix } = parsed;
  const selector = parsed.selector ?? createEvolutionarySelector();
  const random = parsed.random ?? createSeededRandom(parsed.seed);
  const hooks = shapingHooksOf(selector);
  const directed = (metric: number): number => (lowerIsBetter ? -metric : metric);
  const population = createIslandPopulation<MutableNode>({
    islands: numIslands,
    maxIslandSize: parsed.maxIslandSize,
    fitness: (node) => (node.metric === null ? null : directed(node.metric)),
  });
  const nodes: MutableNode[] = [];
  const byId = new Map<string, MutableNode>();
  let generation = 0;
  let spent = 0;
  let limit = Infinity;
  let proposals = 0;
  const remaining = (): number => limit - spent;
  const randomIsland = (): number => Math.floor(random() * numIslands);
  const candidateOf = (node: MutableNode): SelectionCandidate<EvolutionaryNode> => ({
    id: node.id,
    node,
    value: node.metric === null ? null : directed(node.metric),
    children: node.children,
  });

  const nextNode = (operator: EvolutionaryOperator, proposal: OperatorProposal): ProposedNode => {
    proposals += 1;
    return { id: `${idPrefix}-${proposals}`, operator, plan: proposal.plan, code: proposal.code };
  };

  /** One proposal: sample parents (from generation 1), call the operator. */
  const attempt = (temperature: number) => async () => {
    const input = { nodes };
    if (generation === 0) {
      const island = randomIsland();
      return { node: nextNode('draft', await operators.draft(input)), parents: [] as MutableNode[], island };
    }
    const range = population.range;
    const crossoverProbability = generation < parsed.generationsTillCrossover ? 0 : parsed.crossoverProbability;
    const selection = await selector({
      candidates: population.islands.flat().map(candidateOf),
      random,
      context: { temperature, crossoverProbability, islands: numIslands },
      ...(range === undefined ? {} : { valueRange: range }),
    });
    const withDirective = { ...input, ...(selection.directive === undefined ? {} : { directive: selection.directive }) };
    const parents = selection.chosen.map((chosen) => byId.get(chosen.id)!);
    if (selection.action === 'draft' || parents.length === 0) {
      const island = randomIsland();
      return { node: nextNode('draft', await operators.draft(withDirective)), parents: [] as MutableNode[], island };
    }
    const island = parents[0]!.island ?? randomIsland();
    if (selection.action === 'crossover' && parents.length >= 2) {
      const pair = [parents[0]!, parents[1]!] as const;
      return { node: nextNode('crossover', await operators.crossover({ ...withDirective, parents: pair })), parents: [...pair], island };
    }
    return {
      node: nextNode('improve', await operators.improve({ ...withDirective, parent: parents[0]! })),
      parents: [parents[0]!],
      island,
    };
  };

  const evaluateInto = async (proposed: ProposedNode, parents: readonly MutableNode[]): Promise<MutableNode> => {
    const evaluation = await evaluate(proposed);
    const buggy = isBuggy(evaluation);
    const node: MutableNode = {
      id: proposed.id,
      step: nodes.length + 1,
      generation,
      operator: proposed.operator as EvolutionaryOperator,
      parents: parents.map((parent) => parent.id),
      plan: proposed.plan,
      code: proposed.code,
      metric: buggy ? null : evaluation.metric,
      buggy,
      island: null,
      children: 0,
    };
    for (const parent of parents) parent.children += 1;
    nodes.push(node);
    byId.set(node.id, node);
    spent += 1;
    await hooks.observe(proposed, { valid: !buggy, value: node.metric === null ? null : directed(node.metric) });
    return node;
  };

  const debugCycle = async (buggy: MutableNode, created: MutableNode[], rejections: NodeAdmission[]): Promise<MutableNode | undefined> => {
    let current = buggy;
    for (let attempt = 0; attempt < parsed.maxDebugDepth && remaining() > 0; attempt += 1) {
      const parent = current;
      const result = await admitProposal(async () => ({ node: nextNode('debug', await operators.debug({ nodes, parent })) }), hooks);
      rejections.push(...result.rejections);
      if (result.admitted === undefined) {
        spent += 1;
        return undefined;
      }
      current = await evaluateInto(result.admitted.node, [parent]);
      created.push(current);
      if (!current.buggy) return current;
    }
    return undefined;
  };

  /** One generation under the current limit (Infinity outside `run` and a budgeted `step`). */
  const generate = async (): Promise<EvolutionaryGeneration> => {
    const { initialTemperature, finalTemperature, numGenerations } = parsed;
    const temperature = initialTemperature - ((initialTemperature - finalTemperature) * generation) / numGenerations;
    const created: MutableNode[] = [];
    const offered: MutableNode[] = [];
    const islandIds: number[] = [];
    const rejections: NodeAdmission[] = [];
    for (let individual = 0; individual < parsed.individualsPerGeneration && remaining() > 0; individual += 1) {
      const result = await admitProposal(attempt(temperature), hooks);
      rejections.push(...result.rejections);
      if (result.admitted === undefined) {
        spent += 1;
        continue;
      }
      const child = await evaluateInto(result.admitted.node, result.admitted.parents);
      created.push(child);
      const survivor = child.buggy ? await debugCycle(child, created, rejections) : child;
      if (survivor === undefined) continue;
      offered.push(survivor);
      islandIds.push(result.admitted.island);
    }
    if (generation === 0) population.seed(offered, islandIds);
    else {
      const migrationProbability = generation < parsed.generationsTillMigration ? 0 : parsed.migrationProbability;
      population.insert(offered, islandIds, migrationProbability, random);
    }
    generation += 1;
    return { generation: generation - 1, temperature, created, offered, rejections };
  };

  return {
    nodes,
    islands: population.islands,
    get generation() {
      return generation;
    },
    get spent() {
      return spent;
    },
    async step(budget) {
      if (budget === undefined) return generate();
      const outer = limit;
      limit = spent + parseOptions(StepBudgetSchema, { budget }, 'createEvolutionarySearch().step').budget;
      try {
        return await generate();
      } finally {
        limit = outer;
      }
    },
    async run(budget) {
      limit = spent + budget;
      while (remaining() > 0 && generation < parsed.numGenerations) await generate();
      limit = Infinity;
      return nodes;
    },
    best() {
      let best: MutableNode | undefined;
      for (const node of nodes)
        if (node.metric !== null && (best === undefined || directed(node.metric) > directed(best.metric!))) best = node;
      return best;
    },
  };
}
