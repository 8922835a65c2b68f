/**
 * A LangChain agent (`createAgent`) shaped by boden: the model runs ML experiments through a `run_experiment` tool
 * that cross-validates a pipeline on a real offline task (the benchmark's environment and task cards, cars-mpg by
 * default), and `bodenMiddleware` scores each experiment before it runs, refuses near-duplicates, and while the run
 * is stuck puts the novelty directive into the system prompt. Any OpenAI-compatible server:
 *
 *   node --import tsx examples/langchain-agent.ts --base-url http://127.0.0.1:8000/v1 --model Qwen/Qwen3-32B [--task cars-mpg]
 */
import { ChatOpenAI } from '@langchain/openai';
import { createAgent, modelCallLimitMiddleware, tool } from 'langchain';
import { z } from 'zod';
import { bodenMiddleware } from '../adapters/langchain-agent/index.js';
import { createEvaluationPool } from '../bench/env/evaluation-pool.js';
import { modelFamilies } from '../bench/env/model-config.js';
import { PipelineConfigSchema, type PipelineConfig } from '../bench/env/pipeline-config.js';
import { renderPipelineCode } from '../bench/env/render-code.js';
import { benchTasks } from '../bench/tasks/task-definitions.js';
import { argumentValue, isMainModule } from './support/example-report.js';

/** Options of `runLangChainAgentExample`. */
export interface LangChainAgentExampleOptions {
  /** The server's OpenAI-compatible root, ending in `/v1`. */
  readonly baseURL: string;
  readonly model: string;
  /** Default `OPENAI_API_KEY`, else `not-needed` (local servers ignore it). */
  readonly apiKey?: string;
  /** A benchmark task (`bench/tasks/cards`). */
  readonly task?: string;
  /** Most model calls of the agent (then it stops, with whatever it found). */
  readonly maxSteps?: number;
  /** False: the same agent without boden's gate and schedule (it still measures). */
  readonly shaped?: boolean;
  readonly print?: (text: string) => void;
}

/** What the example ran: each experiment with its score and novelty, the best, and the agent's last word. */
export interface LangChainAgentExampleReport {
  readonly task: string;
  readonly metric: string;
  readonly experiments: readonly {
    readonly id: string;
    readonly plan: string;
    readonly accepted: boolean;
    readonly score: number | null;
    readonly novelty: number | null;
  }[];
  /** Experiments the tool actually cross-validated (refused near-duplicates never reach it). */
  readonly evaluated: number;
  readonly best: number | null;
  readonly modeChanges: number;
  readonly answer: string;
}

