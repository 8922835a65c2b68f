import { beforeAll, describe, expect, it } from 'vitest';
import { createTabularCodeTask } from '../../../bench/code/tabular-code-task.js';
import { parsePipelineConfig } from '../../../bench/env/canonical-config.js';
import { evaluatePipeline } from '../../../bench/env/pipeline/evaluate-pipeline.js';
import { loadBenchTaskCard, type BenchTaskCard } from '../../../bench/cards/bench-task-card.js';
import { InvalidOptionsError } from '../../../src/errors/invalid-options-error.js';
import { findScientificPython, sandboxRunner } from './support/sandbox-runner.js';

const python = await findScientificPython();
if (python === null)
  console.warn(
    'tabular-code-task.test.ts: skipping the program runs: no python3 here imports numpy, scipy, pandas, scikit-learn and xgboost',
  );
const limits = { cpuSeconds: 60, memoryMegabytes: 2048 };
const run = sandboxRunner({ python: python ?? 'python3', cpuSeconds: limits.cpuSeconds, wallSeconds: 180 });

const cards = new Map<string, BenchTaskCard>();
beforeAll(async () => {
  for (const name of ['boston', 'co2-forecast', 'penguins']) cards.set(name, await loadBenchTaskCard(name));
});
const card = (name: string) => cards.get(name)!;

describe('the tabular code task: description', () => {
  it('states the task, metric, protocol, data preview, environment and output contract', () => {
    const { description, metric, reference, kind, id } = createTabularCodeTask(card('boston'), limits);
    expect({ id, kind, metric }).toEqual({ id: 'boston', kind: 'tabular', metric: { name: 'RMSE', maximize: false } });
    expect(reference).toEqual({ baseline: card('boston').baseline, top1: card('boston').top1, maximize: false, source: 'task-card' });
    expect(description.startsWith(card('boston').description)).toBe(true);
    for (const part of [
      '5-fold cross-validation',
      'run 5 times',
      'lower is better',
      '506 rows',
      '- crim: numeric, 0.00632 to 88.9762',
      '- medv (the target): numeric, 5 to 50',
      'crim,zn,indus,chas,nox,rm,age,dis,rad,tax,ptratio,b,lstat,medv\n0.00632,18,2.31,0,0.538,6.575,65.2,4.09,1,296,15.3,396.9,4.98,24',
      'numpy, scipy, pandas, scikit-learn and xgboost',
      'no network',
      'CPU-time limit of 60 seconds',
      'train.csv and test.csv in the working directory',
      'a header line `medv`, then one prediction per row of test.csv, in the same order',
    ]) {
      expect(description).toContain(part);
    }
  });

  it('says that a forward-chaining program only ever sees the past, and previews categories and classes', () => {
    const co2 = createTabularCodeTask(card('co2-forecast'), limits).description;
    expect(co2).toContain('forward chaining in time');
    expect(co2).toContain('cut into 6 consecutive blocks');
    expect(co2).toContain('(123, 247, 370, 494, 617 rows in the 5 runs)');
    expect(co2).toContain('only ever sees the past');
    const penguins = createTabularCodeTask(card('penguins'), limits).description;
    expect(penguins).toContain('stratified by class');
    expect(penguins).toContain('- sex: categorical (text), 3 values (., FEMALE, MALE), 10 missing');
    expect(penguins).toContain(
      '- species (the target): class label (text), one of Adelie (152 rows), Chinstrap (68 rows), Gentoo (124 rows)',
    );
    expect(penguins).toContain('each a class label as written in train.csv');
    expect(penguins).toContain('accuracy');
  });

  it('refuses bad limits with a typed error', () => {
    expect(() => createTabularCodeTask(card('boston'), { cpuSeconds: 0, memoryMegabytes: 2048 })).toThrow(InvalidOptionsError);
  });
});

