/** The CLI's exit codes: 0 ok, 1 findings (e.g. labels that matched no episode), 2 usage or input error. */
export const ExitCode = { ok: 0, findings: 1, usageOrInputError: 2 } as const;

/** One of the CLI's exit codes. */
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];
