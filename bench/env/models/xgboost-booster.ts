import { matrixToArrays, type DenseMatrix } from '../dense-matrix.js';
import { PipelineError } from '../pipeline-error.js';
import type { Model, ModelContext } from './model.js';

/**
 * The most bytes of training data ml-xgboost 1.1.2 takes without corrupting its memory. Its `train` hands the
 * samples (as float32) and the labels to the WASM module through emscripten's `ccall` with `'array'` arguments,
 * which copies them onto the module's stack (TOTAL_STACK, 5 MiB) with no bounds check: a larger matrix writes past
 * the stack into the heap, and training fails with `RuntimeError: memory access out of bounds` (measured: 320 rows
 * × 3,900 columns train, × 4,100 fail; 1,000 × 1,300 train, × 1,320 fail; a little past the stack it still trains,
 * over the start of its heap). A 4 KiB margin is left for the stack in use when `train` is called from JavaScript
 * (next to nothing).
 */
export const xgboostTrainingBytesLimit = 5 * 2 ** 20 - 4 * 2 ** 10;

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
      // Refused before the library sees it: past its stack it traps, or worse, silently overwrites its heap.
      // Both arguments are on the stack at once (samples, then labels), each rounded up to 16 bytes.
      const bytes = roundUp16(4 * features.rows * features.columns) + roundUp16(4 * features.rows);
      if (bytes > xgboostTrainingBytesLimit) {
        throw new PipelineError({
          step: 'XGBoost.fit',
          message: `${features.rows} rows × ${features.columns} columns (${(bytes / 2 ** 20).toFixed(1)} MiB as float32) overflow the 5 MiB stack ml-xgboost's WASM build copies its training data onto (memory access out of bounds); select features or reduce them with PCA`,
        });
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

function roundUp16(bytes: number): number {
  return Math.ceil(bytes / 16) * 16;
}
