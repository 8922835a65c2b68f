import { z } from 'zod';

/** A client's idempotency key (`Idempotency-Key`): a retried call with the same key on a run is applied once. */
export const IdempotencyKeySchema = z.string().min(1).max(200);
