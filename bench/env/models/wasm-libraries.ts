import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** An `ml-xgboost` booster: trains on nested arrays, must be `free`d (its memory lives in the WASM heap). */
export interface XGBoostBooster {
  train(samples: number[][], labels: number[]): void;
  predict(samples: number[][]): number[];
  free(): void;
}

/** A `libsvm-js` model: trains on nested arrays, must be `free`d. */
export interface LibsvmModel {
  train(samples: number[][], labels: number[]): void;
  predict(samples: number[][]): number[];
  free(): void;
}

/** The two WASM libraries, loaded once per thread. */
export interface WasmLibraries {
  readonly XGBoost: new (options: Record<string, string | number>) => XGBoostBooster;
  readonly SVM: {
    new (options: Record<string, unknown>): LibsvmModel;
    readonly SVM_TYPES: { readonly C_SVC: string; readonly EPSILON_SVR: string };
    readonly KERNEL_TYPES: { readonly LINEAR: string; readonly POLYNOMIAL: string; readonly RBF: string };
  };
}

let loading: Promise<WasmLibraries> | undefined;

/**
 * Loads `ml-xgboost` and `libsvm-js` (each package exports a promise of its class, resolved once its WASM module
 * has compiled). Both print through `console` and install process-wide handlers, so load them in an evaluation
 * worker, not in a host process.
 */
export function loadWasmLibraries(): Promise<WasmLibraries> {
  loading ??= Promise.all([
    require('ml-xgboost') as Promise<WasmLibraries['XGBoost']>,
    require('libsvm-js') as Promise<WasmLibraries['SVM']>,
  ]).then(([XGBoost, SVM]) => ({ XGBoost, SVM }));
  return loading;
}