describe.skipIf(python === null)('the tabular code task: running programs', () => {
  // Pure Python, no imports but csv: the trivial predictors of the cards' baselines, scored by the harness.
  const meanProgram = String.raw`
import csv
with open("train.csv") as f:
    targets = [float(row["medv"]) for row in csv.DictReader(f)]
with open("test.csv") as f:
    rows = list(csv.DictReader(f))
assert "medv" not in rows[0]
mean = sum(targets) / len(targets)
with open("predictions.csv", "w") as f:
    f.write("medv\n" + "".join(f"{mean!r}\n" for _ in rows))
`;

  it('scores a program per fold with the card metric, averaged as the TypeScript evaluation does (the mean predictor scores the baseline)', async () => {
    const outcome = await createTabularCodeTask(card('boston'), limits).evaluate(meanProgram, run);
    expect(outcome.error).toBeNull();
    // The card's baseline is the TypeScript evaluation of the dummy mean predictor on the same folds.
    expect(outcome.score).toBeCloseTo(card('boston').baseline, 9);
    expect(outcome.cpuSeconds).toBeGreaterThan(0);
  });

  it('reads class labels back (the majority class scores the penguins baseline)', async () => {
    const program = String.raw`
import csv
from collections import Counter
with open("train.csv") as f:
    counts = Counter(row["species"] for row in csv.DictReader(f))
majority = max(sorted(counts), key=counts.get)
with open("test.csv") as f:
    n = sum(1 for _ in csv.DictReader(f))
with open("predictions.csv", "w") as f:
    f.write("species\n" + f"{majority}\n" * n)
`;
    const outcome = await createTabularCodeTask(card('penguins'), limits).evaluate(program, run);
    expect(outcome.error).toBeNull();
    expect(outcome.score).toBeCloseTo(card('penguins').baseline, 12);
  });

  it("gives a scikit-learn program on boston the TypeScript evaluation's score of the same pipeline", async () => {
    const program = String.raw`
import pandas as pd
from sklearn.linear_model import Ridge
from sklearn.preprocessing import StandardScaler
train = pd.read_csv("train.csv")
test = pd.read_csv("test.csv")
features = [column for column in train.columns if column != "medv"]
assert list(test.columns) == features
scaler = StandardScaler().fit(train[features])
model = Ridge(alpha=1.0).fit(scaler.transform(train[features]), train["medv"])
pd.DataFrame({"medv": model.predict(scaler.transform(test[features]))}).to_csv("predictions.csv", index=False)
print(f"train {len(train)} test {len(test)}")
`;
    const [outcome, typescript] = await Promise.all([
      createTabularCodeTask(card('boston'), limits).evaluate(program, run),
      evaluatePipeline(
        card('boston'),
        parsePipelineConfig({ preprocessing: { scaling: 'standard' }, model: { family: 'linear', alpha: 1 } }),
      ),
    ]);
    expect(outcome.error).toBeNull();
    if (typescript.status !== 'ok') throw new Error('expected a TypeScript score');
    // Ridge has one solution: the two implementations agree to rounding.
    expect(Math.abs(outcome.score! - typescript.score)).toBeLessThan(1e-6);
    expect(outcome.output).toContain('[fold 5 of 5]\ntrain 405 test 101');
  });

  it('runs forward-chaining folds in time order, each program seeing only the past (co2-forecast)', async () => {
    const program = String.raw`
import pandas as pd
from sklearn.linear_model import LinearRegression
train = pd.read_csv("train.csv")
test = pd.read_csv("test.csv")
month = lambda frame: frame["year"] * 12 + frame["month"]
assert month(train).is_monotonic_increasing and month(test).is_monotonic_increasing
assert month(train).max() < month(test).min(), "the program saw the future"
model = LinearRegression().fit(train[["year", "month"]], train["co2_ppm"])
pd.DataFrame({"co2_ppm": model.predict(test[["year", "month"]])}).to_csv("predictions.csv", index=False)
print(f"train {len(train)} test {len(test)}")
`;
    const [outcome, typescript] = await Promise.all([
      createTabularCodeTask(card('co2-forecast'), limits).evaluate(program, run),
      evaluatePipeline(card('co2-forecast'), parsePipelineConfig({ model: { family: 'linear', alpha: 0 } })),
    ]);
    expect(outcome.error).toBeNull();
    if (typescript.status !== 'ok') throw new Error('expected a TypeScript score');
    expect(Math.abs(outcome.score! - typescript.score)).toBeLessThan(1e-6);
    for (const [fold, trainRows, testRows] of [
      [1, 123, 124],
      [3, 370, 124],
      [5, 617, 124],
    ])
      expect(outcome.output).toContain(`[fold ${fold} of 5]\ntrain ${trainRows} test ${testRows}`);
  });

  const buggy: [string, string, string, RegExp][] = [
    ['no predictions file', 'boston', 'print("done")', /^fold 1 of 5: the program wrote no predictions\.csv$/],
    [
      'a short file',
      'boston',
      'open("predictions.csv", "w").write("medv\\n1\\n2\\n3\\n")',
      /^fold 1 of 5: predictions\.csv has 3 rows, expected 102 \(one per row of test\.csv/,
    ],
    [
      'no column named as the target',
      'boston',
      'open("predictions.csv", "w").write("prediction\\n" + "1\\n" * 102)',
      /^fold 1 of 5: predictions\.csv has no column "medv" \(its header: "prediction"\)$/,
    ],
    [
      'a value that is not a number',
      'boston',
      'open("predictions.csv", "w").write("medv\\n" + "1\\n" * 50 + "abc\\n" + "1\\n" * 51)',
      /^fold 1 of 5: predictions\.csv line 52: "abc" is not a finite number$/,
    ],
    [
      'a NaN',
      'boston',
      'open("predictions.csv", "w").write("medv\\n" + "nan\\n" * 102)',
      /^fold 1 of 5: predictions\.csv line 2: "nan" is not a finite number$/,
    ],
    [
      'an unknown class label',
      'penguins',
      'n = len(open("test.csv").read().splitlines()) - 1\nopen("predictions.csv", "w").write("species\\n" + "Emperor\\n" * n)',
      /^fold 1 of 5: predictions\.csv line 2: "Emperor" is not a class label of the task \("Adelie", "Chinstrap", "Gentoo"\)$/,
    ],
    [
      'a file that is not CSV',
      'boston',
      'open("predictions.csv", "w").write("medv\\n\\"1\\n")',
      /^fold 1 of 5: predictions\.csv is not valid CSV: /,
    ],
    ['an empty file', 'boston', 'open("predictions.csv", "w").write("")', /^fold 1 of 5: predictions\.csv is empty/],
  ];
  it.each(buggy)('makes a buggy node of %s, naming the problem', async (_name, task, program, error) => {
    const outcome = await createTabularCodeTask(card(task), limits).evaluate(program, run);
    expect(outcome.score).toBeNull();
    expect(outcome.error).toMatch(error);
  });

  it("makes a buggy node of a crash, with the traceback's last line as the error and the traceback in the output; it stops at the failing fold", async () => {
    // Fails on the third forward-chaining fold (370 training rows), after two good ones.
    const program = String.raw`
import csv
with open("train.csv") as f:
    rows = list(csv.DictReader(f))
print(f"fitting on {len(rows)} rows")
if len(rows) == 370:
    raise ValueError("Input X contains NaN.")
with open("test.csv") as f:
    n = sum(1 for _ in csv.DictReader(f))
open("predictions.csv", "w").write("co2_ppm\n" + "300\n" * n)
`;
    const outcome = await createTabularCodeTask(card('co2-forecast'), limits).evaluate(program, run);
    expect(outcome.score).toBeNull();
    expect(outcome.error).toBe('fold 3 of 5: ValueError: Input X contains NaN.');
    expect(outcome.output).toContain('[fold 3 of 5]\nfitting on 370 rows\nTraceback (most recent call last):');
    expect(outcome.output).not.toContain('[fold 4 of 5]');
    expect(outcome.cpuSeconds).toBeGreaterThan(0);
  });

  it('makes a buggy node of a program over its CPU-time limit', async () => {
    const strict = sandboxRunner({ python: python!, cpuSeconds: 1, wallSeconds: 30 });
    const outcome = await createTabularCodeTask(card('boston'), { cpuSeconds: 1, memoryMegabytes: 512 }).evaluate(
      'while True:\n    pass\n',
      strict,
    );
    expect(outcome.score).toBeNull();
    expect(outcome.error).toBe('fold 1 of 5: exceeded the CPU limit of 1 s');
    expect(outcome.cpuSeconds).toBeGreaterThan(0.5);
  });
});
