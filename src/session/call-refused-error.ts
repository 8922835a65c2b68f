/**
 * A well-formed call the run cannot apply in its present state (the service answers 422, naming the field): an
 * outcome for a node named by id alone that the run never heard of, or an outcome whose direction contradicts the
 * run's. It is checked before the call is logged, so a refused call leaves nothing to replay.
 */
export class CallRefusedError extends Error {
  /** The body's field at fault, as a dotted path (`outcome.direction`). */
  readonly field: string;

  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.name = 'CallRefusedError';
    this.field = field;
  }
}
