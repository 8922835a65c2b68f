import { categoricalColumn, encodeClasses, numericColumn, type Dataset } from './dataset.js';
import { readVegaDataFile } from './vega-data-file.js';

interface PenguinRecord {
  readonly Species: string;
  readonly Island: string | null;
  readonly 'Beak Length (mm)': number | null;
  readonly 'Beak Depth (mm)': number | null;
  readonly 'Flipper Length (mm)': number | null;
  readonly 'Body Mass (g)': number | null;
  readonly Sex: string | null;
}

/**
 * Palmer penguins from `vega-datasets` (344 rows): four body measurements (two rows have none), the island and
 * the sex (missing for 10 rows, and one row holds the stray value `.`), kept raw so imputation and encoding are
 * pipeline choices. The target is the species, three classes.
 */
export function loadPenguins(): Dataset {
  const records = JSON.parse(readVegaDataFile('penguins.json')) as PenguinRecord[];
  const { target, classes } = encodeClasses(records.map((record) => record.Species));
  return {
    name: 'penguins',
    kind: 'classification',
    features: [
      numericColumn(
        'beak_length_mm',
        records.map((record) => record['Beak Length (mm)']),
      ),
      numericColumn(
        'beak_depth_mm',
        records.map((record) => record['Beak Depth (mm)']),
      ),
      numericColumn(
        'flipper_length_mm',
        records.map((record) => record['Flipper Length (mm)']),
      ),
      numericColumn(
        'body_mass_g',
        records.map((record) => record['Body Mass (g)']),
      ),
      categoricalColumn(
        'island',
        records.map((record) => record.Island),
      ),
      categoricalColumn(
        'sex',
        records.map((record) => record.Sex),
      ),
    ],
    targetName: 'species',
    target,
    classes,
  };
}
