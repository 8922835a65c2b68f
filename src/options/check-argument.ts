import type { z } from 'zod';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';

/**
 * Checks a call argument against a schema and throws an `InvalidArgumentError` naming the argument and the bad field
 * (`node.id: expected string`) instead of letting a bare `TypeError` surface deeper down. Returns the argument itself,
 * not the parsed copy: hosts pass their own objects (with fields of their own) and may expect them back untouched.
 */
export function checkArgument<Value>(schema: z.ZodType, value: Value, argument: string): Value {
  const result = schema.safeParse(value);
  if (result.success) return value;
  const issue = result.error.issues[0]!;
  const path = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
  throw new InvalidArgumentError({ argument: `${argument}${path}`, reason: issue.message });
}