/** The pipeline of a tool call, parsed; or why it is not one. */
function parsePipeline(input: unknown): { config: PipelineConfig } | { error: string } {
  const parsed = PipelineConfigSchema.safeParse(input);
  if (parsed.success) return { config: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { error: `pipeline.${issue.path.map(String).join('.')}: ${issue.message}` };
}

/** Runs the agent on the task through the real cross-validation; returns (and prints) what it did. */
export async function runLangChainAgentExample(options: LangChainAgentExampleOptions): Promise<LangChainAgentExampleReport> {
  const { baseURL, model, maxSteps = 12, shaped = true, print = () => {} } = options;
  const task = benchTasks.find((candidate) => candidate.task === (options.task ?? 'cars-mpg'));
  if (task === undefined) throw new Error(`no task "${options.task}" (tasks: ${benchTasks.map((candidate) => candidate.task).join(', ')})`);
  const chat = new ChatOpenAI({
    model,
    apiKey: options.apiKey ?? process.env.OPENAI_API_KEY ?? 'not-needed',
    temperature: 0.7,
    maxRetries: 1,
    configuration: { baseURL },
  });

  let evaluated = 0;
  // Cross-validation runs in a worker thread (the WASM model libraries print and install handlers where they load).
  const pool = createEvaluationPool({ size: 1 });
  const runExperiment = tool(
    async ({ pipeline }: { plan: string; pipeline: Record<string, unknown> }) => {
      const parsed = parsePipeline(pipeline);
      if ('error' in parsed) return `error: ${parsed.error}`;
      evaluated += 1;
      try {
        const result = await pool.evaluate(task, parsed.config, { workBudgetSeconds: 20 });
        return result.status === 'ok' ? String(result.score) : `error: ${result.error}`;
      } catch (error) {
        return `error: ${(error as Error).message}`;
      }
    },
    {
      name: 'run_experiment',
      description: `Cross-validates a pipeline on the task and returns its ${task.metric} (${task.maximize ? 'higher' : 'lower'} is better), or an error. pipeline: {"model": {"family": one of ${modelFamilies.join(', ')}, ...its settings}, "preprocessing"?: {...}}, e.g. {"model": {"family": "boosting", "estimators": 200}}.`,
      schema: z.object({
        plan: z.string().describe('the idea of the experiment, in a sentence or two'),
        pipeline: z.record(z.string(), z.unknown()),
      }),
    },
  );

  const boden = bodenMiddleware({
    runId: `langchain-agent-${task.task}`,
    maximize: task.maximize,
    // The code boden scores is the script the pipeline renders to, as an agent would have written it.
    candidate: (args) => {
      if (typeof args.plan !== 'string') return undefined;
      const parsed = parsePipeline(args.pipeline);
      return { plan: args.plan, code: 'error' in parsed ? JSON.stringify(args.pipeline) : renderPipelineCode(task, parsed.config) };
    },
    ...(shaped ? { gate: { threshold: 0.05 }, adaptive: { patience: 2, threshold: 0.3 } } : {}),
  });
  let modeChanges = 0;
  boden.events.on('mode-changed', () => (modeChanges += 1));
  const agent = createAgent({
    model: chat,
    tools: [runExperiment],
    // The step budget ends the run gracefully (the agent's last answer says so) instead of a recursion error.
    middleware: [boden, modelCallLimitMiddleware({ runLimit: maxSteps, exitBehavior: 'end' })],
    systemPrompt: `You are an ML engineer. Task: ${task.description} Run experiments with run_experiment until you are confident in the best pipeline, then answer with it.`,
  });
  let result;
  try {
    result = await agent.invoke(
      { messages: [{ role: 'user', content: 'Find the best pipeline for this task.' }] },
      { recursionLimit: 10 * maxSteps + 10 },
    );
  } finally {
    await pool.close();
  }
  const state = result as unknown as {
    messages: { content: unknown }[];
    boden?: { experiments: { id: string; plan: string; accepted: boolean; value: number | null; novelty: number | null }[] };
  };
  const experiments = (state.boden?.experiments ?? []).map((experiment) => {
    // boden ranks by "higher is better": the value of a lower-is-better metric is its negative.
    const score = experiment.value === null ? null : task.maximize ? experiment.value : -experiment.value;
    return { id: experiment.id, plan: experiment.plan, accepted: experiment.accepted, score, novelty: experiment.novelty };
  });
  const scores = experiments.flatMap((experiment) => (experiment.score === null ? [] : [experiment.score]));
  const best = scores.length === 0 ? null : task.maximize ? Math.max(...scores) : Math.min(...scores);
  const last = state.messages.at(-1)?.content;
  const report: LangChainAgentExampleReport = {
    task: task.task,
    metric: task.metric,
    experiments,
    evaluated,
    best,
    modeChanges,
    answer: typeof last === 'string' ? last : JSON.stringify(last),
  };
  print(`${task.task} (${task.metric}, ${task.maximize ? 'higher' : 'lower'} is better), ${shaped ? 'shaped' : 'unshaped'} by boden`);
  for (const experiment of experiments) {
    print(
      `  ${experiment.id} ${experiment.plan.slice(0, 60)}: ${experiment.accepted ? `${experiment.score === null ? 'failed' : experiment.score.toFixed(4)}` : 'refused (near-duplicate)'}  novelty ${experiment.novelty?.toFixed(3) ?? '-'}`,
    );
  }
  print(
    `best ${best?.toFixed(4) ?? '-'} after ${evaluated} cross-validations; mode changes ${modeChanges}; boden ${JSON.stringify(boden.summary().observed)}`,
  );
  print(`agent: ${report.answer.slice(0, 300)}`);
  return report;
}

if (isMainModule(import.meta.url)) {
  const baseURL = argumentValue('base-url');
  const model = argumentValue('model');
  if (baseURL === undefined || model === undefined) {
    console.error(
      'usage: node --import tsx examples/langchain-agent.ts --base-url <url ending in /v1> --model <name> [--api-key <key>] [--task cars-mpg] [--max-steps 12] [--unshaped]',
    );
    process.exit(2);
  }
  const apiKey = argumentValue('api-key');
  const taskName = argumentValue('task');
  await runLangChainAgentExample({
    baseURL,
    model,
    maxSteps: Number(argumentValue('max-steps') ?? 12),
    shaped: !process.argv.includes('--unshaped'),
    print: console.log,
    ...(apiKey === undefined ? {} : { apiKey }),
    ...(taskName === undefined ? {} : { task: taskName }),
  });
}
