import { describe, expect, it } from 'vitest';
import {
  createEvolutionarySearch,
  createEvolutionarySelector,
  createIslandPopulation,
  type EvolutionaryContext,
  type EvolutionaryNode,
  type EvolutionaryOperators,
  sampleIndex,
  sampleWithoutReplacement,
  shinkaParentProbabilities,
  stableSoftmax,
} from '../../../adapters/evolutionary/index.js';
import {
  createNoveltyScorer,
  createSeededRandom,
  InvalidOptionsError,
  scorerNoveltySource,
  type SelectionCandidate,
  type Selector,
  valueRangeOf,
  wrapSelector,
} from '../../../src/index.js';
import { createScriptedResearch } from '../../../examples/support/scripted-research.js';
import { forbiddenRandom, scriptedRandom, shapingNode } from '../../shaping/shaping-fixtures.js';
import { hashedNovelty, zeroStrengthMiddleware } from '../support/zero-strength-shaping.js';

/** Population candidates from `[id, island, fitness]`. */
function population(members: readonly (readonly [string, number, number])[]): SelectionCandidate<EvolutionaryNode>[] {
  return members.map(([id, island, fitness]) => ({
    id,
    node: { id, island, children: 0 } as unknown as EvolutionaryNode,
    value: fitness,
    children: 0,
  }));
}

const softmax = (scores: number[], temperature: number) => {
  const weights = scores.map((score) => Math.exp(score / temperature));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight) => weight / total);
};

describe('softmax sampling', () => {
  it('stableSoftmax is softmax(scores / T)', () => {
    const probabilities = stableSoftmax([0, 0.5, 1], 0.5);
    expect(probabilities.map((value) => Number(value.toFixed(12)))).toEqual(
      softmax([0, 0.5, 1], 0.5).map((value) => Number(value.toFixed(12))),
    );
    expect(probabilities[2]! / probabilities[0]!).toBeCloseTo(Math.exp(2), 12);
    expect(stableSoftmax([1000, 1000], 1)).toEqual([0.5, 0.5]);
  });

  it("sampleIndex takes the first cumulative weight above random × total, as Python's random.choices", () => {
    expect(sampleIndex([1, 1, 2], scriptedRandom([0.5]))).toBe(2);
    expect(sampleIndex([1, 1, 2], scriptedRandom([0.24]))).toBe(0);
    expect(sampleIndex([1, 1, 2], scriptedRandom([0.25]))).toBe(1);
  });

  it('sampleWithoutReplacement removes each pick and renormalises (numpy choice, replace=False)', () => {
    expect(sampleWithoutReplacement([0.5, 0.3, 0.2], 2, scriptedRandom([0.1, 0.1]))).toEqual([0, 1]);
    // After removing index 0, the weights [0.3, 0.2] give index 2 for any draw above 0.6.
    expect(sampleWithoutReplacement([0.5, 0.3, 0.2], 2, scriptedRandom([0.1, 0.7]))).toEqual([0, 2]);
    const frequencies = [0, 0, 0];
    const random = createSeededRandom(5);
    for (let draw = 0; draw < 20000; draw += 1)
      for (const index of sampleWithoutReplacement([0.5, 0.3, 0.2], 2, random)) frequencies[index]! += 1;
    // P(i in pair) = p_i + Σ_j p_j p_i / (1 − p_j).
    const expected = [
      0.5 + 0.3 * (0.5 / 0.7) + 0.2 * (0.5 / 0.8),
      0.3 + 0.5 * (0.3 / 0.5) + 0.2 * (0.3 / 0.8),
      0.2 + 0.5 * (0.2 / 0.5) + 0.3 * (0.2 / 0.7),
    ];
    frequencies.forEach((count, index) => expect(count / 20000).toBeCloseTo(expected[index]!, 1));
  });

  it("shinkaParentProbabilities is ShinkaEvolve's sigmoid(λ(α − median) / MAD) / (1 + children), normalised", () => {
    const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
    const weights = [sigmoid(10 * (-0.3 / 0.3)) / 1, sigmoid(0) / 3, sigmoid((10 * 0.4) / 0.3) / 2];
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    const probabilities = shinkaParentProbabilities([0.2, 0.5, 0.9], [0, 2, 1], 10);
    probabilities.forEach((probability, index) => expect(probability).toBeCloseTo(weights[index]! / total, 12));
    expect(shinkaParentProbabilities([0.5, 0.5], [0, 0], 10)).toEqual([0.5, 0.5]);
  });
});

