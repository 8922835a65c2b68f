import { InvalidJsonError } from '../../src/errors/invalid-json-error.js';
import { stripBom } from '../../src/text/strip-bom.js';

/** Parses one line of a JSON-lines file (a leading UTF-8 BOM ignored); a failure names the file and the line. */
export function parseJsonLine(line: string, file: string, location: string): unknown {
  try {
    return JSON.parse(stripBom(line));
  } catch (error) {
    const literal = /(?<![\w"])(-?Infinity|NaN)(?![\w"])/.exec(line);
    const reason = literal
      ? `invalid JSON: ${literal[1]} is not a JSON value (a metric must be a finite number or null)`
      : `invalid JSON: ${(error as Error).message}`;
    throw new InvalidJsonError({ file, location, reason, cause: error });
  }
}
