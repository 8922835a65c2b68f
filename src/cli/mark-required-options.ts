import { Help, type Command, type Option } from 'commander';

/**
 * Marks every mandatory option of `command` and its subcommands `(required)` in their help, which commander does
 * not do by itself (a user would otherwise learn of `--out` only from the error after running without it).
 */
export function markRequiredOptions(command: Command): Command {
  command.configureHelp({
    optionDescription(this: Help, option: Option): string {
      const description = Help.prototype.optionDescription.call(this, option);
      return option.mandatory ? `${description} (required)` : description;
    },
  });
  for (const subcommand of command.commands) markRequiredOptions(subcommand);
  return command;
}
