import { BodenError } from './boden-error.js';

const marker = 'boden.error.corpus-mismatch';
const symbol = Symbol.for(marker);

/** What a corpus and the caller disagree on. */
export type CorpusMismatchField = 'embedder-id' | 'dimensions' | 'summarizer-id' | 'task';

/** A corpus opened or appended to with another embedder, summarizer or task than it was built with; names both. */
export class CorpusMismatchError extends BodenError {
  private readonly [symbol] = true;
  /** The corpus directory. */
  readonly directory: string;
  /** What differs. */
  readonly field: CorpusMismatchField;
  /** The value the corpus was built with. */
  readonly stored: string;
  /** The value the caller supplied. */
  readonly supplied: string;

  constructor(options: { directory: string; field: CorpusMismatchField; stored: string; supplied: string }) {
    super({
      name: 'BodenCorpusMismatchError',
      message: `${options.directory}: the corpus was built with ${options.field} ${JSON.stringify(options.stored)}, not ${JSON.stringify(options.supplied)}; rebuild it or use the same ${options.field}`,
    });
    this.directory = options.directory;
    this.field = options.field;
    this.stored = options.stored;
    this.supplied = options.supplied;
  }

  /** True when `error` is a `CorpusMismatchError`. */
  static override isInstance(error: unknown): error is CorpusMismatchError {
    return BodenError.hasMarker(error, marker);
  }
}
