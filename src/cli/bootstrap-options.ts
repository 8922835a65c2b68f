import { InvalidArgumentError, Option, type Command } from 'commander';

function wholeNumber(minimum: number): (value: string) => number {
  return (value) => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < minimum) throw new InvalidArgumentError(`expected a whole number ≥ ${minimum}`);
    return parsed;
  };
}

/**
 * Adds `--seed` and `--resamples` (parsed to whole numbers; anything else is a usage error naming the option) to a
 * command that reports a bootstrap confidence interval.
 */
export function addBootstrapOptions(command: Command): Command {
  return command
    .addOption(new Option('--seed <n>', 'bootstrap seed').argParser(wholeNumber(0)).default(0))
    .addOption(new Option('--resamples <n>', 'bootstrap resamples').argParser(wholeNumber(1)).default(2000));
}
