import { InvalidArgumentError, Option, type Command } from 'commander';

/**
 * A commander argument parser for whole numbers between `minimum` and `maximum`: decimal digits only, so `12.5`,
 * `1e3`, `0x10`, ` 12`, `12abc` and the empty string are refused. Commander reports a refusal as a usage error
 * naming the option: `option '--dimensions <n>' argument '12x' is invalid. expected a whole number ≥ 1`.
 */
export function wholeNumber(minimum: number, maximum = Number.MAX_SAFE_INTEGER): (value: string) => number {
  const range = maximum === Number.MAX_SAFE_INTEGER ? `≥ ${minimum}` : `between ${minimum} and ${maximum}`;
  return (value) => {
    const parsed = /^[0-9]+$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(parsed) || parsed < minimum || parsed > maximum) {
      throw new InvalidArgumentError(`expected a whole number ${range}`);
    }
    return parsed;
  };
}

/** An option `flags` (e.g. `--k <n>`) whose value is parsed by `wholeNumber(minimum, maximum)`. */
export function wholeNumberOption(
  flags: string,
  description: string,
  { minimum, maximum, defaultValue }: { minimum: number; maximum?: number; defaultValue?: number },
): Option {
  const option = new Option(flags, description).argParser(wholeNumber(minimum, maximum));
  return defaultValue === undefined ? option : option.default(defaultValue);
}

/**
 * Adds `--seed` and `--resamples` (parsed to whole numbers; anything else is a usage error naming the option) to a
 * command that reports a bootstrap confidence interval.
 */
export function addBootstrapOptions(command: Command): Command {
  return command
    .addOption(wholeNumberOption('--seed <n>', 'bootstrap seed', { minimum: 0, defaultValue: 0 }))
    .addOption(wholeNumberOption('--resamples <n>', 'bootstrap resamples', { minimum: 1, defaultValue: 2000 }));
}
