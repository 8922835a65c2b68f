import type { ImpactReference } from 'boden';
import type { BenchTaskCard } from '../cards/bench-task-card.js';
import type { PackingTaskCard } from '../packing/packing-task-card.js';

/** A program an agent wrote: the plan it stated and the whole Python program. */
export interface CodeSolution {
  readonly plan: string;
  readonly code: string;
}

/** What running and scoring one program gave: a score, or why it is a buggy node, and what it printed. */
export interface CodeOutcome {
  readonly score: number | null;
  /** One line fit for a record and a debug prompt (the traceback's last line, the limit it hit, the check it failed). */
  readonly error: string | null;
  /** The tail of what the program printed (stdout, then stderr), as AIDE's debug prompt shows the terminal output. */
  readonly output: string;
  /** The program's own CPU seconds (children included), summed over its runs (one per fold on tabular tasks). */
  readonly cpuSeconds: number;
}

/** One run of a Python program in a sandbox: what `CodeTask.evaluate` asks of whoever runs programs. */
export interface ProgramRun {
  /** `ok` when it exited 0; otherwise why it stopped (`error`: non-zero exit; the others: a limit it hit). */
  readonly status: 'ok' | 'error' | 'cpu-limit' | 'memory-limit' | 'wall-limit' | 'killed';
  readonly stdout: string;
  readonly stderr: string;
  /** One line: why it failed, or '' when it did not. */
  readonly reason: string;
  readonly cpuSeconds: number;
  /** The output files asked for, by name; undefined when the program did not write one. */
  readonly outputs: Readonly<Record<string, Uint8Array | undefined>>;
}

/** Runs a program in a fresh directory holding `files`, and reads back `outputs` (the sandbox's `run`). */
export type ProgramRunner = (request: {
  readonly program: string;
  readonly files: Readonly<Record<string, string | Uint8Array>>;
  readonly outputs: readonly string[];
}) => Promise<ProgramRun>;

/**
 * A task for program-writing agents: what the prompt says (the goal, a data preview for tabular tasks, the output
 * contract), and how a program is run and scored by the harness, never by the program's own claims.
 */
export interface CodeTask {
  /** The task card's name, e.g. `circle-packing-26` or `boston`. */
  readonly id: string;
  readonly kind: 'packing' | 'tabular';
  /** The task description the prompt quotes: goal, data preview, environment and output contract. */
  readonly description: string;
  /** The metric's name as the prompt and the memory show it, and its direction. */
  readonly metric: { readonly name: string; readonly maximize: boolean };
  /** Impact is measured between the card's baseline and top-1. */
  readonly reference: ImpactReference;
  /** The card, for medals. */
  readonly card: BenchTaskCard | PackingTaskCard;
  /** Runs the program with `run` and scores what it printed or wrote. */
  evaluate(code: string, run: ProgramRunner): Promise<CodeOutcome>;
}

/** The last `limit` characters of `text`, marked as cut when they are not all of it. */
export function tailOf(text: string, limit: number): string {
  return text.length <= limit ? text : `[… ${text.length - limit} characters cut]\n${text.slice(-limit)}`;
}

/** The terminal output of a program run as a debug prompt shows it: stdout, then stderr, its tail only. */
export function terminalOutput(run: Pick<ProgramRun, 'stdout' | 'stderr'>, limit = 4_000): string {
  const both = [run.stdout.trimEnd(), run.stderr.trimEnd()].filter((part) => part !== '').join('\n');
  return tailOf(both, limit);
}
