import { BodenError } from './boden-error.js';

const marker = 'boden.error.invalid-argument';
const symbol = Symbol.for(marker);

/** A call argument that is not an option but is still invalid (e.g. a negative `k`); names the argument. */
export class InvalidArgumentError extends BodenError {
  private readonly [symbol] = true;
  /** The argument's name, e.g. `k`. */
  readonly argument: string;
  /** What is wrong with it. */
  readonly reason: string;

  constructor(options: { argument: string; reason: string }) {
    super({ name: 'BodenInvalidArgumentError', message: `invalid argument ${options.argument}: ${options.reason}` });
    this.argument = options.argument;
    this.reason = options.reason;
  }

  /** True when `error` is an `InvalidArgumentError`. */
  static override isInstance(error: unknown): error is InvalidArgumentError {
    return BodenError.hasMarker(error, marker);
  }
}
