import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * Reads a file from the `vega-datasets` package's `data/` folder. The package only exports fetch helpers, so the
 * folder is found from the resolved entry point (`build/index.js`) instead of a subpath import.
 */
export function readVegaDataFile(file: string): string {
  const packageRoot = dirname(dirname(require.resolve('vega-datasets')));
  return readFileSync(join(packageRoot, 'data', file), 'utf8');
}
