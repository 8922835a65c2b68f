import { parseOptions } from '../options/parse-options.js';
import type { SelectionCandidate } from '../shaping/selector.js';
import type { SelectorMiddleware } from '../shaping/selector-middleware.js';
import { qualityDiversityScore, type ArchiveCell } from './archive-measures.js';
import { conceptDescriptors } from './concept-descriptors.js';
import type { DescriptorCell } from './descriptors.js';
import { QualityDiversityArchiveOptionsSchema, type QualityDiversityArchiveOptions } from './quality-diversity-archive-options.js';

/** The middleware `qualityDiversityArchive` returns, with read access to its archive. */
export interface QualityDiversityArchive extends SelectorMiddleware {
  /** The filled cells, in the order they were discovered. */
  cells(): readonly ArchiveCell[];
  /** Cells filled so far. */
  readonly coverage: number;
  /** The QD-score of the archive (`qualityDiversityScore`) against `range`, or the elites' own range. */
  qdScore(range?: { readonly min: number; readonly max: number }): number;
}

/**
 * A MAP-Elites archive as selector middleware, with descriptors from boden's concepts (`conceptDescriptors`) unless
 * given others: every valid node falls into a cell, each cell keeps its elite (the best node seen in it), and when
 * the host's policy chooses parents to improve or cross over, the choice is replaced by elites of cells drawn Go-
 * Explore style, each cell weighted `(quality + alpha) / sqrt(visits + 1)` among the cells whose elite is on offer.
 * Drafts and debug choices pass through, and so does a selection when fewer such cells are on offer than parents are
 * needed. Emits `cell-discovered` and `elite-replaced`. Hand-written rather than pyribs-like machinery because the
 * archive is a map from cell key to elite: the grid's values are discovered online, not fixed in advance.
 *
 * @example
 * const archive = qualityDiversityArchive({ descriptors: conceptDescriptors() });
 * const shaped = wrapSelector({ selector, middleware: [archive] });
 */
export function qualityDiversityArchive(options: QualityDiversityArchiveOptions = {}): QualityDiversityArchive {
  const parsed = parseOptions(QualityDiversityArchiveOptionsSchema, options, 'qualityDiversityArchive');
  const { alpha, strength, random, bestShare } = parsed;
  const descriptors = parsed.descriptors ?? conceptDescriptors();
  const cellOfNode = new Map<string, DescriptorCell>();
  const cells = new Map<string, { -readonly [Key in keyof ArchiveCell]: ArchiveCell[Key] }>();
  const eliteCell = new Map<string, string>();
  let observed = 0;

  const describe = (node: { id: string; plan: string; code: string }): DescriptorCell => {
    let cell = cellOfNode.get(node.id);
    if (cell === undefined) cellOfNode.set(node.id, (cell = descriptors.describe(node)));
    return cell;
  };

  return {
    specificationVersion: 'v1',
    name: 'quality-diversity-archive',
    cells: () => [...cells.values()].map((cell) => ({ ...cell })),
    get coverage() {
      return cells.size;
    },
    qdScore: (range) => qualityDiversityScore([...cells.values()], range),
    admitNode({ node }) {
      describe(node);
      return undefined;
    },
    observe({ node, outcome, events }) {
      const value = outcome.value;
      if (!outcome.valid || value === null || value === undefined || !Number.isFinite(value)) return;
      observed += 1;
      const { key, values } = describe(node);
      const cell = cells.get(key);
      if (cell === undefined) {
        cells.set(key, { key, values, eliteId: node.id, eliteValue: value, visits: 0, discoveredAt: observed });
        eliteCell.set(node.id, key);
        events.emit('cell-discovered', { cell: key, values, id: node.id, value, cells: cells.size });
      } else if (value > cell.eliteValue) {
        events.emit('elite-replaced', { cell: key, previousId: cell.eliteId, previousValue: cell.eliteValue, id: node.id, value });
        eliteCell.delete(cell.eliteId);
        eliteCell.set(node.id, key);
        cell.eliteId = node.id;
        cell.eliteValue = value;
      }
    },
    async wrapSelect({ doSelect, request, probe }) {
      const selection = await doSelect();
      // A probe must not draw from the archive's random source or count visits (it would change later choices).
      if (probe || strength === 0 || selection.chosen.length === 0 || selection.chosen.some((chosen) => chosen.value === null))
        return selection;
      const offered = new Map<string, SelectionCandidate<unknown>>();
      for (const candidate of request.candidates) {
        const key = eliteCell.get(candidate.id);
        if (key !== undefined && candidate.value !== null) offered.set(key, candidate);
      }
      if (offered.size < selection.chosen.length) return selection;
      if (strength < 1 && random() >= strength) return selection;
      const keys = [...offered.keys()];
      const qualities = keys.map((key) => cells.get(key)!.eliteValue);
      const [low, high] = [Math.min(...qualities), Math.max(...qualities)];
      const weights = keys.map((key, index) => {
        const quality = high > low ? (qualities[index]! - low) / (high - low) : 1;
        return (quality + alpha) / Math.sqrt(cells.get(key)!.visits + 1);
      });
      if (bestShare > 0 && keys.length > 1) {
        // The best cell gets at least `bestShare` of the total: w_best ≥ share / (1 − share) × the others' sum.
        const best = qualities.indexOf(high);
        const others = weights.reduce((sum, weight, index) => (index === best ? sum : sum + weight), 0);
        weights[best] = Math.max(weights[best]!, bestShare >= 1 ? Number.MAX_VALUE : (bestShare / (1 - bestShare)) * others);
      }
      const chosen: SelectionCandidate<unknown>[] = [];
      const remaining = new Set(keys.keys());
      while (chosen.length < selection.chosen.length) {
        // Without replacement: two parents of a crossover come from two cells. Cells left with weight 0 only (alpha 0,
        // the worst cell) share the draw equally.
        const live = keys.map((_, index) => (remaining.has(index) ? weights[index]! : 0));
        // One cell left to give: no draw (so the random stream is spent only on real choices).
        const index =
          remaining.size === 1
            ? remaining.values().next().value!
            : drawIndex(live.some((weight) => weight > 0) ? live : live.map((_, at) => (remaining.has(at) ? 1 : 0)), random());
        const key = keys[index]!;
        chosen.push(offered.get(key)!);
        cells.get(key)!.visits += 1;
        remaining.delete(index);
      }
      return { ...selection, chosen: chosen as typeof selection.chosen };
    },
  };
}

/** The index a uniform draw in [0, 1) falls on when the weights (some positive) are laid end to end. */
function drawIndex(weights: readonly number[], draw: number): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let point = draw * total;
  for (const [index, weight] of weights.entries()) {
    if (weight === 0) continue;
    if (point < weight) return index;
    point -= weight;
  }
  // Rounding at the top end: the last positive weight.
  return weights.findLastIndex((weight) => weight > 0);
}