describe("createEvolutionarySelector (AIRA-dojo's sample_in_context)", () => {
  const select = createEvolutionarySelector();
  const members = population([
    ['a', 0, 0.5],
    ['b', 0, 0.7],
    ['c', 0, 0.9],
    ['d', 1, 0.9],
  ]);
  const range = { min: 0.5, max: 0.9 };

  it('draws the operator, then the island by softmax of normalised mean fitness / T, then the parent by softmax / T', async () => {
    // Island scores: mean normalised fitness, island 0 = (0 + 0.5 + 1) / 3 = 0.5, island 1 = 1; T = 0.5.
    const islandWeights = softmax([0.5, 1], 0.5);
    const parentWeights = softmax([0, 0.5, 1], 0.5);
    const draws = scriptedRandom([0.9, islandWeights[0]! - 1e-9, parentWeights[0]! + 1e-9]);
    const selection = await select({
      candidates: members,
      random: draws,
      valueRange: range,
      context: { temperature: 0.5, crossoverProbability: 0.5, islands: 2 },
    });
    expect(selection.action).toBe('improve');
    expect(selection.chosen.map((candidate) => candidate.id)).toEqual(['b']);
    expect(draws.used).toBe(3);
  });

  it('crosses over two distinct parents of one island when the first draw is below the crossover probability', async () => {
    const selection = await select({
      candidates: members,
      random: scriptedRandom([0.1, 0, 0.99, 0.99]),
      valueRange: range,
      context: { crossoverProbability: 0.5, islands: 2 },
    });
    expect(selection.action).toBe('crossover');
    expect(selection.chosen.map((candidate) => candidate.id)).toEqual(['c', 'b']);
  });

  it('redraws an island too small for the operator, and counts empty islands in the island softmax', async () => {
    // Island 1 holds one node and island 2 none: a crossover needs island 0. Draw 0.99 lands on island 2 (score 0).
    const three = await select({
      candidates: members,
      random: scriptedRandom([0, 0.99, 0.6, 0, 0, 0]),
      valueRange: range,
      context: { crossoverProbability: 1, islands: 3 },
    });
    expect(three.chosen.map((candidate) => candidate.id)).toEqual(['a', 'b']);
  });

  it('drafts on an empty population or when no island can supply the parents, and in explore mode', async () => {
    expect(await select({ candidates: [], random: forbiddenRandom })).toEqual({ action: 'draft', chosen: [] });
    const lone = population([['a', 0, 1]]);
    expect((await select({ candidates: lone, random: scriptedRandom([0, 0, 0]), context: { crossoverProbability: 1 } })).action).toBe(
      'draft',
    );
    const explore = { mode: 'explore' as const, bonusScale: 1, explorationScale: 1, temperatureScale: 1, preferDraft: true };
    expect((await select({ candidates: members, random: forbiddenRandom, exploration: explore })).action).toBe('draft');
  });

  it('multiplies T by the exploration temperature scale', async () => {
    const hot = { mode: 'explore' as const, bonusScale: 1, explorationScale: 1, temperatureScale: 4, preferDraft: false };
    const parentWeights = softmax([0, 0.5, 1], 2);
    // With T = 0.5 · 4 = 2 a draw just above the first parent's share picks the second parent.
    const draws = scriptedRandom([0.9, 0, parentWeights[0]! + 1e-9]);
    const selection = await select({
      candidates: members,
      random: draws,
      valueRange: range,
      context: { temperature: 0.5, islands: 1 },
      exploration: hot,
    });
    expect(selection.chosen.map((candidate) => candidate.id)).toEqual(['b']);
  });

  it("offers ShinkaEvolve's weighted parent sampling", async () => {
    const shinka = createEvolutionarySelector({ parentSampling: 'shinka-weighted' });
    const probabilities = shinkaParentProbabilities([0, 0.5, 1], [0, 0, 0], 10);
    const selection = await shinka({
      candidates: members,
      random: scriptedRandom([0.9, 0, probabilities[0]! + probabilities[1]! + 1e-9]),
      valueRange: range,
      context: { islands: 1 },
    });
    expect(selection.chosen.map((candidate) => candidate.id)).toEqual(['c']);
  });
});

