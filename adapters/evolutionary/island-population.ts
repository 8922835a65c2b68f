import { z } from 'zod';
import { normaliseValue, parseOptions, type RandomSource, type ValueRange } from '../../src/index.js';
import { sampleIndex, stableSoftmax } from './softmax-sampling.js';

/** A population member: the search's node, whose `island` the population sets. */
export interface IslandMember {
  readonly id: string;
  island: number | null;
}

/** AIRA-dojo's island database, holding the search's nodes. */
export interface IslandPopulation<Member extends IslandMember> {
  /** Members per island, in insertion order. */
  readonly islands: readonly (readonly Member[])[];
  /** Global fitness range of every node offered so far (fitness = metric with its direction applied). */
  readonly range: ValueRange | undefined;
  /** Generation 0: every node joins its island (`seed_islands_with_nodes`). */
  seed(members: readonly Member[], islandIds: readonly number[]): void;
  /** Later generations: the insertion rule, the size cap, then migration with `migrationProbability`. */
  insert(members: readonly Member[], islandIds: readonly number[], migrationProbability: number, random: RandomSource): void;
}

/** Options of `createIslandPopulation`, checked up front: no options was a bare `TypeError`, a bad island count an empty population. */
const IslandPopulationOptionsSchema = z.strictObject({
  islands: z.number().int().min(1),
  maxIslandSize: z.number().int().min(1),
  fitness: z.custom<(member: never) => number | null>(
    (value) => typeof value === 'function',
    'expected a function (member) => number | null',
  ),
});

/**
 * AIRA-dojo's `SolutionsDatabase` (`solvers/evo/evo.py`). Insertion (`add_nodes_to_islands`): a node always enters an
 * empty island, otherwise only when its fitness is at least the island's mean; an island over `maxIslandSize` drops
 * its weakest. Migration (`reset_islands`, only with two or more islands): the weaker half of the islands by best
 * fitness keep only their best node and each receive one node, drawn ∝ softmax(normalised fitness, T = 1) and
 * excluding the donor's best, from a random island of the stronger half that has more than one node.
 */
export function createIslandPopulation<Member extends IslandMember>(options: {
  readonly islands: number;
  readonly maxIslandSize: number;
  /** Fitness, higher is better; null for a node without a metric. */
  readonly fitness: (member: Member) => number | null;
}): IslandPopulation<Member> {
  const parsed = parseOptions(IslandPopulationOptionsSchema, options, 'createIslandPopulation');
  const { maxIslandSize } = parsed;
  const fitness = parsed.fitness as (member: Member) => number | null;
  const islands: Member[][] = Array.from({ length: parsed.islands }, () => []);
  let lowest = Infinity;
  let highest = -Infinity;
  const range = (): ValueRange | undefined => (lowest <= highest ? { min: lowest, max: highest } : undefined);
  const score = (member: Member): number => fitness(member) ?? -Infinity;
  const widen = (member: Member): void => {
    const value = fitness(member);
    if (value === null || !Number.isFinite(value)) return;
    lowest = Math.min(lowest, value);
    highest = Math.max(highest, value);
  };
  const register = (member: Member, island: number): void => {
    islands[island]!.push(member);
    member.island = island;
  };
  const removeAt = (island: Member[], index: number): void => {
    const [removed] = island.splice(index, 1);
    if (removed !== undefined) removed.island = null;
  };
  // The first of equals, as numpy's argmax and argmin.
  const bestIndex = (island: readonly Member[]): number =>
    island.reduce((best, member, index) => (score(member) > score(island[best]!) ? index : best), 0);
  const worstIndex = (island: readonly Member[]): number =>
    island.reduce((worst, member, index) => (score(member) < score(island[worst]!) ? index : worst), 0);

  const resetIslands = (random: RandomSource): void => {
    const bests = islands.map((island) => (island.length === 0 ? -Infinity : score(island[bestIndex(island)]!)));
    // Weakest first; ties keep island order (AIRA breaks them with 1e-9 noise).
    const order = islands.map((_, index) => index).sort((left, right) => bests[left]! - bests[right]! || left - right);
    const half = Math.floor(islands.length / 2);
    const keep = order.slice(half);
    for (const resetId of order.slice(0, half)) {
      const reset = islands[resetId]!;
      if (reset.length > 0) {
        const best = reset[bestIndex(reset)]!;
        for (const member of reset) if (member !== best) member.island = null;
        reset.splice(0, reset.length, best);
      }
      const founders = keep.filter((index) => islands[index]!.length > 1);
      if (founders.length === 0) continue;
      const founder = islands[founders[Math.floor(random() * founders.length)]!]!;
      const founderBest = score(founder[bestIndex(founder)]!);
      const donors = founder.filter((member) => score(member) !== founderBest);
      if (donors.length === 0) continue;
      const weights = stableSoftmax(
        donors.map((member) => normaliseValue(fitness(member), range())),
        1,
      );
      const migrant = donors[sampleIndex(weights, random)]!;
      removeAt(founder, founder.indexOf(migrant));
      register(migrant, resetId);
    }
  };

  return {
    islands,
    get range() {
      return range();
    },
    seed(members, islandIds) {
      members.forEach((member, position) => {
        const island = islandIds[position]!;
        if (island >= 0 && island < islands.length) register(member, island);
        widen(member);
      });
    },
    insert(members, islandIds, migrationProbability, random) {
      members.forEach((member, position) => {
        const island = islands[islandIds[position]!];
        if (island === undefined) return;
        widen(member);
        const value = fitness(member);
        const finite = island.map(score).filter(Number.isFinite);
        const mean = finite.reduce((sum, each) => sum + each, 0) / finite.length;
        if (island.length === 0 || (value !== null && value >= mean)) register(member, islandIds[position]!);
        while (island.length > maxIslandSize) removeAt(island, worstIndex(island));
      });
      if (islands.length > 1 && random() <= migrationProbability) resetIslands(random);
    },
  };
}
