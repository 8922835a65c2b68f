import { BodenError } from '../errors/boden-error.js';

/** The one-line message for an error: a boden error's own message, anything else marked as unexpected. */
export function describeFailure(error: unknown): string {
  if (BodenError.isInstance(error)) return error.message;
  return `unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
}
