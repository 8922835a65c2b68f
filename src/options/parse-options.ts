import type { z } from 'zod';
import { InvalidOptionsError } from '../errors/invalid-options-error.js';

/**
 * Parses `input` with a factory's options schema (which holds the defaults) and throws an
 * `InvalidOptionsError` naming each bad option instead of a raw `ZodError`.
 */
export function parseOptions<Schema extends z.ZodType>(schema: Schema, input: unknown, target: string): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw new InvalidOptionsError({
    target,
    issues: result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
    cause: result.error,
  });
}
