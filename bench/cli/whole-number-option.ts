import { InvalidArgumentError } from 'commander';

/** A commander option parser for a whole number ≥ `minimum`; anything else is commander's usage error naming the option. */
export const wholeNumber =
  (minimum: number) =>
  (value: string): number => {
    const parsed = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isInteger(parsed) || parsed < minimum)
      throw new InvalidArgumentError(`expected a whole number ≥ ${minimum}`);
    return parsed;
  };
