import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importTrajectory } from '../../adapters/trajectory/index.js';
import { buildCorpus, type Corpus } from '../../src/corpus/index.js';
import { createHCreativityScorer, scoreRunHCreativity } from '../../src/corpus/h-creativity-scorer.js';
import { InvalidOptionsError } from '../../src/errors/invalid-options-error.js';
import type { Judge, JudgeInput } from '../../src/judges/judge.js';
import { hasSharedData, sharedDataPath } from '../support/shared-data.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';
import { trajectoryReader } from '../../adapters/trajectory/index.js';

const directory = useTemporaryDirectory('boden-h-creativity-');

/** Small boosting solutions of one tabular task: the corpus every test here searches. */
const boostingSolutions: Readonly<Record<string, string>> = {
  'lgbm.py': [
    'import pandas as pd',
    'import lightgbm as lgb',
    'from sklearn.model_selection import StratifiedKFold',
    'train = pd.read_csv("train.csv")',
    'X = train.drop(columns=["target"]); y = train["target"]',
    'for tr, va in StratifiedKFold(n_splits=5, shuffle=True, random_state=0).split(X, y):',
    '    model = lgb.LGBMClassifier(n_estimators=500, learning_rate=0.05)',
    '    model.fit(X.iloc[tr], y.iloc[tr])',
  ].join('\n'),
  'xgb.py': [
    'import pandas as pd',
    'import xgboost as xgb',
    'from sklearn.model_selection import KFold',
    'train = pd.read_csv("train.csv")',
    'X = train.drop(columns=["target"]); y = train["target"]',
    'for tr, va in KFold(n_splits=5).split(X):',
    '    model = xgb.XGBClassifier(n_estimators=300, max_depth=6)',
    '    model.fit(X.iloc[tr], y.iloc[tr])',
  ].join('\n'),
  'catboost.py': [
    'import pandas as pd',
    'from catboost import CatBoostClassifier',
    'from sklearn.model_selection import train_test_split',
    'train = pd.read_csv("train.csv")',
    'X = train.drop(columns=["target"]); y = train["target"]',
    'X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2)',
    'model = CatBoostClassifier(iterations=1000, learning_rate=0.03)',
    'model.fit(X_tr, y_tr, eval_set=(X_va, y_va))',
  ].join('\n'),
  'gbm_sklearn.py': [
    'import pandas as pd',
    'from sklearn.ensemble import GradientBoostingClassifier',
    'from sklearn.model_selection import cross_val_score',
    'train = pd.read_csv("train.csv")',
    'X = train.drop(columns=["target"]); y = train["target"]',
    'print(cross_val_score(GradientBoostingClassifier(n_estimators=200), X, y, cv=5).mean())',
  ].join('\n'),
};

const copyEpisode = {
  id: 'copy',
  plan: 'Train a LightGBM classifier with stratified 5-fold cross-validation.',
  code: boostingSolutions['lgbm.py']!,
};
const transformerEpisode = {
  id: 'transformer',
  plan: 'Fine-tune a pretrained transformer (BERT) on the text with a contrastive loss, then self-train on pseudo-labels.',
  code: [
    'import torch',
    'from transformers import AutoModel, AutoTokenizer',
    'tokenizer = AutoTokenizer.from_pretrained("bert-base-uncased")',
    'model = AutoModel.from_pretrained("bert-base-uncased")',
    'optimizer = torch.optim.AdamW(model.parameters(), lr=2e-5)',
    'for batch in loader:',
    '    loss = contrastive_loss(model(**batch).last_hidden_state[:, 0], batch["labels"])',
    '    loss.backward(); optimizer.step()',
    'pseudo = model(unlabelled).argmax(-1)',
  ].join('\n'),
};

async function boostingCorpus(name: string): Promise<Corpus> {
  const solutions = join(directory, `${name}-solutions`);
  mkdirSync(solutions, { recursive: true });
  for (const [file, code] of Object.entries(boostingSolutions)) writeFileSync(join(solutions, file), `${code}\n`);
  const { corpus, skipped } = await buildCorpus({
    trajectories: trajectoryReader,
    inputs: [solutions],
    task: 'tabular',
    out: join(directory, name),
  });
  expect(skipped).toEqual([]);
  return corpus;
}

