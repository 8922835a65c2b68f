import { matrixToArrays, type DenseMatrix } from '../dense-matrix.js';
import type { Model, ModelContext } from './model.js';

/**
 * A model backed by one `ml-xgboost` booster per fit, freed on refit and on `free`. Classification relabels the
 * classes present in the training fold to 0..m-1 (the library sets `num_class` from the distinct labels it sees)
 * and maps predictions back; regression starts from the training mean (`base_score`), as XGBoost ≥ 2 does.
 * The seed is always set: without it the library's global random state makes results depend on history.
 */
export function createXGBoostModel(parameters: Record<string, string | number>, context: ModelContext): Model {
  let booster: { predict(samples: number[][]): number[]; free(): void } | undefined;
  let presentClasses: number[] = [];
  let constant: number | undefined;
  const release = () => {
    booster?.free();
    booster = undefined;
  };
  return {
    fit(features, target) {
      release();
      constant = undefined;
      // The default (exact) tree method: `hist` was 30 % faster on seattle-weather but 3× slower on boston and
      // 30× slower for random forests in this WASM build.
      const options: Record<string, string | number> = { booster: 'gbtree', silent: 1, seed: context.seed, ...parameters };
      let labels = [...target];
      if (context.kind === 'classification') {
        presentClasses = [...new Set(target)].sort((a, b) => a - b);
        if (presentClasses.length === 1) {
          constant = presentClasses[0]!;
          return;
        }
        const index = new Map(presentClasses.map((label, position) => [label, position]));
        labels = target.map((label) => index.get(label)!);
        options.objective = 'multi:softmax';
      } else {
        options.objective = 'reg:linear';
        options.base_score = target.reduce((sum, value) => sum + value, 0) / target.length;
      }
      const created = new context.wasm.XGBoost(options);
      booster = created;
      created.train(matrixToArrays(features), labels);
    },
    predict(features: DenseMatrix) {
      if (constant !== undefined) return new Float64Array(features.rows).fill(constant);
      if (!booster) throw new Error('predict before fit');
      const raw = booster.predict(matrixToArrays(features));
      return Float64Array.from(raw, (value) => (context.kind === 'classification' ? presentClasses[Math.round(value)]! : value));
    },
    free: release,
  };
}
