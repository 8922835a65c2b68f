import type { z } from 'zod';
import { BodenError } from './boden-error.js';

const marker = 'boden.error.invalid-options';
const symbol = Symbol.for(marker);

/** One problem with an option: its dotted path and what is wrong with it. */
export interface OptionIssue {
  readonly path: string;
  readonly message: string;
}

/** Thrown when a factory's options object fails its zod schema; names every offending option. */
export class InvalidOptionsError extends BodenError {
  private readonly [symbol] = true;
  /** Which factory or command the options were for, e.g. `createNoveltyScorer`. */
  readonly target: string;
  /** Each failed option with its path. */
  readonly issues: readonly OptionIssue[];

  constructor({ target, issues, cause }: { target: string; issues: OptionIssue[]; cause?: z.ZodError }) {
    const listed = issues.map((issue) => `${issue.path || '(options)'}: ${issue.message}`).join('; ');
    super({ name: 'BodenInvalidOptionsError', message: `invalid options for ${target}: ${listed}`, cause });
    this.target = target;
    this.issues = issues;
  }

  /** True when `error` is an `InvalidOptionsError`. */
  static override isInstance(error: unknown): error is InvalidOptionsError {
    return BodenError.hasMarker(error, marker);
  }
}
