import { checkPacking } from './circle-packing.js';
import { packingProgramKey, type PackingProgram } from './packing-program.js';
import { runPackingProgram } from './run-packing-program.js';
import type { ConfigOutcome } from '../runner/run-agent-search.js';

/** Evaluates circle-packing programs in process, remembering each program's outcome (they are deterministic). */
export interface PackingEvaluator {
  evaluate(program: PackingProgram): ConfigOutcome;
  /** Programs run, and outcomes answered from memory. */
  readonly counts: { runs: number; hits: number };
}

/**
 * A packing evaluator: runs the program, checks the packing (`checkPacking`) and scores it by its sum of radii; an
 * invalid packing is a buggy outcome with the check's error. Programs are bounded by their own settings (at most
 * 4 restarts × 6 stages × 3,000 steps), so there is no timeout to hit and the same program always scores the same.
 */
export function createPackingEvaluator(): PackingEvaluator {
  const memo = new Map<string, ConfigOutcome>();
  const counts = { runs: 0, hits: 0 };
  return {
    counts,
    evaluate(program) {
      const key = packingProgramKey(program);
      const known = memo.get(key);
      if (known !== undefined) {
        counts.hits += 1;
        return known;
      }
      counts.runs += 1;
      const verdict = checkPacking(runPackingProgram(program));
      const outcome = verdict.valid ? { score: verdict.sumOfRadii, error: null } : { score: null, error: verdict.error };
      memo.set(key, outcome);
      return outcome;
    },
  };
}
