const marker = 'boden.error';
const symbol = Symbol.for(marker);

/** Base class of every error boden throws; `BodenError.isInstance` works across duplicate installs. */
export class BodenError extends Error {
  // A global-symbol brand instead of `instanceof`, which breaks when two copies of the package are loaded.
  private readonly [symbol] = true;

  constructor({ name, message, cause }: { name: string; message: string; cause?: unknown }) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = name;
  }

  /** True when `error` is any boden error. */
  static isInstance(error: unknown): error is BodenError {
    return BodenError.hasMarker(error, marker);
  }

  /** True when `error` carries the brand `markerName` (used by subclasses' `isInstance`). */
  protected static hasMarker(error: unknown, markerName: string): boolean {
    const markerSymbol = Symbol.for(markerName);
    return error != null && typeof error === 'object' && markerSymbol in error && (error as Record<symbol, unknown>)[markerSymbol] === true;
  }
}
