/**
 * boden/cli: the parts of boden's command line that a command of one's own (the benchmark's `boden-bench`) reuses
 * to fail the same way: exit codes, one-line failure descriptions, required options marked, text tables.
 */
export { ExitCode } from './exit-code.js';
export { describeFailure } from './describe-failure.js';
export { markRequiredOptions } from './mark-required-options.js';
export { formatTextTable, formatNumber, escapeCell, type TextColumn } from './text-table.js';
