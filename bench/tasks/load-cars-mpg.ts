import { categoricalColumn, numericColumn, type Dataset } from './dataset.js';
import { readVegaDataFile } from './vega-data-file.js';

interface CarRecord {
  readonly Name: string;
  readonly Miles_per_Gallon: number | null;
  readonly Cylinders: number | null;
  readonly Displacement: number | null;
  readonly Horsepower: number | null;
  readonly Weight_in_lbs: number | null;
  readonly Acceleration: number | null;
  readonly Year: string;
  readonly Origin: string | null;
}

/**
 * The classic auto-mpg cars from `vega-datasets`: the 398 of 406 rows that have a fuel economy (a row without a
 * target cannot be scored), five numeric features (horsepower is missing for 6 rows), the model year as a number
 * and the origin as a category. The target is miles per gallon.
 */
export function loadCarsMpg(): Dataset {
  const records = (JSON.parse(readVegaDataFile('cars.json')) as CarRecord[]).filter(
    (record) => typeof record.Miles_per_Gallon === 'number',
  );
  return {
    name: 'cars-mpg',
    kind: 'regression',
    features: [
      numericColumn(
        'cylinders',
        records.map((record) => record.Cylinders),
      ),
      numericColumn(
        'displacement',
        records.map((record) => record.Displacement),
      ),
      numericColumn(
        'horsepower',
        records.map((record) => record.Horsepower),
      ),
      numericColumn(
        'weight_lbs',
        records.map((record) => record.Weight_in_lbs),
      ),
      numericColumn(
        'acceleration',
        records.map((record) => record.Acceleration),
      ),
      numericColumn(
        'model_year',
        records.map((record) => Number(record.Year.slice(0, 4))),
      ),
      categoricalColumn(
        'origin',
        records.map((record) => record.Origin),
      ),
    ],
    targetName: 'mpg',
    target: records.map((record) => record.Miles_per_Gallon!),
    classes: [],
  };
}
