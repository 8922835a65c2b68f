/** A candidate in objective space: both objectives are maximised. */
export interface ObjectivePoint {
  readonly usefulness: number;
  readonly novelty: number;
}

function dominates(left: ObjectivePoint, right: ObjectivePoint): boolean {
  return (
    left.usefulness >= right.usefulness &&
    left.novelty >= right.novelty &&
    (left.usefulness > right.usefulness || left.novelty > right.novelty)
  );
}

/**
 * Non-dominated sorting (NSGA-II): the Pareto rank of each point, 0 for the first front (points no other point
 * dominates), 1 for the front left once the first is removed, and so on.
 */
export function paretoRanks(points: readonly ObjectivePoint[]): number[] {
  const ranks = new Array<number>(points.length).fill(-1);
  let remaining = points.map((_, index) => index);
  for (let rank = 0; remaining.length > 0; rank += 1) {
    const front = remaining.filter((index) => !remaining.some((other) => other !== index && dominates(points[other]!, points[index]!)));
    for (const index of front) ranks[index] = rank;
    remaining = remaining.filter((index) => ranks[index] === -1);
  }
  return ranks;
}

/**
 * NSGA-II crowding distance of each member of one front: per objective, the gap between its two neighbours
 * divided by the objective's spread, summed; the extremes of each objective get Infinity.
 */
export function crowdingDistances(points: readonly ObjectivePoint[], members: readonly number[]): Map<number, number> {
  const distances = new Map<number, number>(members.map((index) => [index, 0]));
  for (const objective of ['usefulness', 'novelty'] as const) {
    const sorted = [...members].sort((left, right) => points[left]![objective] - points[right]![objective]);
    const low = points[sorted[0]!]![objective];
    const high = points[sorted[sorted.length - 1]!]![objective];
    distances.set(sorted[0]!, Infinity);
    distances.set(sorted[sorted.length - 1]!, Infinity);
    if (high === low) continue;
    for (let position = 1; position < sorted.length - 1; position += 1) {
      const index = sorted[position]!;
      const gap = points[sorted[position + 1]!]![objective] - points[sorted[position - 1]!]![objective];
      distances.set(index, distances.get(index)! + gap / (high - low));
    }
  }
  return distances;
}
