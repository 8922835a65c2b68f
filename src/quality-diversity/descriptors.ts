/** A candidate's place in a quality-diversity archive: one value per axis, and the key that names the cell. */
export interface DescriptorCell {
  /** The axis values joined with ` | `: equal keys mean the same cell. */
  readonly key: string;
  /** One value per axis, in the axes' order. */
  readonly values: readonly string[];
}

/**
 * Role: what "different" means for a quality-diversity archive. `describe` puts a candidate into a cell of a grid
 * whose axes are named by `axes`; cells are discovered as candidates arrive, so an axis needs no fixed list of values.
 * Implementations: `conceptDescriptors` (axes from the concepts boden reads in plan and code).
 */
export interface Descriptors {
  /** Version of the `Descriptors` role this object implements. */
  readonly specificationVersion: 'v1';
  /** The axes' names, e.g. `['paradigm', 'feature-engineering', 'validation']`. */
  readonly axes: readonly string[];
  /** The cell of a candidate from its plan and code; the same text always gives the same cell. */
  describe(candidate: { readonly plan: string; readonly code: string }): DescriptorCell;
}
