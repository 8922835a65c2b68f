import { numericColumn, type Dataset } from './dataset.js';
import { readVegaDataFile } from './vega-data-file.js';

/**
 * Seattle's hourly temperature normals for one year from `vega-datasets` (`seattle-weather-hourly-normals.csv`,
 * 8,759 hours of 2010), every sixth hour (00, 06, 12, 18 h: 1,459 rows, the file starting at 01 h on 1 January, in time order, which the task's
 * forward-chaining validation relies on; the subsample keeps an evaluation as cheap as co2-forecast's). Features:
 * the day of the year (1-365) and the hour; the file's pressure and wind normals are left out, so the calendar
 * is all a model has to forecast from.
 */
export function loadSeattleHourlyNormals(): Dataset {
  const lines = readVegaDataFile('seattle-weather-hourly-normals.csv').trim().split(/\r?\n/).slice(1);
  const start = Date.UTC(2010, 0, 1);
  const rows = lines.flatMap((line) => {
    const [date, , temperature] = line.split(',');
    const time = new Date(`${date!}Z`);
    const hour = time.getUTCHours();
    if (hour % 6 !== 0) return [];
    return [{ dayOfYear: Math.floor((time.getTime() - start) / 86_400_000) + 1, hour, temperature: Number(temperature) }];
  });
  return {
    name: 'seattle-hourly-normals',
    kind: 'regression',
    features: [
      numericColumn(
        'day_of_year',
        rows.map((row) => row.dayOfYear),
      ),
      numericColumn(
        'hour',
        rows.map((row) => row.hour),
      ),
    ],
    targetName: 'temperature_c',
    target: rows.map((row) => row.temperature),
    classes: [],
  };
}
