import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InvalidArgumentError, parseOptions, writeFileAtomic } from 'boden';
import { createBenchEvaluator, type BenchEvaluatorCounts } from '../env/bench-evaluator.js';
import { evaluationVersion } from '../env/evaluation-memo.js';
import { createEvaluationPool } from '../env/evaluation-pool.js';
import type { BenchRunRecord } from '../runner/bench-run-record.js';
import { runBenchRun } from '../runner/run-bench-run.js';
import type { BenchTaskCard } from '../cards/bench-task-card.js';
import { createPackingEvaluator } from '../packing/packing-evaluator.js';
import type { PackingTaskCard } from '../packing/packing-task-card.js';
import { runPackingRun } from '../packing/run-packing-run.js';
import { openRunRecordStore } from './run-record-store.js';
import { loadSweepCards } from './sweep-cards.js';
import { cellId, sweepCells, type SweepCell } from './sweep-cells.js';
import { RequestCircuitBreaker, type RequestCircuitOpen } from 'boden/calls';
import { createLlmAgent } from '../agents/llm-agent.js';
import { openCodeSweepRunner } from '../code/code-sweep-runner.js';
import { SweepOptionsSchema, type ParsedSweepOptions, type SweepOptions } from './sweep-options.js';
import { SweepResultsError } from './sweep-results-error.js';

/** A run that failed (e.g. its LLM agent's server kept failing): not stored, so a resumed sweep tries it again. */
export interface SweepFailure {
  readonly cell: SweepCell;
  readonly error: unknown;
}

/** What a sweep reports after each completed run. */
export interface SweepProgress {
  readonly done: number;
  readonly total: number;
  /** Runs found complete when the sweep started (resumed). */
  readonly resumed: number;
  readonly cell: SweepCell;
  readonly record: BenchRunRecord;
  readonly elapsedMilliseconds: number;
}

/** One session of work on a results directory, as `sweep.json` records it. */
export interface SweepSession {
  readonly started: string;
  readonly wallSeconds: number;
  readonly runs: number;
  readonly command: string | null;
}

/** What `runSweep` returns. */
export interface SweepResult {
  readonly options: ParsedSweepOptions;
  /** The records of this sweep's cells, in cell order. */
  readonly records: readonly BenchRunRecord[];
  readonly cards: ReadonlyMap<string, BenchTaskCard | PackingTaskCard>;
  readonly resumed: number;
  readonly ran: number;
  /** Every session on this directory so far, this one last. */
  readonly sessions: readonly SweepSession[];
  readonly evaluator: Readonly<BenchEvaluatorCounts>;
  /** Runs that failed this session (absent from `records`). */
  readonly failures: readonly SweepFailure[];
}

/** A results directory's `sweep.json`: the settings its runs were made with and every session on it. */
export interface SweepManifest {
  readonly episodes: number;
  /** `simulated` or `llm/<model>`; absent in manifests written before it was recorded (all simulated). */
  readonly agent?: string;
  /** The simulated agent's profile; absent in manifests written before profiles existed (all v1). */
  readonly agentProfile?: string;
  readonly evaluationVersion: number;
  /** The simulated agent's directive compliance; absent when the agent's default was used. */
  readonly directiveCompliance?: number;
  /** The simulated agent's bug rate and debug success; absent when its defaults were used. */
  readonly bugRate?: number;
  readonly debugSuccess?: number;
  readonly sessions: SweepSession[];
}

/** The simulated agent's settings a sweep may set (each recorded in `sweep.json`, and refused on resume when changed). */
const agentSettings = [
  { key: 'directiveCompliance', words: 'directive compliance' },
  { key: 'bugRate', words: 'bug rate' },
  { key: 'debugSuccess', words: 'debug success' },
] as const;

/** The name runs and the manifest give the sweep's agent: `simulated`, `llm/<model>` or `langchain/<model>`. */
function agentNameOf(agent: ParsedSweepOptions['agent']): string {
  return agent === 'simulated' ? 'simulated' : agent.kind === 'code' ? 'code' : `${agent.kind}/${agent.model}`;
}

/**
 * The run options that choose the agent: none for the simulated one, an `LlmAgent` factory for an LLM (and, for
 * `langchain`, the LangGraph loop), every agent holding the sweep's one circuit breaker.
 */
