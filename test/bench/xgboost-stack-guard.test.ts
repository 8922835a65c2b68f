import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parsePipelineConfig } from '../../bench/env/canonical-config.js';
import { createMatrix } from '../../bench/env/dense-matrix.js';
import { createEvaluationPool } from '../../bench/env/evaluation-pool.js';
import { createXGBoostModel } from '../../bench/env/models/xgboost-booster.js';
import type { WasmLibraries } from '../../bench/env/models/wasm-libraries.js';
import { PipelineError } from '../../bench/env/pipeline-error.js';
import { readBenchTaskDefinition } from '../../bench/cards/bench-task-card.js';
import { createSeededRandom } from '../../src/random/random-source.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

// ml-xgboost 1.1.2 copies its training matrix (float32) and labels onto the WASM module's 5 MiB stack (emscripten
// `ccall` 'array' arguments, unchecked): past it, training overwrites the heap and traps with "RuntimeError: memory
// access out of bounds". Measured: 320 rows × 3,900 columns train, × 4,100 trap.

const directory = useTemporaryDirectory('boden-xgboost-stack-');
const pool = createEvaluationPool({ size: 1 });
afterAll(() => pool.close());

/** A fake `ml-xgboost` (fakes over mocks): records the boosters made and the shapes they were trained on. */
function fakeWasm(): { wasm: WasmLibraries; trained: { rows: number; columns: number }[] } {
  const trained: { rows: number; columns: number }[] = [];
  class FakeBooster {
    train(samples: number[][]) {
      trained.push({ rows: samples.length, columns: samples[0]?.length ?? 0 });
    }
    predict(samples: number[][]) {
      return samples.map(() => 0);
    }
    free() {}
  }
  return { wasm: { XGBoost: FakeBooster, SVM: undefined as never } as unknown as WasmLibraries, trained };
}

describe('XGBoost never receives a training matrix its WASM stack cannot hold', () => {
  it('refuses 320 rows × 4,100 columns as a pipeline error, before the library sees them; trains 320 × 3,900', () => {
    const { wasm, trained } = fakeWasm();
    const model = createXGBoostModel({ iterations: 5 }, { kind: 'classification', classCount: 3, seed: 1, wasm });
    const labels = Array.from({ length: 320 }, (_, row) => row % 3);
    let refusal: unknown;
    try {
      model.fit(createMatrix(320, 4100), labels);
    } catch (error) {
      refusal = error;
    }
    expect(PipelineError.isInstance(refusal), String(refusal)).toBe(true);
    expect((refusal as PipelineError).message).toBe(
      "XGBoost.fit: 320 rows × 4100 columns (5.0 MiB as float32) overflow the 5 MiB stack ml-xgboost's WASM build copies its training data onto (memory access out of bounds); select features or reduce them with PCA",
    );
    expect(trained).toEqual([]);
    model.fit(createMatrix(320, 3900), labels);
    expect(trained).toEqual([{ rows: 320, columns: 3900 }]);
    model.free();
  });

  it('a 400-row classification task: the wide pipeline that crashed is a buggy node saying why, a narrow one scores', async () => {
    const random = createSeededRandom(3);
    const lines = ['a,b,c,d,e,city,shade,label'];
    for (let row = 0; row < 400; row += 1) {
      const [a, b] = [random() * 10, random() * 5];
      const shade = ['dark', 'light', 'mid'][row % 3]!;
      const z = a - 2 * b + (shade === 'dark' ? 3 : 0) + random() * 2;
      lines.push(
        [
          a.toFixed(3),
          b.toFixed(3),
          random().toFixed(3),
          Math.floor(random() * 12),
          (random() * 100).toFixed(1),
          `city${Math.floor(random() * 25)}`,
          shade,
          z < 0 ? 'low' : z < 4 ? 'mid' : 'high',
        ].join(','),
      );
    }
    writeFileSync(join(directory, 'classes.csv'), `${lines.join('\n')}\n`);
    const definition = {
      task: 'four-hundred-rows',
      dataset: { csv: 'classes.csv' },
      kind: 'classification',
      metric: 'accuracy',
      maximize: true,
      target: 'label',
      numericFeatures: ['a', 'b', 'c', 'd', 'e'],
      categoricalFeatures: ['city', 'shade'],
      cv: { folds: 5, seed: 0, stratified: true },
      featureEngineering: {},
      description: 'Predict the class of a synthetic row.',
    };
    writeFileSync(join(directory, 'classes.json'), JSON.stringify(definition));
    const task = await readBenchTaskDefinition(join(directory, 'classes.json'));
    // One-hot cities and shades, 16 bins of each numeric column, then every product of two columns: 6,000+ columns.
    const boosting = {
      family: 'boosting',
      estimators: 25,
      learningRate: 0.1,
      maxDepth: 2,
      subsample: 0.6,
      columnSample: 0.5,
      minChildWeight: 1,
      l2: 1,
    };
    const wide = parsePipelineConfig({
      preprocessing: {
        imputation: 'median',
        encoding: 'one-hot',
        polynomial: { interactionOnly: false },
        scaling: 'none',
        featureSelection: null,
        pca: null,
      },
      model: boosting,
      features: { binning: { bins: 16 } },
    });
    const result = await pool.evaluate(task, wide, { workBudgetSeconds: 20 });
    expect(result.status === 'buggy' && result.cause).toBe('error');
    expect(result.status === 'buggy' && result.error).toMatch(
      /^XGBoost\.fit: 320 rows × \d{4} columns \(\d+\.\d MiB as float32\) overflow the 5 MiB stack ml-xgboost's WASM build copies its training data onto/,
    );
    const narrow = await pool.evaluate(
      task,
      parsePipelineConfig({
        preprocessing: { imputation: 'median', encoding: 'one-hot', polynomial: null, scaling: 'none', featureSelection: null, pca: null },
        model: boosting,
        features: { binning: { bins: 16 } },
      }),
      { workBudgetSeconds: 20 },
    );
    expect(narrow.status).toBe('ok');
    expect(pool.stats.crashes).toBe(0);
  });
});
