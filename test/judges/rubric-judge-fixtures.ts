import type { JudgedEpisode } from '../../src/judges/judge.js';

/** A small tabular baseline: LightGBM with a hold-out split. */
export const gradientBoostingCode = `import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import train_test_split

train = pd.read_csv("input/train.csv")
X = train.drop(columns=["target"])
y = train["target"]
X_train, X_valid, y_train, y_valid = train_test_split(X, y, test_size=0.2, random_state=42)
model = lgb.LGBMRegressor(n_estimators=500, learning_rate=0.05, num_leaves=31)
model.fit(X_train, y_train)
print("validation R2:", model.score(X_valid, y_valid))
`;

/** Lines a branch adds to the baseline: a log transform of the skewed target. */
const logTargetLines = `import numpy as np
y = np.log1p(y)
`;

/** Lines another branch adds: an engineered ratio feature. */
const ratioFeatureLines = `X["area_per_room"] = X["area"] / (X["rooms"] + 1)
X["age"] = X["year_sold"] - X["year_built"]
`;

const withAfterTarget = (code: string, lines: string): string => code.replace('y = train["target"]\n', `y = train["target"]\n${lines}`);

/** Builds a judged episode. */
export function episode(id: string, plan: string, code: string, extra: Partial<JudgedEpisode> = {}): JudgedEpisode {
  return { id, plan, code, summary: null, ...extra };
}

/** The baseline episode every case builds on. */
export const baseline = episode(
  'e0',
  'Train a LightGBM regressor on the raw tabular features with a hold-out split.',
  gradientBoostingCode,
);

/** The same program re-run with another seed, flagged as AI-Scientist-v2 flags seed nodes. */
export const seedRerun = episode(
  'seed',
  'Re-run the best configuration with a different seed.',
  gradientBoostingCode.replace('random_state=42', 'random_state=7'),
  {
    parentEpisodeId: 'e0',
    flags: ['seed'],
  },
);

/** Only hyper-parameter values change. */
export const numbersOnly = episode(
  'numbers',
  'Use more trees with a smaller learning rate and more leaves.',
  gradientBoostingCode.replace(
    'n_estimators=500, learning_rate=0.05, num_leaves=31',
    'n_estimators=2000, learning_rate=0.01, num_leaves=63',
  ),
  { parentEpisodeId: 'e0' },
);

/** The same program with comments, blank lines and other spacing. */
export const sameCode = episode(
  'same',
  'Train the baseline again.',
  `# baseline again\n${gradientBoostingCode.replace('model.fit(X_train, y_train)', 'model.fit( X_train,  y_train )  # fit\n')}`,
  { parentEpisodeId: 'e0' },
);

/** A new regulariser within the same model family: early stopping on the validation split. */
export const newRegulariser = episode(
  'early-stopping',
  'Add early stopping on the validation split to regularise the boosting.',
  gradientBoostingCode.replace(
    'model.fit(X_train, y_train)',
    'model.fit(X_train, y_train, eval_set=[(X_valid, y_valid)], callbacks=[lgb.early_stopping(stopping_rounds=50)])',
  ),
  { parentEpisodeId: 'e0' },
);

/** Branch A: the log-transformed target. */
export const logTarget = episode(
  'log-target',
  'Model the log of the skewed target.',
  withAfterTarget(gradientBoostingCode, logTargetLines),
  { parentEpisodeId: 'e0' },
);

/** Branch B: engineered features. */
export const ratioFeatures = episode(
  'features',
  'Engineer area-per-room and age features.',
  withAfterTarget(gradientBoostingCode, ratioFeatureLines),
  {
    parentEpisodeId: 'e0',
  },
);

/** Branch B with branch A's log target carried over: two earlier components, recombined. */
export const recombined = episode(
  'recombined',
  'Combine the engineered features with the log-transformed target.',
  withAfterTarget(gradientBoostingCode, `${ratioFeatureLines}${logTargetLines}`),
  { parentEpisodeId: 'features' },
);

/** A new paradigm: from gradient-boosted trees on tabular columns to fine-tuning a pretrained transformer on text. */
export const pretrainedTransformer = episode(
  'transformer',
  'Fine-tune a pretrained DistilBERT model on the listing descriptions instead of the tabular columns.',
  `import pandas as pd
import torch
from torch.utils.data import DataLoader
from transformers import AutoTokenizer, AutoModelForSequenceClassification

train = pd.read_csv("input/train.csv")
tokenizer = AutoTokenizer.from_pretrained("distilbert-base-uncased")
model = AutoModelForSequenceClassification.from_pretrained("distilbert-base-uncased", num_labels=1)
encodings = tokenizer(list(train["description"]), truncation=True, padding=True, return_tensors="pt")
labels = torch.tensor(train["target"].values, dtype=torch.float32)
dataset = list(zip(encodings["input_ids"], encodings["attention_mask"], labels))
loader = DataLoader(dataset, batch_size=16, shuffle=True)
optimizer = torch.optim.AdamW(model.parameters(), lr=2e-5)
model.train()
for epoch in range(3):
    for input_ids, attention_mask, target in loader:
        output = model(input_ids=input_ids, attention_mask=attention_mask, labels=target)
        output.loss.backward()
        optimizer.step()
        optimizer.zero_grad()
print("done")
`,
  { parentEpisodeId: 'e0' },
);
