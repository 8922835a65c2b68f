import { matrixToArrays, type DenseMatrix } from '../dense-matrix.js';
import type { ModelConfigOf } from '../model-config.js';
import { rejectNaN, type Model, type ModelContext } from './model.js';
import type { LibsvmModel } from './wasm-libraries.js';

/**
 * A libsvm support vector machine (C-SVC for classes, epsilon-SVR for regression). `gamma: 'scale'` is
 * scikit-learn's 1 / (features × variance of all inputs); `balanced` class weights are n / (classes × n_class).
 * libsvm calls cannot be interrupted, which is one reason evaluations run in a worker with a timeout.
 */
export function createSvmModel(config: ModelConfigOf<'svm'>, context: ModelContext): Model {
  const { SVM } = context.wasm;
  let svm: LibsvmModel | undefined;
  const release = () => {
    svm?.free();
    svm = undefined;
  };
  return {
    fit(features, target) {
      rejectNaN(features, context.kind === 'regression' ? 'SVR' : 'SVC');
      release();
      const kernels = { rbf: SVM.KERNEL_TYPES.RBF, linear: SVM.KERNEL_TYPES.LINEAR, poly: SVM.KERNEL_TYPES.POLYNOMIAL };
      const options: Record<string, unknown> = {
        type: context.kind === 'regression' ? SVM.SVM_TYPES.EPSILON_SVR : SVM.SVM_TYPES.C_SVC,
        kernel: kernels[config.kernel],
        cost: config.C,
        gamma: config.gamma === 'scale' ? scaleGamma(features) : config.gamma,
        degree: config.degree,
        coef0: 0,
        quiet: true, // libsvm-js prints training progress unless told otherwise, whatever its docs say
      };
      if (context.kind === 'regression') options.epsilon = config.epsilon;
      if (context.kind === 'classification' && config.classWeight === 'balanced') options.weight = balancedWeights(target);
      const created = new SVM(options);
      svm = created;
      created.train(matrixToArrays(features), [...target]);
    },
    predict(features: DenseMatrix) {
      if (!svm) throw new Error('predict before fit');
      return Float64Array.from(svm.predict(matrixToArrays(features)));
    },
    free: release,
  };
}

function scaleGamma(features: DenseMatrix): number {
  const n = features.data.length;
  const mean = features.data.reduce((sum, value) => sum + value, 0) / n;
  const variance = features.data.reduce((sum, value) => sum + (value - mean) ** 2, 0) / n;
  return variance > 0 ? 1 / (features.columns * variance) : 1;
}

function balancedWeights(target: readonly number[]): Record<string, number> {
  const counts = new Map<number, number>();
  for (const label of target) counts.set(label, (counts.get(label) ?? 0) + 1);
  return Object.fromEntries([...counts].map(([label, count]) => [String(label), target.length / (counts.size * count)]));
}
