import { z } from 'zod';

/** The budget a search's `step(budget)` or `run(budget)` is given: evaluations (and given-up slots) it may spend. */
export const StepBudgetSchema = z.strictObject({ budget: z.number().int().min(1) });
