import { numericColumn, type Dataset } from './dataset.js';
import { readVegaDataFile } from './vega-data-file.js';

/**
 * Monthly mean CO₂ at Mauna Loa from `vega-datasets` (`co2-concentration.csv`: 741 months from March 1958, in
 * time order, which the task's forward-chaining validation relies on). Features: the year and the month (1-12);
 * the file's seasonally adjusted column is left out, since it is the target with its season removed.
 */
export function loadCo2Concentration(): Dataset {
  const lines = readVegaDataFile('co2-concentration.csv').trim().split(/\r?\n/).slice(1);
  const rows = lines.map((line) => {
    const [date, co2] = line.split(',');
    const [year, month] = date!.split('-').map(Number);
    return { year: year!, month: month!, co2: Number(co2) };
  });
  return {
    name: 'co2-concentration',
    kind: 'regression',
    features: [
      numericColumn(
        'year',
        rows.map((row) => row.year),
      ),
      numericColumn(
        'month',
        rows.map((row) => row.month),
      ),
    ],
    targetName: 'co2_ppm',
    target: rows.map((row) => row.co2),
    classes: [],
  };
}
