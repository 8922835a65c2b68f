import { BenchTaskSchema, type BenchTask } from './bench-task.js';

const definitions: BenchTask[] = [
  {
    task: 'boston',
    dataset: 'boston',
    kind: 'regression',
    metric: 'rmse',
    maximize: false,
    target: 'medv',
    numericFeatures: ['crim', 'zn', 'indus', 'chas', 'nox', 'rm', 'age', 'dis', 'rad', 'tax', 'ptratio', 'b', 'lstat'],
    categoricalFeatures: [],
    cv: { folds: 5, seed: 0, stratified: false },
    description:
      'Predict the median value of owner-occupied homes (medv, in $1000s) for 506 Boston census tracts from 13 ' +
      'numeric neighbourhood attributes. Scored by RMSE (lower is better) over seeded 5-fold cross-validation.',
  },
  {
    task: 'seattle-weather',
    dataset: 'seattle-weather',
    kind: 'classification',
    metric: 'macro-f1',
    maximize: true,
    target: 'weather',
    numericFeatures: ['precipitation', 'temp_max', 'temp_min', 'wind', 'year', 'month'],
    categoricalFeatures: [],
    cv: { folds: 5, seed: 0, stratified: true },
    description:
      'Classify the weather of 1,461 Seattle days (drizzle, fog, rain, snow, sun; heavily imbalanced) from ' +
      'precipitation, temperatures, wind, year and month. Scored by macro-F1 (higher is better) over seeded ' +
      'stratified 5-fold cross-validation, so the rare classes count as much as the common ones.',
  },
  {
    task: 'cps-wages',
    dataset: 'cps-wages',
    kind: 'regression',
    metric: 'r2',
    maximize: true,
    target: 'log_wage',
    numericFeatures: ['education', 'south', 'experience', 'union', 'age', 'married'],
    categoricalFeatures: ['gender', 'race', 'occupation', 'sector'],
    cv: { folds: 5, seed: 0, stratified: false },
    description:
      'Predict the log hourly wage of 534 workers of the 1985 Current Population Survey from education, ' +
      'experience, age, union membership, region, marital status, gender, race, occupation and sector. Scored by ' +
      'R² (higher is better) over seeded 5-fold cross-validation.',
  },
  {
    task: 'penguins',
    dataset: 'penguins',
    kind: 'classification',
    metric: 'accuracy',
    maximize: true,
    target: 'species',
    numericFeatures: ['beak_length_mm', 'beak_depth_mm', 'flipper_length_mm', 'body_mass_g'],
    categoricalFeatures: ['island', 'sex'],
    cv: { folds: 5, seed: 0, stratified: true },
    description:
      'Classify 344 Palmer penguins into three species from beak, flipper and body measurements, island and sex. ' +
      'Some measurements and sexes are missing and one sex is recorded as ".". Scored by accuracy (higher is ' +
      'better) over seeded stratified 5-fold cross-validation.',
  },
  {
    task: 'cars-mpg',
    dataset: 'cars-mpg',
    kind: 'regression',
    metric: 'rmse',
    maximize: false,
    target: 'mpg',
    numericFeatures: ['cylinders', 'displacement', 'horsepower', 'weight_lbs', 'acceleration', 'model_year'],
    categoricalFeatures: ['origin'],
    cv: { folds: 5, seed: 0, stratified: false },
    description:
      'Predict the fuel economy (miles per gallon) of 398 cars from 1970-1982 from cylinders, displacement, ' +
      'horsepower (missing for 6 cars), weight, acceleration, model year and origin. Scored by RMSE (lower is ' +
      'better) over seeded 5-fold cross-validation.',
  },
  {
    task: 'co2-forecast',
    dataset: 'co2-concentration',
    kind: 'regression',
    metric: 'rmse',
    maximize: false,
    target: 'co2_ppm',
    numericFeatures: ['year', 'month'],
    categoricalFeatures: [],
    cv: { folds: 5, seed: 0, stratified: false, scheme: 'forward-chaining' },
    featureEngineering: { periodic: { month: 12 } },
    description:
      'Forecast the monthly mean CO2 concentration at Mauna Loa (ppm, 741 months from 1958) from the year and the ' +
      'month. Scored by RMSE (lower is better) over 5 forward-chaining folds: the months are cut into 6 blocks in ' +
      'time order, and each fold fits on every block before one and scores that block, so every score is a forecast.',
  },
  {
    task: 'seattle-temperature-forecast',
    dataset: 'seattle-hourly-normals',
    kind: 'regression',
    metric: 'rmse',
    maximize: false,
    target: 'temperature_c',
    numericFeatures: ['day_of_year', 'hour'],
    categoricalFeatures: [],
    cv: { folds: 5, seed: 0, stratified: false, scheme: 'forward-chaining' },
    featureEngineering: { periodic: { day_of_year: 365, hour: 24 } },
    description:
      "Forecast Seattle's normal temperature (°C) at 00, 06, 12 and 18 h of each day of a year (1,459 readings) from " +
      'the day of the year and the hour. Scored by RMSE (lower is better) over 5 forward-chaining folds: the year is ' +
      'cut into 6 blocks in time order, and each fold fits on every block before one and scores that block, so every ' +
      'score forecasts a season the model has not seen.',
  },
];

/** The benchmark's tasks, before calibration (the cards in `cards/` add the reference scores). */
export const benchTasks: readonly BenchTask[] = definitions.map((definition) => BenchTaskSchema.parse(definition));

/** Names of the benchmark's tasks. */
export const benchTaskNames = benchTasks.map((task) => task.task);
