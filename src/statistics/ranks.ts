/**
 * Average ranks, 1-based: tied values share the mean of the ranks they span, so `[10, 20, 20, 30]`
 * ranks as `[1, 2.5, 2.5, 4]` (scipy's `rankdata(method='average')`). Throws a RangeError on NaN,
 * which has no place in an order.
 */
export function averageRanks(values: readonly number[]): number[] {
  const ranks = new Array<number>(values.length).fill(0);
  let rankedSoFar = 0;
  for (const group of tieGroups(values)) {
    // The group spans ranks rankedSoFar + 1 .. rankedSoFar + size; each member gets their mean.
    const rank = rankedSoFar + (group.length + 1) / 2;
    for (const index of group) ranks[index] = rank;
    rankedSoFar += group.length;
  }
  return ranks;
}

/**
 * Sizes of the groups of equal values, in ascending value order (singletons included); rank tests
 * need them for their tie corrections. Throws a RangeError on NaN.
 */
export function tieGroupSizes(values: readonly number[]): number[] {
  return tieGroups(values).map((group) => group.length);
}

/** Indices of `values` grouped by equal value, groups in ascending value order. */
function tieGroups(values: readonly number[]): number[][] {
  const entries = values.map((value, index) => {
    if (Number.isNaN(value)) throw new RangeError(`cannot rank NaN (at index ${index})`);
    return { value, index };
  });
  entries.sort((left, right) => (left.value < right.value ? -1 : left.value > right.value ? 1 : 0));
  const groups: number[][] = [];
  let previous: number | undefined;
  for (const { value, index } of entries) {
    const current = groups.at(-1);
    if (current !== undefined && value === previous) current.push(index);
    else groups.push([index]);
    previous = value;
  }
  return groups;
}
