/** A filled cell of a quality-diversity archive: its elite (best node so far) and how often it was chosen. */
export interface ArchiveCell {
  readonly key: string;
  readonly values: readonly string[];
  readonly eliteId: string;
  /** The elite's value (usefulness, higher is better). */
  readonly eliteValue: number;
  /** Times the archive chose this cell's elite as a parent. */
  readonly visits: number;
  /** How many valid nodes had been observed when the cell was first filled (1 for the first). */
  readonly discoveredAt: number;
}

/**
 * The QD-score of an archive: the sum over filled cells of the elite's quality normalised into [0, 1] by `range`
 * (e.g. a task card's baseline and top-1 as impact does; values outside are clipped), so a score counts both how
 * many kinds of solution were found and how good each is. With `range` absent, the elites' own minimum and maximum.
 */
export function qualityDiversityScore(
  cells: readonly Pick<ArchiveCell, 'eliteValue'>[],
  range?: { readonly min: number; readonly max: number },
): number {
  if (cells.length === 0) return 0;
  const values = cells.map((cell) => cell.eliteValue);
  const min = range?.min ?? Math.min(...values);
  const max = range?.max ?? Math.max(...values);
  // One value, or a degenerate range: every elite counts fully.
  if (!(max > min)) return cells.length;
  return values.reduce((sum, value) => sum + Math.min(1, Math.max(0, (value - min) / (max - min))), 0);
}

/** Cells filled after each observation, from the cell each valid node fell in, in order: the cell-discovery curve. */
export function cellDiscoveryCurve(cellKeys: readonly string[]): number[] {
  const seen = new Set<string>();
  return cellKeys.map((key) => {
    seen.add(key);
    return seen.size;
  });
}

/** How much of the descriptor space a finished run visited, and how well: what `runQualityDiversity` returns. */
export interface RunQualityDiversity {
  /** Distinct cells the run's episodes fell in. */
  readonly coverage: number;
  /** Each visited cell's best impact (clipped to [0, 1]) summed; null when no episode has an impact. */
  readonly qdScore: number | null;
  /** Cells filled after each episode, in run order (`cellDiscoveryCurve`). */
  readonly discovery: readonly number[];
}

/**
 * Coverage, QD-score and discovery curve of a finished run from each episode's cell key and impact (null when
 * undefined), as if every episode had entered one archive: what a report or `boden score` says of an imported run.
 */
export function runQualityDiversity(cellKeys: readonly string[], impacts: readonly (number | null)[]): RunQualityDiversity {
  const elites = new Map<string, number>();
  cellKeys.forEach((key, index) => {
    const impact = impacts[index];
    if (impact === null || impact === undefined || !Number.isFinite(impact)) return;
    elites.set(key, Math.max(elites.get(key) ?? -Infinity, impact));
  });
  const discovery = cellDiscoveryCurve(cellKeys);
  return {
    coverage: discovery.at(-1) ?? 0,
    qdScore:
      elites.size === 0
        ? null
        : qualityDiversityScore(
            [...elites.values()].map((eliteValue) => ({ eliteValue })),
            { min: 0, max: 1 },
          ),
    discovery,
  };
}
