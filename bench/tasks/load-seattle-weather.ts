import { encodeClasses, numericColumn, type Dataset } from './dataset.js';
import { readVegaDataFile } from './vega-data-file.js';

/**
 * Seattle daily weather 2012-2015 from `vega-datasets` (1,461 rows): precipitation, temperatures and wind, plus
 * the date's year and month as numbers. The target is the weather label, five imbalanced classes (rain and sun
 * dominate; snow and fog are rare).
 */
export function loadSeattleWeather(): Dataset {
  const [, ...lines] = readVegaDataFile('seattle-weather.csv').trim().split(/\r?\n/);
  const rows = lines.map((line) => line.split(','));
  const number = (row: string[], index: number) => (row[index] === '' || row[index] === undefined ? null : Number(row[index]));
  const labels = rows.map((row) => row[5] ?? '');
  const { target, classes } = encodeClasses(labels);
  return {
    name: 'seattle-weather',
    kind: 'classification',
    features: [
      numericColumn(
        'precipitation',
        rows.map((row) => number(row, 1)),
      ),
      numericColumn(
        'temp_max',
        rows.map((row) => number(row, 2)),
      ),
      numericColumn(
        'temp_min',
        rows.map((row) => number(row, 3)),
      ),
      numericColumn(
        'wind',
        rows.map((row) => number(row, 4)),
      ),
      numericColumn(
        'year',
        rows.map((row) => Number(row[0]?.slice(0, 4))),
      ),
      numericColumn(
        'month',
        rows.map((row) => Number(row[0]?.slice(5, 7))),
      ),
    ],
    targetName: 'weather',
    target,
    classes,
  };
}
