import { ToolMessage } from '@langchain/core/messages';
import { createMiddleware } from 'langchain';
import { z } from 'zod';
import type { SafeEventEmitter } from '../../src/events/safe-event-emitter.js';
import { parseOptions } from '../../src/options/parse-options.js';
import { ShapingSession } from '../../src/session/shaping-session.js';
import type { ShapingEvents } from '../../src/shaping/shaping-events.js';
import {
  BodenMiddlewareOptionsSchema,
  type BodenMiddlewareOptions,
  type ExperimentCandidate,
  type ExperimentOutcome,
} from './boden-middleware-options.js';

/** One experiment the agent ran (or boden refused), as the agent's state keeps it. */
export const BodenExperimentSchema = z.object({
  id: z.string(),
  /** The experiment's plan and code, as boden scored them (a restarted agent replays them from its checkpoint). */
  plan: z.string(),
  code: z.string(),
  novelty: z.number().nullable(),
  /** The cheap judge's 0-4 score, with `judge: "rubric"`. */
  verdict: z.number().int().nullable(),
  /** False when the gate refused it as a near-duplicate (it did not run). */
  accepted: z.boolean(),
  valid: z.boolean().nullable(),
  value: z.number().nullable(),
});

/** The middleware's part of the agent state (a LangGraph checkpoint keeps it): the run, its mode and its experiments. */
export const BodenAgentStateSchema = z.object({
  boden: z
    .object({
      runId: z.string(),
      mode: z.enum(['exploit', 'explore']),
      experiments: z.array(BodenExperimentSchema),
      /**
       * The schedule's selections (one per model call while exploring), each as the number of experiments made
       * before it: a restarted middleware replays them between the experiments, so the schedule's counters (drafts
       * asked for, alternating asks) go on as in an uninterrupted run. Saved before the next model call, so a
       * selection whose model call's tools then crashed the process is not on record (an `afterModel` hook would
       * save it, at the price of one more graph step per model call against the agent's recursion limit).
       */
      selections: z.array(z.number().int().min(0)).optional(),
    })
    .optional(),
});

/** An experiment of the state: see `BodenExperimentSchema`. */
export type BodenExperiment = z.infer<typeof BodenExperimentSchema>;

/** Default `candidate`: the call's string arguments `plan` and `code`. */
function planAndCode(args: Record<string, unknown>): ExperimentCandidate | undefined {
  return typeof args.plan === 'string' && typeof args.code === 'string' ? { plan: args.plan, code: args.code } : undefined;
}

/** Default `outcome`: a finite number, or JSON with a numeric `metric` or `value`, is a valid result; else invalid. */
function numericOutcome(content: string): ExperimentOutcome {
  const direct = Number(content.trim());
  if (content.trim() !== '' && Number.isFinite(direct)) return { valid: true, value: direct };
  try {
    const parsed = JSON.parse(content) as Record<string, unknown>;
    for (const key of ['metric', 'value', 'score'])
      if (typeof parsed[key] === 'number' && Number.isFinite(parsed[key])) return { valid: true, value: parsed[key] };
  } catch {
    // not JSON: an error text
  }
  return { valid: false };
}

/** The text of a tool message's content (a string, or text blocks). */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map((block) =>
        typeof block === 'string' ? block : typeof (block as { text?: unknown }).text === 'string' ? (block as { text: string }).text : '',
      )
      .join('');
  return '';
}

/**
 * boden as LangChain `createAgent` middleware: the agent's experiment tool (`run_experiment` by default) is scored
 * before it runs (a near-duplicate is refused when the gate is on, and the model is told which earlier experiment it
 * repeats), its result is observed, and while the adaptive schedule is exploring the novelty directive and the
 * concepts tried so far are added to the system prompt (never to the user's messages). Without `gate` and `adaptive`
 * it only measures: the agent's requests are exactly those of the unwrapped agent. `events` is the run's typed event
 * stream, the same as `wrapSelector`'s. The experiments are in the agent's state (`boden`), so a LangGraph
 * checkpointer keeps them: a new middleware on a checkpointed thread replays them, and the schedule's selections
 * between them, and the run continues where it was (scores, gate decisions and directives are those of an
 * uninterrupted run).
 *
 * @example
 * const agent = createAgent({ model, tools: [runExperiment], middleware: [bodenMiddleware({ adaptive: {}, gate: {} })] });
 */
