import type { PipelineConfig } from '../env/pipeline-config.js';
import type { PreprocessingConfig } from '../env/preprocessing-config.js';
import { familiesOf } from './pipeline-moves.js';

/** What kind of improvement turned a parent pipeline into a child: see `classifyChange`. */
export type ChangeKind = 'refinement' | 'component' | 'family-switch';

/** Whether each preprocessing step is on (the value that switches a step off is its "off" value). */
const stepIsOn: { readonly [Key in keyof PreprocessingConfig]: (value: PreprocessingConfig[Key]) => boolean } = {
  imputation: (value) => value !== 'none',
  encoding: (value) => value !== 'drop',
  polynomial: (value) => value !== null,
  scaling: (value) => value !== 'none',
  featureSelection: (value) => value !== null,
  pca: (value) => value !== null,
};

/**
 * How an improvement changed a pipeline, for an agent whose changes are not labelled by construction:
 * - `family-switch`: the child's model shares no family with the parent's (a dummy counts as no family);
 * - `component`: a preprocessing step was switched on or off (imputation, encoding, polynomial features,
 *   scaling, feature selection, PCA), or the model's members changed while keeping a family (an ensemble gained
 *   or lost a member, a single model became an ensemble or the reverse);
 * - `refinement`: the same steps and members with other settings (hyper-parameters, standard → robust scaling,
 *   one-hot → ordinal encoding, another PCA variance), or no change at all.
 */
export function classifyChange(parent: PipelineConfig, child: PipelineConfig): ChangeKind {
  const parentFamilies = familiesOf(parent);
  const childFamilies = familiesOf(child);
  const shared = childFamilies.some((family) => parentFamilies.includes(family));
  const sameMembers =
    sortedKey(parentFamilies) === sortedKey(childFamilies) && (parent.model.family === 'ensemble') === (child.model.family === 'ensemble');
  if (!shared && !sameMembers) return 'family-switch';
  if (!sameMembers) return 'component';
  for (const key of Object.keys(stepIsOn) as (keyof PreprocessingConfig)[]) {
    const isOn = stepIsOn[key] as (value: unknown) => boolean;
    if (isOn(parent.preprocessing[key]) !== isOn(child.preprocessing[key])) return 'component';
  }
  return 'refinement';
}

function sortedKey(families: readonly string[]): string {
  return [...families].sort().join(',');
}
