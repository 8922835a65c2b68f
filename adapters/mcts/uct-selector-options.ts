import { z } from 'zod';

/** Options of `createUctSelector` (AIRA-dojo's MLE-bench MCTS preset). */
export const UctSelectorOptionsSchema = z
  .object({
    /** UCT's `c` (`uct_c`). */
    explorationConstant: z.number().finite().min(0).default(0.25),
    /** Value of an unvisited child: AIRA's -1e8; use Infinity for classic "unvisited first". */
    unvisitedValue: z
      .custom<number>((value) => typeof value === 'number' && !Number.isNaN(value), 'expected a number (Infinity allowed)')
      .default(-1e8),
  })
  .strict();

/** Options of `createUctSelector` as callers write them. */
export type UctSelectorOptions = z.input<typeof UctSelectorOptionsSchema>;
