import { describe, expect, it } from 'vitest';
import { parsePipelineConfig } from '../../bench/env/canonical-config.js';
import { renderPipelineCode } from '../../bench/env/render-code.js';
import { renderPipelinePlan } from '../../bench/env/render-plan.js';
import { benchTasks } from '../../bench/tasks/task-definitions.js';

const boston = benchTasks.find((task) => task.task === 'boston')!;
const penguins = benchTasks.find((task) => task.task === 'penguins')!;
const models = [
  { family: 'linear', alpha: 3 },
  { family: 'knn', neighbors: 7 },
  { family: 'cart', maxDepth: 5 },
  { family: 'boosting', estimators: 300, learningRate: 0.05, maxDepth: 4 },
  { family: 'random-forest', estimators: 200 },
  { family: 'svm', C: 10, gamma: 0.1 },
  { family: 'dummy' },
  { family: 'ensemble', members: [{ family: 'linear' }, { family: 'boosting' }] },
];

describe('renderers', () => {
  it('render a distinct plan and distinct code for every family', () => {
    const rendered = models
      .map((model) => parsePipelineConfig({ model }))
      .map((config) => ({
        plan: renderPipelinePlan(boston, config),
        code: renderPipelineCode(boston, config),
      }));
    expect(new Set(rendered.map((entry) => entry.plan)).size).toBe(models.length);
    expect(new Set(rendered.map((entry) => entry.code)).size).toBe(models.length);
    const naiveBayes = parsePipelineConfig({ model: { family: 'naive-bayes' } });
    expect(renderPipelineCode(penguins, naiveBayes)).toContain('GaussianNB(var_smoothing=1e-09)');
  });

  it('write realistic imports and hyper-parameters as numeric literals', () => {
    const ridge = renderPipelineCode(boston, parsePipelineConfig({ model: models[0] }));
    expect(ridge).toContain('from sklearn.linear_model import Ridge');
    expect(ridge).toContain('model = Ridge(alpha=3.0)');
    expect(ridge).toContain('cv = KFold(n_splits=5, shuffle=True, random_state=0)');
    const boosting = renderPipelineCode(
      boston,
      parsePipelineConfig({ preprocessing: { scaling: 'standard', pca: { varianceKept: 0.95 } }, model: models[3] }),
    );
    expect(boosting).toContain('import xgboost as xgb');
    expect(boosting).toMatch(/xgb\.XGBRegressor\(n_estimators=300, learning_rate=0\.05, max_depth=4,/);
    expect(boosting).toContain('("pca", PCA(n_components=0.95))');
    const svm = renderPipelineCode(penguins, parsePipelineConfig({ model: { family: 'svm', C: 3, classWeight: 'balanced' } }));
    expect(svm).toContain('SVC(kernel="rbf", C=3.0, gamma="scale", class_weight="balanced")');
    expect(svm).toContain('StratifiedKFold');
    expect(svm).toContain('OneHotEncoder(handle_unknown="ignore")');
  });

  it('describe the paradigm, its hyper-parameters and the validation in the plan', () => {
    const plan = renderPipelinePlan(
      penguins,
      parsePipelineConfig({ preprocessing: { imputation: 'none', scaling: 'robust' }, model: models[3] }),
    );
    expect(plan).toMatch(/gradient-boosted trees with XGBoost/);
    expect(plan).toContain('300 boosting rounds');
    expect(plan).toContain('leave missing values as they are');
    expect(plan).toContain('stratified 5-fold cross-validation');
    expect(renderPipelinePlan(penguins, parsePipelineConfig({ model: models[3] }))).toBe(
      renderPipelinePlan(penguins, parsePipelineConfig({ model: { ...models[3] } })),
    );
  });
});