interface Member {
  readonly id: string;
  readonly fitness: number;
  island: number | null;
}

const member = (id: string, fitness: number): Member => ({ id, fitness, island: null });
const ids = (islands: readonly (readonly Member[])[]) => islands.map((island) => island.map((each) => each.id));

function populationOf(islands: number, maxIslandSize = 10) {
  return createIslandPopulation<Member>({ islands, maxIslandSize, fitness: (each) => each.fitness });
}

describe("createIslandPopulation (AIRA-dojo's SolutionsDatabase)", () => {
  it('checks its options when it is made: no options, or islands that are not a positive integer, name the option', () => {
    // No options was a bare TypeError; 'two' or -1 islands made a population of no islands.
    expect(() => createIslandPopulation(undefined as never)).toThrow(
      /invalid options for createIslandPopulation: islands: .*maxIslandSize: .*fitness: /,
    );
    expect(() => createIslandPopulation({ islands: 'two' as never, maxIslandSize: 4, fitness: () => 1 })).toThrow(
      /invalid options for createIslandPopulation: islands: Invalid input: expected number, received string/,
    );
    expect(() => createIslandPopulation({ islands: -1, maxIslandSize: 4, fitness: () => 1 })).toThrow(InvalidOptionsError);
    expect(() => createIslandPopulation({ islands: 2, maxIslandSize: 4, fitness: 1 as never })).toThrow(/fitness: expected a function/);
  });

  it('seeds generation 0 unconditionally and tracks the global fitness range', () => {
    const population = populationOf(2);
    population.seed([member('a', 0.2), member('b', 0.9), member('c', 0.1)], [0, 1, 0]);
    expect(ids(population.islands)).toEqual([['a', 'c'], ['b']]);
    expect(population.range).toEqual({ min: 0.1, max: 0.9 });
  });

  it("inserts a node only when its fitness is at least its island's mean, always into an empty island", () => {
    const population = populationOf(2);
    population.seed([member('a', 0.2), member('b', 0.6)], [0, 0]);
    const worse = member('worse', 0.39);
    // With two islands AIRA always draws for migration, even at probability 0.
    population.insert([worse, member('mean', 0.4), member('fresh', 0.1)], [0, 0, 1], 0, scriptedRandom([0.5]));
    expect(ids(population.islands)).toEqual([['a', 'b', 'mean'], ['fresh']]);
    expect(worse.island).toBeNull();
    expect(population.range).toEqual({ min: 0.1, max: 0.6 });
  });

  it('drops the weakest node of an island over its size cap', () => {
    const population = populationOf(1, 3);
    population.seed([member('a', 0.5), member('b', 0.2), member('c', 0.6)], [0, 0, 0]);
    population.insert([member('d', 0.7)], [0], 0, forbiddenRandom);
    expect(ids(population.islands)).toEqual([['a', 'c', 'd']]);
  });

  it('on migration the weaker half keeps only its best and receives a non-best node from a stronger island', () => {
    const population = populationOf(2);
    const members = [member('s1', 0.9), member('s2', 0.5), member('s3', 0.7), member('w1', 0.3), member('w2', 0.1)];
    population.seed(members, [0, 0, 0, 1, 1]);
    // Draws: migrate (0 <= 1), founder island (only island 0 qualifies), migrant among s2 and s3 by softmax.
    population.insert([], [], 1, scriptedRandom([0, 0, 0.99]));
    expect(ids(population.islands)).toEqual([
      ['s1', 's2'],
      ['w1', 's3'],
    ]);
    expect(members.map((each) => each.island)).toEqual([0, 0, 1, 1, null]);
  });

  it('never migrates with one island or probability 0', () => {
    const single = populationOf(1);
    single.seed([member('a', 1), member('b', 0)], [0, 0]);
    single.insert([], [], 1, forbiddenRandom);
    expect(ids(single.islands)).toEqual([['a', 'b']]);
    const two = populationOf(2);
    two.seed([member('a', 1), member('b', 0), member('c', 0.5)], [0, 0, 1]);
    two.insert([], [], 0, scriptedRandom([0.5]));
    expect(ids(two.islands)).toEqual([['a', 'b'], ['c']]);
  });
});

