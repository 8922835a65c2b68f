import { createHash } from 'node:crypto';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { stableJson } from '../env/stable-json.js';
import { readJsonLinesFile } from '../support/json-lines-file.js';
import type { CodeOutcome } from './code-task.js';

/** Version of the program evaluation (the sandbox's rules, the checks, the metrics): part of every key. */
export const programEvaluationVersion = 1;

const CodeOutcomeSchema = z.strictObject({
  score: z.number().nullable(),
  error: z.string().nullable(),
  output: z.string(),
  cpuSeconds: z.number().min(0),
});

/** One line of a memo file: a program's key, its task, the sha256 of its text (to find it from a recording) and its outcome. */
const MemoLineSchema = z.strictObject({
  key: z.string().regex(/^[0-9a-f]{64}$/),
  task: z.string(),
  code: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  outcome: CodeOutcomeSchema,
});

/**
 * Outcomes of programs already run, by a key over the evaluation version, the task, the sandbox's limits and the
 * program's text: programs are deterministic under CPU-time limits, so a program is run once per key, and a replayed
 * run reads its programs' outcomes here instead of running them. With a file, outcomes are appended to it as JSON
 * lines and read at start (a recording directory's `outcomes.jsonl`, or a sweep's memo).
 */
export interface ProgramOutcomeMemo {
  /** The outcome of `code` on `task` under `limits`: remembered, or `run()`'s (then remembered). */
  outcome(task: string, limits: unknown, code: string, run: () => Promise<CodeOutcome>): Promise<CodeOutcome>;
  /** Programs run, and outcomes answered from memory. */
  readonly counts: { runs: number; hits: number };
}

/** The memo key of a program: see `ProgramOutcomeMemo`. */
export function programOutcomeKey(task: string, limits: unknown, code: string): string {
  return createHash('sha256')
    .update(stableJson({ version: programEvaluationVersion, task, limits, code }))
    .digest('hex');
}

/** The sha256 of a program's text, as memo lines record it. */
export function programTextHash(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** The outcomes a memo file holds by the sha256 of their program's text (`programTextHash`), for reading a recording. */
export async function readProgramOutcomes(file: string): Promise<Map<string, CodeOutcome>> {
  const outcomes = new Map<string, CodeOutcome>();
  const text = await readFile(file, 'utf8').catch(() => '');
  for (const line of text.split('\n')) {
    // Unreadable lines (a cut last line) are skipped: the reader reports what it can find.
    const parsed = MemoLineSchema.safeParse(jsonOrUndefined(line));
    if (parsed.success && parsed.data.code !== undefined) outcomes.set(parsed.data.code, parsed.data.outcome);
  }
  return outcomes;
}

function jsonOrUndefined(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/** A memo in memory, kept in `file` too when given (read now, appended to as programs run). */
export async function openProgramOutcomeMemo(file?: string): Promise<ProgramOutcomeMemo> {
  const known = new Map<string, CodeOutcome>();
  if (file !== undefined) {
    for (const { value } of await readJsonLinesFile(file, MemoLineSchema)) known.set(value.key, value.outcome);
    await mkdir(dirname(file), { recursive: true });
  }
  // Concurrent requests for one program share its run.
  const running = new Map<string, Promise<CodeOutcome>>();
  const counts = { runs: 0, hits: 0 };
  return {
    counts,
    async outcome(task, limits, code, run) {
      const key = programOutcomeKey(task, limits, code);
      const remembered = known.get(key) ?? (await running.get(key));
      if (remembered !== undefined) {
        counts.hits += 1;
        return remembered;
      }
      const pending = run();
      running.set(key, pending);
      try {
        const outcome = await pending;
        counts.runs += 1;
        known.set(key, outcome);
        if (file !== undefined) await appendFile(file, `${JSON.stringify({ key, task, code: programTextHash(code), outcome })}\n`);
        return outcome;
      } finally {
        running.delete(key);
      }
    },
  };
}