function agentOf(options: ParsedSweepOptions, task: BenchTaskCard, breaker: RequestCircuitBreaker | null) {
  const agent = options.agent;
  if (agent === 'simulated' || agent.kind === 'code') return {};
  return {
    agentName: agentNameOf(agent),
    ...(agent.kind === 'langchain' ? { loop: 'langgraph' as const } : {}),
    createAgent: () =>
      createLlmAgent({
        task,
        model: agent.model,
        circuitBreaker: breaker,
        ...(agent.baseURL === undefined ? {} : { baseURL: agent.baseURL }),
        ...(agent.temperature === undefined ? {} : { temperature: agent.temperature }),
        ...(agent.timeoutMs === undefined ? {} : { timeoutMs: agent.timeoutMs }),
        ...(agent.firstByteTimeoutMs === undefined ? {} : { firstByteTimeoutMs: agent.firstByteTimeoutMs }),
      }),
  };
}

/** The cells of `grid` whose keys `keys` lists, in grid order; a key the grid lacks is an `InvalidArgumentError`. */
function cellsOfGrid(grid: readonly SweepCell[], keys: readonly string[]): SweepCell[] {
  const wanted = new Set(keys);
  const cells = grid.filter((cell) => wanted.has(cell.id));
  if (cells.length < wanted.size) {
    const known = new Set(grid.map((cell) => cell.id));
    const strangers = [...wanted].filter((key) => !known.has(key));
    throw new InvalidArgumentError({
      argument: 'cells',
      reason: `${strangers.length} are not cells of this sweep's grid, e.g. ${JSON.stringify(strangers[0])}`,
    });
  }
  return cells;
}

/** The manifest at `path`, or undefined when there is none; an unreadable one is a `SweepResultsError` naming it. */
export async function readSweepManifest(path: string): Promise<SweepManifest | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as SweepManifest;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new SweepResultsError({ file: path, message: 'unreadable sweep manifest', cause: error });
  }
}

/**
 * Runs every cell of a sweep (tasks × policies × arms × seeds) that `out/runs.jsonl` does not hold yet, with
 * `concurrency` runs in flight over one evaluation pool, appending each finished run to `runs.jsonl`; an
 * interrupted sweep resumes where it stopped. Runs made with another episode count or evaluation version are
 * refused (`SweepResultsError` naming the setting). Results do not depend on concurrency: every run has its own
 * seeded agent and policy, and evaluations are deterministic: what is too slow is decided by the work budget, and a
 * run whose evaluation hits the wall-clock hang guard fails instead of recording a load-dependent result. A run that
 * fails (its LLM agent's server failing, say) is reported by `onFailure` and left for the next session; the LLM
 * agents share one circuit breaker, whose opening `onCircuitOpen` reports.
 *
 * @example
 * const result = await runSweep({ tasks: ['boston'], arms: ['unshaped', 'adaptive'], seeds: 5, episodes: 15, out: 'results/demo' });
 */
