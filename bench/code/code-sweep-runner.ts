import { join } from 'node:path';
import type { RequestCircuitBreaker } from 'boden/calls';
import { openChatRecording, type ChatRecording } from '../agents/chat-recording.js';
import type { SimulatedAgentProfile } from '../agents/simulated-agent-options.js';
import type { PackingTaskCard } from '../packing/packing-task-card.js';
import type { BenchRunRecord } from '../runner/bench-run-record.js';
import type { BenchArm, BenchPolicy } from '../runner/bench-policy.js';
import { createPythonSandbox, type PythonSandbox } from '../sandbox/index.js';
import type { BenchTaskCard } from '../cards/bench-task-card.js';
import { createCodeAgent } from './code-agent.js';
import type { CodeTask, ProgramRunner } from './code-task.js';
import { createPackingCodeTask } from './packing-code-task.js';
import { openProgramOutcomeMemo } from './program-outcome-memo.js';
import { runCodeRun } from './run-code-run.js';
import { startScriptedModelServer, type ScriptedModelServer } from './scripted-model-server.js';
import { scriptedWriters } from './scripted-writers.js';
import { createTabularCodeTask } from './tabular-code-task.js';

/** How a sweep's code agent is set up: the model (none: the scripted model, offline), the recording, the sandbox. */
export interface CodeAgentSettings {
  readonly kind: 'code';
  /** The served model; default the scripted model's name, or a replayed recording's model. */
  readonly model?: string;
  /** An OpenAI-compatible server; none: the scripted model, started on 127.0.0.1 for the sweep. */
  readonly baseURL?: string;
  readonly temperature?: number;
  readonly timeoutMs?: number;
  readonly firstByteTimeoutMs?: number;
  /** Record every exchange (and every program's outcome) to this directory. */
  readonly record?: string;
  /** Answer every request (and every program) from this recording; no model is called. */
  readonly replay?: string;
  /** The interpreter; default the first python3 that imports numpy, scipy, pandas and scikit-learn. */
  readonly python?: string;
  /** Each program's CPU-time limit (what decides "too slow") and address space. */
  readonly cpuSeconds: number;
  readonly memoryMegabytes: number;
}

/** Runs the cells of a sweep whose agent writes programs: see `openCodeSweepRunner`. */
export interface CodeSweepRunner {
  /** The name runs and the manifest give the agent: `code/<model>`. */
  readonly agentName: string;
  run(
    cell: { readonly task: string; readonly policy: BenchPolicy; readonly arm: BenchArm; readonly seed: number },
    episodes: number,
  ): Promise<BenchRunRecord>;
  /** Programs run, and outcomes answered from the memo. */
  readonly counts: { readonly runs: number; readonly hits: number };
  close(): Promise<void>;
}

/**
 * Everything a sweep of `--agent code` shares across its runs: the sandbox (programs run in parallel up to the
 * sweep's workers), the program-outcome memo (the sweep memo's `programs.jsonl`, or the recording's
 * `outcomes.jsonl`, so a replay reruns no program), the recording, and the model: a real server, or the scripted
 * model (`startScriptedModelServer`) answering as the simulated agents the sweep's settings describe.
 */
export async function openCodeSweepRunner(options: {
  readonly agent: CodeAgentSettings;
  readonly cards: ReadonlyMap<string, BenchTaskCard | PackingTaskCard>;
  readonly memoDirectory: string;
  readonly workers: number;
  readonly breaker: RequestCircuitBreaker | null;
  readonly simulated: {
    readonly episodes: number;
    readonly profile: SimulatedAgentProfile;
    readonly directiveCompliance?: number;
    readonly bugRate?: number;
    readonly debugSuccess?: number;
  };
}): Promise<CodeSweepRunner> {
  const { agent, cards } = options;
  const recordingDirectory = agent.record ?? agent.replay;
  // A recording directory: the model's exchanges in `exchanges/` (one file per run), the programs' outcomes in `outcomes.jsonl`.
  const recording: ChatRecording | undefined =
    recordingDirectory === undefined
      ? undefined
      : await openChatRecording({
          directory: join(recordingDirectory, 'exchanges'),
          mode: agent.record !== undefined ? 'record' : 'replay',
        });
  const memo = await openProgramOutcomeMemo(
    recordingDirectory === undefined ? join(options.memoDirectory, 'programs.jsonl') : join(recordingDirectory, 'outcomes.jsonl'),
  );
  const limits = { cpuSeconds: agent.cpuSeconds, memoryMegabytes: agent.memoryMegabytes };
  // Started at the first program that is not remembered: a replay with every outcome recorded needs no Python.
  let sandbox: PythonSandbox | undefined;
  const runner: ProgramRunner = (request) => {
    sandbox ??= createPythonSandbox({
      ...limits,
      workers: options.workers,
      ...(agent.python === undefined ? {} : { python: agent.python }),
    });
    return sandbox.run(request);
  };
  let server: ScriptedModelServer | undefined;
  if (agent.baseURL === undefined && agent.replay === undefined)
    server = await startScriptedModelServer(scriptedWriters(cards, options.simulated));
  const model = agent.model ?? server?.model ?? [...(recording?.models ?? [])][0] ?? 'boden-scripted';
  const baseURL = agent.baseURL ?? server?.baseURL;
  const tasks = new Map<string, CodeTask>();
  const taskOf = (name: string): CodeTask => {
    let task = tasks.get(name);
    if (task === undefined) {
      const card = cards.get(name)!;
      task = 'paradigmBest' in card ? createPackingCodeTask(card, limits) : createTabularCodeTask(card, limits);
      tasks.set(name, task);
    }
    return task;
  };
  return {
    agentName: `code/${model}`,
    counts: memo.counts,
    run(cell, episodes) {
      const task = taskOf(cell.task);
      return runCodeRun({
        task,
        policy: cell.policy,
        arm: cell.arm,
        seed: cell.seed,
        episodes,
        runner,
        limits,
        memo,
        agentName: `code/${model}`,
        createAgent: ({ run, seed, memory }) =>
          createCodeAgent({
            task,
            model,
            run,
            seed,
            memory,
            ...(baseURL === undefined ? {} : { baseURL }),
            ...(recording === undefined ? {} : { recording }),
            ...(agent.temperature === undefined ? {} : { temperature: agent.temperature }),
            ...(agent.timeoutMs === undefined ? {} : { timeoutMs: agent.timeoutMs }),
            ...(agent.firstByteTimeoutMs === undefined ? {} : { firstByteTimeoutMs: agent.firstByteTimeoutMs }),
            ...(options.breaker === null ? {} : { circuitBreaker: options.breaker }),
          }),
      });
    },
    async close() {
      await server?.close();
    },
  };
}