function scripted(metrics: readonly (number | null)[]) {
  let evaluated = 0;
  const calls: string[] = [];
  const operators: EvolutionaryOperators = {
    draft: () => (calls.push('draft'), { plan: 'draft', code: `draft ${calls.length}` }),
    improve: ({ parent }) => (calls.push(`improve:${parent.id}`), { plan: 'improve', code: `improve ${parent.id}` }),
    crossover: ({ parents }) => (calls.push(`crossover:${parents[0].id}+${parents[1].id}`), { plan: 'crossover', code: 'crossover' }),
    debug: ({ parent }) => (calls.push(`debug:${parent.id}`), { plan: 'debug', code: `debug ${parent.id}` }),
  };
  const evaluate = () => {
    const metric = evaluated < metrics.length ? metrics[evaluated]! : 0.5;
    evaluated += 1;
    return { metric };
  };
  return { operators, evaluate, calls };
}

describe("createEvolutionarySearch (AIRA-dojo's evolutionary solver)", () => {
  it('drafts generation 0 into random islands; only a fixed debug node joins the generation', async () => {
    const { operators, evaluate, calls } = scripted([0.4, null, null, 0.6, null, null, null]);
    const search = createEvolutionarySearch({ operators, evaluate, numIslands: 2, individualsPerGeneration: 3, maxDebugDepth: 2, seed: 7 });
    const generation = await search.step();
    expect(calls).toEqual(['draft', 'draft', 'debug:node-2', 'debug:node-3', 'draft', 'debug:node-5', 'debug:node-6']);
    expect(generation.offered.map((node) => node.id)).toEqual(['node-1', 'node-4']);
    expect(
      search.islands
        .flat()
        .map((node) => node.id)
        .sort(),
    ).toEqual(['node-1', 'node-4']);
    expect(search.nodes.find((node) => node.id === 'node-4')?.parents).toEqual(['node-3']);
    expect(search.generation).toBe(1);
  });

  it('hands the selector the decayed temperature and turns crossover on after generationsTillCrossover', async () => {
    const contexts: EvolutionaryContext[] = [];
    const selector: Selector<EvolutionaryNode, EvolutionaryContext> = (request) => {
      contexts.push(request.context!);
      return { action: 'improve', chosen: request.candidates.slice(0, 1) };
    };
    const { operators, evaluate } = scripted([]);
    const search = createEvolutionarySearch({
      operators,
      evaluate,
      selector,
      individualsPerGeneration: 1,
      numGenerations: 4,
      initialTemperature: 2,
      finalTemperature: 1,
      crossoverProbability: 0.7,
      generationsTillCrossover: 2,
    });
    await search.run(100);
    expect(contexts).toEqual([
      { temperature: 1.75, crossoverProbability: 0, islands: 1 },
      { temperature: 1.5, crossoverProbability: 0.7, islands: 1 },
      { temperature: 1.25, crossoverProbability: 0.7, islands: 1 },
    ]);
    expect(search.nodes).toHaveLength(4);
  });

  it('evolves with the default sampler: improves, crossovers with two parents, and the insertion rule', async () => {
    const metrics = Array.from({ length: 40 }, (_, index) => (index % 7 === 3 ? null : 0.5 + index / 100));
    const { operators, evaluate, calls } = scripted(metrics);
    const search = createEvolutionarySearch({
      operators,
      evaluate,
      random: createSeededRandom(11),
      generationsTillCrossover: 1,
      maxDebugDepth: 1,
    });
    await search.run(30);
    expect(search.spent).toBe(30);
    expect(calls.some((call) => call.startsWith('crossover:'))).toBe(true);
    const crossover = search.nodes.find((node) => node.operator === 'crossover')!;
    expect(crossover.parents).toHaveLength(2);
    expect(new Set(crossover.parents).size).toBe(2);
    for (const node of search.islands.flat()) expect(node.buggy).toBe(false);
  });
});

function scriptedOperators(seed: number): {
  operators: EvolutionaryOperators;
  evaluate: (node: { plan: string; code: string }) => { metric: number | null; buggy: boolean };
} {
  const research = createScriptedResearch(seed);
  return {
    operators: {
      draft: () => research.draft(),
      improve: ({ parent }) => research.improve(parent),
      crossover: ({ parents: [first, second] }) => research.crossover(first, second),
      debug: ({ parent }) => research.debug(parent),
    },
    evaluate: (node) => research.evaluate(node),
  };
}