describe('createHCreativityScorer', () => {
  it('scores a copy of a corpus solution lower than a new paradigm, with a smaller distance', async () => {
    const scorer = createHCreativityScorer({ corpus: await boostingCorpus('paradigms'), k: 3 });
    const copy = await scorer.score(copyEpisode, 'run');
    const transformer = await scorer.score(transformerEpisode, 'run');
    expect(copy.neighbours[0]!.id).toBe('lgbm.py');
    expect(copy.distance).toBeLessThan(0.15);
    expect(transformer.distance).toBeGreaterThan(0.5);
    // Judged in the summary space, a copy reads as the same approach (Routine) and the transformer as a new paradigm.
    expect(copy.score).toBe(0);
    expect(transformer.score).toBeGreaterThan(copy.score);
    expect(transformer.score).toBeGreaterThanOrEqual(3);
    expect(transformer.verdict.score).toBe(transformer.score);
    expect(transformer.rationale).toBe(transformer.verdict.rationale);
  });

  it('returns k neighbours ordered by similarity, and distance = 1 − the largest similarity', async () => {
    const scorer = createHCreativityScorer({ corpus: await boostingCorpus('order'), k: 3 });
    const { neighbours, distance } = await scorer.score(transformerEpisode, 'run');
    expect(neighbours).toHaveLength(3);
    const similarities = neighbours.map((neighbour) => neighbour.similarity);
    expect(similarities).toEqual([...similarities].sort((a, b) => b - a));
    expect(distance).toBeCloseTo(1 - similarities[0]!, 12);
  });

  it('gives the judge the episode and its neighbours in the same summary space, under a per-episode run id', async () => {
    const corpus = await boostingCorpus('judge-input');
    const inputs: JudgeInput[] = [];
    const judge: Judge = {
      specificationVersion: 'v1',
      id: 'recording',
      async judge(input) {
        inputs.push(input);
        return { score: 1, label: 'Combinational', modes: ['combinational'], rationale: 'recorded', confidence: 1, judge: 'recording' };
      },
    };
    const result = await createHCreativityScorer({ corpus, judge, k: 2 }).score(copyEpisode, 'run-a');
    expect(result).toMatchObject({ score: 1, rationale: 'recorded' });
    const [input] = inputs;
    expect(input!.runId).toBe('run-a/h-creativity/copy');
    const approach = corpus.approachInput(copyEpisode).plan;
    expect(input!.episode).toMatchObject({ id: 'copy', plan: approach, code: approach });
    expect(input!.earlier).toHaveLength(2);
    const summary = corpus.entry('lgbm.py')!.summary;
    expect(input!.earlier[0]).toMatchObject({ plan: summary, code: summary, summary });
    expect(input!.novelty).toEqual({ 'nearest-neighbour': result.distance });
  });

  it('rejects bad options with InvalidOptionsError', async () => {
    const corpus = await boostingCorpus('options');
    expect(() => createHCreativityScorer({ corpus, k: 0 })).toThrow(InvalidOptionsError);
    expect(() => createHCreativityScorer({ corpus: {} as Corpus })).toThrow(InvalidOptionsError);
  });
});

/** The AI-Scientist-v2 research idea of a trajectory file: `aisv2-<idea>-s<stage>.journal.json`. */
function researchIdea(file: string): string | null {
  return /^aisv2-(.+)-s\d+\.journal\.json$/.exec(file)?.[1] ?? null;
}

describe.skipIf(!hasSharedData)('leave one research idea out on the shared AI-Scientist-v2 runs', () => {
  it("scores every episode of one run against a corpus of the other ideas' runs", async () => {
    const files = readdirSync(sharedDataPath('trajectories')).filter((file) => researchIdea(file) !== null);
    const held = 'aisv2-eli-lilly-lnp-s2.journal.json';
    const others = files.filter((file) => researchIdea(file) !== researchIdea(held));
    expect(others.length).toBeGreaterThan(5);
    const { corpus, added } = await buildCorpus({
      trajectories: trajectoryReader,
      inputs: others.map((file) => sharedDataPath('trajectories', file)),
      task: 'ai-scientist-v2',
      out: join(directory, 'leave-one-out'),
    });
    expect(added.length).toBeGreaterThan(50);
    expect(added.some((entry) => entry.id.startsWith('aisv2-eli-lilly'))).toBe(false);
    const [run] = await importTrajectory(sharedDataPath('trajectories', held));
    const scores = await scoreRunHCreativity(run!, createHCreativityScorer({ corpus }));
    expect(scores).toHaveLength(run!.episodes.length);
    expect(scores.length).toBeGreaterThan(0);
    for (const score of scores) {
      expect(Number.isInteger(score.score) && score.score >= 0 && score.score <= 4).toBe(true);
      expect(score.distance).toBeGreaterThanOrEqual(-1e-6);
      expect(score.distance).toBeLessThanOrEqual(2);
      expect(score.neighbours).toHaveLength(10);
    }
    const meanH = scores.reduce((sum, score) => sum + score.score, 0) / scores.length;
    const meanDistance = scores.reduce((sum, score) => sum + score.distance, 0) / scores.length;
    console.info(
      `[h-creativity] ${run!.id}: ${scores.length} episodes, mean H ${meanH.toFixed(3)}, mean distance ${meanDistance.toFixed(3)} against ${corpus.size} solutions`,
    );
  }, 180_000);
});