export function bodenMiddleware(options: BodenMiddlewareOptions = {}) {
  const parsed = parseOptions(BodenMiddlewareOptionsSchema, options, 'bodenMiddleware');
  const run = new ShapingSession({
    id: parsed.runId,
    metric: parsed.metric,
    judge: parsed.judge,
    descriptors: {},
    ...(parsed.adaptive ? { adaptive: parsed.adaptive } : {}),
    ...(parsed.gate ? { gate: parsed.gate } : {}),
  });
  const readCandidate = parsed.candidate ?? planAndCode;
  const readOutcome = parsed.outcome ?? numericOutcome;
  const experiments: BodenExperiment[] = [];
  const selections: number[] = [];
  // The run takes one call at a time; a model may ask for several tool calls at once, which LangChain runs together.
  let tail: Promise<unknown> = Promise.resolve();
  const serially = <Result>(call: () => Promise<Result>): Promise<Result> => {
    const result = tail.then(call);
    tail = result.catch(() => {});
    return result;
  };

  /** One selection of the schedule, over the valid experiments so far (recorded, so a restart can replay it). */
  const select = () => {
    selections.push(experiments.length);
    const valid = experiments.filter((experiment) => experiment.valid === true);
    return serially(() => run.select({ candidates: valid.map((experiment) => ({ id: experiment.id, value: experiment.value })) }));
  };

  /**
   * A middleware that has seen nothing yet, on a thread whose checkpoint has experiments (a restarted process):
   * replays them, admissions and outcomes in order, with the schedule's selections where they were made, so novelty,
   * gate decisions and directives continue exactly as they would have.
   */
  const resume = async (saved: readonly BodenExperiment[], savedSelections: readonly number[]) => {
    if (experiments.length > 0 || selections.length > 0 || (saved.length === 0 && savedSelections.length === 0)) return;
    let next = 0;
    const selectUpTo = async (made: number) => {
      for (; next < savedSelections.length && savedSelections[next]! <= made; next += 1) await select();
    };
    for (const experiment of saved) {
      await selectUpTo(experiments.length);
      const node = { id: experiment.id, plan: experiment.plan, code: experiment.code };
      const admission = await serially(() => run.admit(node));
      experiments.push({ ...experiment });
      if (admission.accepted && experiment.valid !== null)
        await serially(() => run.observe(node, { valid: experiment.valid!, value: experiment.value }));
    }
    await selectUpTo(experiments.length);
  };

  const state = () => ({
    boden: {
      runId: parsed.runId,
      mode: run.summary().mode,
      experiments: experiments.map((experiment) => ({ ...experiment })),
      selections: [...selections],
    },
  });

  const middleware = createMiddleware({
    name: 'boden',
    stateSchema: BodenAgentStateSchema,
    beforeAgent: async (agentState) => {
      await resume(agentState.boden?.experiments ?? [], agentState.boden?.selections ?? []);
      return state();
    },
    beforeModel: () => state(),
    afterAgent: () => state(),
    wrapModelCall: async (request, handler) => {
      if (run.summary().mode !== 'explore') return handler(request);
      const selection = await select();
      if (selection.directive === null) return handler(request);
      const tried = run
        .summary()
        .concepts.slice(0, parsed.maxConcepts)
        .map((item) => item.concept);
      const note = [selection.directive, tried.length === 0 ? '' : `Concepts in this run's experiments so far: ${tried.join(', ')}.`]
        .filter((part) => part !== '')
        .join('\n');
      const systemPrompt = request.systemPrompt === undefined || request.systemPrompt === '' ? note : `${request.systemPrompt}\n\n${note}`;
      return handler({ ...request, systemPrompt });
    },
    wrapToolCall: async (request, handler) => {
      if (request.toolCall.name !== parsed.tool) return handler(request);
      const candidate = readCandidate((request.toolCall.args ?? {}) as Record<string, unknown>);
      if (candidate === undefined) return handler(request);
      // Id and place taken before the first await: calls asked for together must not share them.
      const id = `e${experiments.length + 1}`;
      const experiment: BodenExperiment = {
        id,
        plan: candidate.plan,
        code: candidate.code,
        novelty: null,
        verdict: null,
        accepted: false,
        valid: null,
        value: null,
      };
      experiments.push(experiment);
      const admission = await serially(() => run.admit({ id, plan: candidate.plan, code: candidate.code }));
      Object.assign(experiment, { novelty: admission.novelty, verdict: admission.verdict?.score ?? null, accepted: admission.accepted });
      if (!admission.accepted) {
        const repeats = admission.nearest[0];
        const earlier = repeats === undefined ? undefined : experiments.find((other) => other.id === repeats);
        return new ToolMessage({
          tool_call_id: request.toolCall.id ?? '',
          name: request.toolCall.name,
          status: 'error',
          content: [
            `Not run: this experiment repeats earlier experiment ${repeats ?? '(unknown)'}${earlier === undefined ? '' : ` ("${earlier.plan.slice(0, 160)}")`} (novelty ${admission.novelty?.toFixed(3) ?? 'unknown'}).`,
            'Try an experiment built on a different idea, or add a component the earlier experiments did not have.',
          ].join(' '),
        });
      }
      let answer: Awaited<ReturnType<typeof handler>>;
      try {
        answer = await handler(request);
      } catch (error) {
        // A tool that throws ran and failed: an invalid experiment, then the error goes on to the agent.
        experiment.valid = false;
        await serially(() => run.observe({ id, plan: candidate.plan, code: candidate.code }, { valid: false }));
        throw error;
      }
      const message = ToolMessage.isInstance(answer) ? answer : undefined;
      const read = message === undefined || message.status === 'error' ? { valid: false } : readOutcome(textOf(message.content));
      const value = read.valid && typeof read.value === 'number' ? (parsed.maximize ? read.value : -read.value) : null;
      experiment.valid = read.valid;
      experiment.value = value;
      await serially(() => run.observe({ id, plan: candidate.plan, code: candidate.code }, { valid: read.valid, value }));
      return answer;
    },
  });
  return Object.assign(middleware, {
    /** The run's typed events: `node-scored`, `candidate-rejected`, `selection-made`, `mode-changed`. */
    events: run.events as SafeEventEmitter<ShapingEvents>,
    /** The run so far (counts, mode, mean novelty, concepts). */
    summary: () => run.summary(),
  });
}