describe('createEvolutionarySearch().step(budget)', () => {
  it('evolves what run(budget) evolves when its generations are given the budget left, and refuses a budget below 1', async () => {
    const options = { individualsPerGeneration: 4, generationsTillCrossover: 1, maxDebugDepth: 1, seed: 5 };
    const run = createEvolutionarySearch({ ...scriptedOperators(6), ...options });
    await run.run(13);
    const steps = createEvolutionarySearch({ ...scriptedOperators(6), ...options });
    while (steps.spent < 13) await steps.step(13 - steps.spent);
    expect(steps.spent).toBe(13);
    expect(steps.nodes.map(({ id, operator, parents, metric }) => ({ id, operator, parents, metric }))).toEqual(
      run.nodes.map(({ id, operator, parents, metric }) => ({ id, operator, parents, metric })),
    );
    expect(steps.islands.map((island) => island.map((node) => node.id))).toEqual(
      run.islands.map((island) => island.map((node) => node.id)),
    );
    await expect(steps.step(0)).rejects.toThrow(/createEvolutionarySearch\(\)\.step.*budget/s);
  });
});

describe('evolutionary sampling with every middleware at strength 0', () => {
  it('samples exactly the unshaped operator, island and parents over random populations (property)', async () => {
    const random = createSeededRandom(7);
    for (const parentSampling of ['softmax', 'shinka-weighted'] as const) {
      const selector = createEvolutionarySelector({ parentSampling });
      for (let trial = 0; trial < 150; trial += 1) {
        const shaped = wrapSelector({ selector, middleware: zeroStrengthMiddleware(hashedNovelty()) });
        const islands = 1 + Math.floor(random() * 3);
        const size = Math.floor(random() * 12);
        const candidates: SelectionCandidate<EvolutionaryNode>[] = Array.from({ length: size }, (_, index) => {
          const island = Math.floor(random() * islands);
          const children = Math.floor(random() * 4);
          return {
            id: `m${index}`,
            node: { id: `m${index}`, island, children } as unknown as EvolutionaryNode,
            value: Math.round(random() * 40) / 40,
            children,
          };
        });
        for (const candidate of candidates) {
          await shaped.admit(shapingNode(candidate.id));
          await shaped.observe(shapingNode(candidate.id), { valid: true, value: 0 });
        }
        const range = valueRangeOf(candidates);
        const context = { temperature: 0.1 + random() * 2, crossoverProbability: random() < 0.5 ? 0 : random(), islands };
        const seed = Math.floor(random() * 1e9);
        const plainRandom = createSeededRandom(seed);
        const shapedRandom = createSeededRandom(seed);
        const request = { candidates, context, ...(range === undefined ? {} : { valueRange: range }) };
        const plain = await selector({ ...request, random: plainRandom });
        const withShaping = await shaped({ ...request, random: shapedRandom });
        expect([withShaping.action, withShaping.chosen.map((candidate) => candidate.id)]).toEqual([
          plain.action,
          plain.chosen.map((candidate) => candidate.id),
        ]);
        expect(shapedRandom()).toBe(plainRandom());
      }
    }
  });

  it('evolves the same population as the unshaped solver, with the real novelty scorer', async () => {
    for (const seed of [1, 5]) {
      const options = {
        seed,
        numIslands: 2,
        individualsPerGeneration: 4,
        migrationProbability: 0.5,
        generationsTillMigration: 2,
        maxDebugDepth: 2,
      };
      const unshaped = createEvolutionarySearch({ ...scriptedOperators(seed), ...options });
      const source = scorerNoveltySource({ scorer: createNoveltyScorer({ runId: `evo-identity-${seed}` }) });
      const selector = wrapSelector({ selector: createEvolutionarySelector(), middleware: zeroStrengthMiddleware(source) });
      const shaped = createEvolutionarySearch({ ...scriptedOperators(seed), ...options, selector });
      await unshaped.run(30);
      await shaped.run(30);
      const summary = (search: typeof unshaped) =>
        search.nodes.map((node) => [node.id, node.operator, node.parents, node.metric, node.island]);
      expect(summary(shaped)).toEqual(summary(unshaped));
    }
  });
});