export async function runSweep(
  options: SweepOptions,
  hooks: {
    onProgress?: (progress: SweepProgress) => void;
    onFailure?: (failure: SweepFailure) => void;
    onCircuitOpen?: (open: RequestCircuitOpen) => void;
    command?: string;
    signal?: AbortSignal;
  } = {},
): Promise<SweepResult> {
  const parsed = parseOptions(SweepOptionsSchema, options, 'runSweep');
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const manifestPath = join(parsed.out, 'sweep.json');
  const manifest = await readSweepManifest(manifestPath);
  if (manifest !== undefined && manifest.episodes !== parsed.episodes) {
    throw new SweepResultsError({
      file: manifestPath,
      field: 'episodes',
      message: `the runs here have ${manifest.episodes} episodes, not ${parsed.episodes}; use another --out`,
    });
  }
  if (manifest !== undefined && manifest.evaluationVersion !== evaluationVersion) {
    throw new SweepResultsError({
      file: manifestPath,
      field: 'evaluationVersion',
      message: `the runs here were evaluated by version ${manifest.evaluationVersion}, this code is ${evaluationVersion}; use another --out`,
    });
  }
  const codeAgent = parsed.agent !== 'simulated' && parsed.agent.kind === 'code' ? parsed.agent : undefined;
  // The scripted model is a simulated agent behind the chat API: the simulated agent's settings are its settings.
  const simulatedBehaviour =
    parsed.agent === 'simulated' || (codeAgent !== undefined && codeAgent.baseURL === undefined && codeAgent.replay === undefined);
  const cardsEarly = codeAgent === undefined ? undefined : await loadSweepCards(parsed);
  const codeRunner =
    codeAgent === undefined
      ? undefined
      : await openCodeSweepRunner({
          agent: codeAgent,
          cards: cardsEarly!,
          memoDirectory: parsed.memo,
          workers: parsed.workers,
          breaker:
            codeAgent.circuitBreaker === 0 || codeAgent.baseURL === undefined
              ? null
              : new RequestCircuitBreaker(codeAgent.circuitBreaker, hooks.onCircuitOpen),
          simulated: {
            episodes: parsed.episodes,
            profile: parsed.agentProfile,
            ...(parsed.directiveCompliance === undefined ? {} : { directiveCompliance: parsed.directiveCompliance }),
            ...(parsed.bugRate === undefined ? {} : { bugRate: parsed.bugRate }),
            ...(parsed.debugSuccess === undefined ? {} : { debugSuccess: parsed.debugSuccess }),
          },
        });
  const agentName = codeRunner?.agentName ?? agentNameOf(parsed.agent);
  if (manifest !== undefined && (manifest.agent ?? 'simulated') !== agentName) {
    await codeRunner?.close();
    throw new SweepResultsError({
      file: manifestPath,
      field: 'agent',
      message: `the runs here were made by the ${manifest.agent ?? 'simulated'} agent, not ${agentName}; use another --out`,
    });
  }
  for (const { key, words } of agentSettings) {
    if (manifest !== undefined && manifest[key] !== parsed[key]) {
      const what = (value: number | undefined) => (value === undefined ? `the agent's default ${words}` : `${words} ${value}`);
      throw new SweepResultsError({
        file: manifestPath,
        field: key,
        message: `the runs here were made with ${what(manifest[key])}, not ${what(parsed[key])}; use another --out`,
      });
    }
    if (!simulatedBehaviour && parsed[key] !== undefined) {
      await codeRunner?.close();
      throw new InvalidArgumentError({
        argument: key,
        reason: `only the simulated agent (and the scripted model) has a ${words}; an LLM behaves as it will`,
      });
    }
  }
  // Manifests written before profiles existed were made by the v1 agent.
  const profileHere = manifest === undefined ? undefined : (manifest.agentProfile ?? 'v1');
  if (simulatedBehaviour && profileHere !== undefined && profileHere !== parsed.agentProfile) {
    await codeRunner?.close();
    throw new SweepResultsError({
      file: manifestPath,
      field: 'agentProfile',
      message: `the runs here were made by the simulated agent's profile ${profileHere}, not ${parsed.agentProfile}; pass --agent-profile ${profileHere} to resume them, or use another --out`,
    });
  }
  const settings = Object.fromEntries(
    agentSettings.flatMap(({ key }) => (parsed[key] === undefined ? [] : [[key, parsed[key]]])),
  ) as Partial<Record<(typeof agentSettings)[number]['key'], number>>;
  const agentOptions = { profile: parsed.agentProfile, ...settings };
  const cards = cardsEarly ?? (await loadSweepCards(parsed));
  const store = await openRunRecordStore(join(parsed.out, 'runs.jsonl'));
  const grid = sweepCells({ ...parsed, tasks: [...cards.keys()] });
  const cells = parsed.cells === undefined ? grid : cellsOfGrid(grid, parsed.cells);
  const pending = cells.filter((cell) => !store.has(cell.id));
  const resumed = cells.length - pending.length;
  if (parsed.cells === undefined) {
    // A whole sweep into a folder holding runs of another sweep would summarise a subset over their report
    // (`boden demo --seeds 5` into a 20-seed demo's folder did, silently: issue #37). A larger sweep resumes.
    const wanted = new Set(cells.map((cell) => cell.id));
    const others = store.records.filter((record) => !wanted.has(cellId(record)));
    if (others.length > 0) {
      await codeRunner?.close();
      throw new SweepResultsError({
        file: join(parsed.out, 'runs.jsonl'),
        message:
          `holds ${others.length} run(s) that are not cells of this sweep (the first: ${cellId(others[0]!)}), so its summary and report would ` +
          `describe ${resumed} of the ${store.records.length} runs there in place of theirs; use another --out, or the options of the sweep that made them (a larger sweep resumes them)`,
      });
    }
  }
  const sessions = [...(manifest?.sessions ?? [])];
  // A process killed between appending a run and saving the manifest (kill -9) leaves its session short of runs
  // the store holds: they are that session's, the last one recorded.
  const accounted = sessions.reduce((sum, session) => sum + session.runs, 0);
  const last = sessions.at(-1);
  if (last !== undefined && store.records.length > accounted)
    sessions[sessions.length - 1] = { ...last, runs: last.runs + store.records.length - accounted };
  const saveManifest = (runs: number) =>
    writeFileAtomic(
      manifestPath,
      `${JSON.stringify(
        {
          episodes: parsed.episodes,
          agent: agentName,
          ...(simulatedBehaviour ? { agentProfile: parsed.agentProfile } : {}),
          evaluationVersion,
          ...settings,
          sessions: [
            ...sessions,
            { started: startedAt, wallSeconds: (performance.now() - started) / 1000, runs, command: hooks.command ?? null },
          ],
        },
        null,
        2,
      )}\n`,
    );

  const pool = createEvaluationPool({ size: parsed.workers, timeoutMs: parsed.hangTimeoutMs });
  const evaluator = createBenchEvaluator({ pool, memoDirectory: parsed.memo, workBudgetSeconds: parsed.workBudgetSeconds });
  const packingEvaluator = createPackingEvaluator();
  // One breaker for the whole sweep: a server that stopped answering stops every run, not each after its own waits.
  const breaker =
    parsed.agent === 'simulated' || parsed.agent.circuitBreaker === 0
      ? null
      : new RequestCircuitBreaker(parsed.agent.circuitBreaker, hooks.onCircuitOpen);
  const run = (cell: SweepCell): Promise<BenchRunRecord> => {
    const card = cards.get(cell.task)!;
    const shape = { policy: cell.policy, arm: cell.arm, seed: cell.seed, episodes: parsed.episodes };
    if (codeRunner !== undefined) return codeRunner.run(cell, parsed.episodes);
    if ('paradigmBest' in card) {
      return runPackingRun({ ...shape, task: card, evaluator: packingEvaluator, agent: agentOptions });
    }
    return runBenchRun({ ...shape, task: card, evaluator, agent: agentOptions, ...agentOf(parsed, card, breaker) });
  };
  let done = resumed;
  let ran = 0;
  const failures: SweepFailure[] = [];
  try {
    const queue = [...pending];
    const worker = async () => {
      for (let cell = queue.shift(); cell !== undefined; cell = queue.shift()) {
        if (hooks.signal?.aborted) return;
        let record: BenchRunRecord;
        try {
          record = await run(cell);
        } catch (error) {
          // After an interruption the runs in flight fail as the pool closes: that is not their fault.
          if (hooks.signal?.aborted) return;
          failures.push({ cell, error });
          hooks.onFailure?.({ cell, error });
          continue;
        }
        await store.append(record);
        done += 1;
        ran += 1;
        hooks.onProgress?.({ done, total: cells.length, resumed, cell, record, elapsedMilliseconds: performance.now() - started });
        await saveManifest(ran);
      }
    };
    const concurrency = parsed.concurrency ?? parsed.workers * 2;
    const workers = Promise.all(Array.from({ length: Math.min(concurrency, Math.max(1, pending.length)) }, worker));
    // An interruption abandons the runs in flight (their evaluations stay memoised) and records the session.
    const interrupted = new Promise<never>((_, reject) => {
      const signal = hooks.signal;
      if (signal === undefined) return;
      const stop = () => void saveManifest(ran).finally(() => reject(signal.reason));
      if (signal.aborted) stop();
      else signal.addEventListener('abort', stop, { once: true });
    });
    interrupted.catch(() => {});
    await Promise.race([workers, interrupted]);
    // The workers may all stop at an abort before the abort's own rejection lands: an aborted sweep always rejects.
    if (hooks.signal?.aborted) {
      await saveManifest(ran);
      throw hooks.signal.reason;
    }
  } finally {
    await pool.close();
    await evaluator.close();
    await codeRunner?.close();
  }
  await saveManifest(ran);
  const byId = new Map(store.records.map((record) => [cellId(record), record]));
  const records = cells.flatMap((cell) => byId.get(cell.id) ?? []);
  return {
    options: parsed,
    records,
    cards,
    resumed,
    ran,
    sessions: [
      ...sessions,
      { started: startedAt, wallSeconds: (performance.now() - started) / 1000, runs: ran, command: hooks.command ?? null },
    ],
    // Circle-packing programs run in process, and the code agent's programs in the sandbox: counted with the pipelines.
    evaluator: {
      ...evaluator.counts,
      requests:
        evaluator.counts.requests +
        packingEvaluator.counts.runs +
        packingEvaluator.counts.hits +
        (codeRunner === undefined ? 0 : codeRunner.counts.runs + codeRunner.counts.hits),
      evaluated: evaluator.counts.evaluated + packingEvaluator.counts.runs + (codeRunner?.counts.runs ?? 0),
      memoHits: evaluator.counts.memoHits + packingEvaluator.counts.hits + (codeRunner?.counts.hits ?? 0),
    },
    failures,
  };
}
