import { createHash } from 'node:crypto';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, HumanMessage, SystemMessage, type BaseMessage } from '@langchain/core/messages';
import { ChatOpenAI } from '@langchain/openai';
import { parseOptions, InvalidArgumentError, createNonce, reportedUsage } from 'boden';
import {
  sleep,
  backoffDelay,
  createGuardedFetch,
  RequestCircuitBreaker,
  withRequestTimeout,
  systemTimers,
  failureMessage,
  failureStatus,
  isRetryableFailure,
  retryAfterMs,
} from 'boden/calls';
import type { PipelineConfig } from '../env/pipeline-config.js';
import { renderPipelineCode } from '../env/render-code.js';
import type { AgentNode, AgentProposal, BenchAgent, BenchAgentOperators, ProposalKind } from './bench-agent.js';
import { classifyChange } from './classify-change.js';
import { familiesNamedIn } from './directive-families.js';
import type { ChatRequest } from './chat-recording.js';
import { checkLlmAgentAnswer, contentText, type LlmAgentAnswer } from './llm-agent-answer.js';
import { LlmAgentError, type LlmAgentOperator } from './llm-agent-error.js';
import { LlmAgentOptionsSchema, type LlmAgentOptions, type ResolvedLlmAgentOptions } from './llm-agent-options.js';
import {
  renderAgentRepairRequest,
  renderAgentSystemPrompt,
  renderAgentUserPrompt,
  type LlmAgentMemoryEntry,
  type LlmAgentRequest,
} from './llm-agent-prompt.js';
import { familiesOf } from './pipeline-moves.js';

/** What an `LlmAgent` has spent so far. */
export interface LlmAgentUsage {
  /** Model requests sent, failed ones, retries and re-asks included. */
  readonly calls: number;
  /** Tokens as the responses' usage metadata reported them (a lower bound when `unmeteredCalls` > 0). */
  readonly promptTokens: number;
  readonly completionTokens: number;
  /** Requests whose response reported no usage (failures, servers that send none). */
  readonly unmeteredCalls: number;
  /** Answers rejected as invalid (each followed by a re-ask or an `LlmAgentError`). */
  readonly invalidAnswers: number;
  /** Requests retried after a provider failure. */
  readonly providerRetries: number;
}

/** A bench agent backed by a chat model: see `createLlmAgent`. */
export interface LlmAgent extends BenchAgent {
  /** Requests and tokens so far (a snapshot). */
  readonly usage: LlmAgentUsage;
  /** Every observed outcome, in observation order; the prompt shows the latest `memorySize`. */
  readonly memory: readonly LlmAgentMemoryEntry[];
  observe(code: string, outcome: { readonly score: number | null; readonly error: string | null }): void;
}

const strategicKinds: ReadonlySet<ProposalKind> = new Set(['component', 'family-switch', 'crossover']);

/**
 * A bench agent whose operators ask a chat model for a pipeline, AIDE style. Each prompt holds the task card's
 * description, metric and direction, the pipeline space of the task's kind, the run's memory (the latest
 * `memorySize` evaluated proposals, summarised as families and preprocessing, with their score or error, as
 * `observe` reported them), the parent's pipeline (and error, for debug) or both parents for crossover, and a
 * novelty directive verbatim as an instruction. Run texts are quoted as data under a per-call nonce.
 *
 * The answer is JSON `{ plan, config }`; a config `parsePipelineConfig` rejects (or a family the task cannot use)
 * is asked for again with the error, up to `maxRetries` times, then `LlmAgentError` is thrown. Provider failures
 * are retried `providerRetries` times with jittered backoff; a silent server fails each request after
 * `firstByteTimeoutMs` twice over, and once `circuitBreaker` is open no request is made. Code is
 * `renderPipelineCode(task, config)`; an improvement's kind is `classifyChange(parent, child)`; `bug` is always null
 * (real bugs come from evaluation).
 *
 * @example
 * const agent = createLlmAgent({ task: card, model: 'Qwen/Qwen3-235B-A22B', baseURL: 'http://127.0.0.1:8000/v1' });
 * const search = createAideGreedySearch({ operators: agent.operators, evaluate, seed: 1 });
 */
export function createLlmAgent(options: LlmAgentOptions): LlmAgent {
  const parsed = parseOptions(LlmAgentOptionsSchema, options, 'createLlmAgent');
  const timers = parsed.timers ?? systemTimers;
  const { task, maxRetries, memorySize } = parsed;
  // Built at the first request that reaches a model: a replay builds none.
  let chatModel: BaseChatModel | undefined = parsed.chatModel;
  const { recording, run } = parsed;
  let step = 0;
  const breaker = typeof parsed.circuitBreaker === 'number' ? new RequestCircuitBreaker(parsed.circuitBreaker) : parsed.circuitBreaker;
  const proposals: AgentProposal[] = [];
  const byCode = new Map<string, AgentProposal>();
  const errors = new Map<string, string | null>();
  const memory: LlmAgentMemoryEntry[] = [];
  const usage = { calls: 0, promptTokens: 0, completionTokens: 0, unmeteredCalls: 0, invalidAnswers: 0, providerRetries: 0 };

  /** Asks for a pipeline, re-asking with the validation error; throws `LlmAgentError` when none comes. */
  const ask = async (request: LlmAgentRequest): Promise<LlmAgentAnswer> => {
    // A recorded run must ask the same prompts each time it runs: its nonce comes from the run and the request number.
    const nonce =
      recording === undefined
        ? (parsed.nonce ?? createNonce)()
        : createHash('sha256')
            .update(`${run}\u0000${step + 1}`)
            .digest('hex')
            .slice(0, 16);
    const shown = memorySize === 0 ? [] : memory.slice(-memorySize);
    const messages: BaseMessage[] = [
      new SystemMessage(renderAgentSystemPrompt(task, nonce)),
      new HumanMessage(renderAgentUserPrompt(task, request, shown, nonce)),
    ];
    const requests = { count: 0 };
    for (let round = 0; ; round += 1) {
      const text = await send(request.operator, messages, requests);
      const checked = checkLlmAgentAnswer(text, task.kind);
      if ('answer' in checked) return checked.answer;
      usage.invalidAnswers += 1;
      if (round >= maxRetries)
        throw new LlmAgentError({
          operator: request.operator,
          problem: 'invalid-answer',
          reason: checked.problem,
          requests: requests.count,
        });
      messages.push(new AIMessage(text), new HumanMessage(renderAgentRepairRequest(checked.problem, nonce)));
    }
  };

  /** One request: answered by the recording when it holds it, else by the model (`callModel`). */
  const send = async (operator: LlmAgentOperator, messages: BaseMessage[], requests: { count: number }): Promise<string> => {
    step += 1;
    if (recording === undefined) return callModel(operator, messages, requests);
    const request: ChatRequest = {
      run,
      step,
      operator,
      model: parsed.model ?? 'chat-model',
      settings: {
        ...(parsed.temperature === undefined ? {} : { temperature: parsed.temperature }),
        ...(parsed.maxTokens === undefined ? {} : { maxTokens: parsed.maxTokens }),
      },
      messages: messages.map((message) => ({
        role: message.getType() === 'system' ? 'system' : message.getType() === 'ai' ? 'assistant' : 'user',
        content: contentText(message.content),
      })),
    };
    return recording.answer(request, () => callModel(operator, messages, requests));
  };

  /** One model request, retried after provider failures; returns the reply's text. */
  const callModel = async (operator: LlmAgentOperator, messages: BaseMessage[], requests: { count: number }): Promise<string> => {
    const model = (chatModel ??= openAiChatModel(parsed));
    for (let attempt = 1; ; attempt += 1) {
      // Opened by this agent's earlier requests, or by another holder of the same breaker.
      if (breaker?.openReason != null)
        throw new LlmAgentError({ operator, problem: 'provider', reason: `not called: ${breaker.openReason}`, requests: requests.count });
      requests.count += 1;
      usage.calls += 1;
      try {
        const reply = await withRequestTimeout((signal) => model.invoke(messages, { signal }), { timeoutMs: parsed.timeoutMs, timers });
        breaker?.answered();
        const tokens = reportedUsage(reply);
        if (tokens === null) usage.unmeteredCalls += 1;
        else
          [usage.promptTokens, usage.completionTokens] = [
            usage.promptTokens + tokens.inputTokens,
            usage.completionTokens + tokens.outputTokens,
          ];
        return contentText(reply.content);
      } catch (error) {
        usage.unmeteredCalls += 1;
        breaker?.failed(error);
        const retryable = isRetryableFailure(error);
        if (!retryable || attempt > parsed.providerRetries || breaker?.openReason != null) {
          const reason = `${retryable ? '' : '(not retryable) '}${failureMessage(error)}`;
          throw new LlmAgentError({
            operator,
            problem: 'provider',
            reason,
            requests: requests.count,
            status: failureStatus(error),
            cause: error,
          });
        }
        usage.providerRetries += 1;
        await sleep(backoffDelay(attempt, { ...parsed, random: parsed.random ?? Math.random }, retryAfterMs(error)), undefined, timers);
      }
    }
  };

  const parentOf = (node: AgentNode, argument: string): AgentProposal => {
    const proposal = byCode.get(node.code);
    if (proposal === undefined) throw new InvalidArgumentError({ argument, reason: 'the node was not proposed by this agent' });
    return proposal;
  };

  const propose = (answer: LlmAgentAnswer, kind: ProposalKind, directive: string | undefined) => {
    const { plan, config } = answer;
    const code = renderPipelineCode(task, config);
    const named = familiesNamedIn(directive);
    const followedDirective = directive !== undefined && familiesOf(config).every((family) => !named.has(family));
    const proposal: AgentProposal = {
      plan,
      code,
      config,
      kind,
      strategic: strategicKinds.has(kind),
      bug: null,
      episode: proposals.length,
      directive: directive ?? null,
      followedDirective,
    };
    proposals.push(proposal);
    byCode.set(code, proposal);
    return { plan, code };
  };

  const operators: BenchAgentOperators = {
    async draft({ directive }) {
      return propose(await ask({ operator: 'draft', ...(directive === undefined ? {} : { directive }) }), 'draft', directive);
    },
    async improve({ parent: node, directive }) {
      const parent: PipelineConfig = parentOf(node, 'parent').config;
      const answer = await ask({ operator: 'improve', parent, ...(directive === undefined ? {} : { directive }) });
      return propose(answer, classifyChange(parent, answer.config), directive);
    },
    async debug({ parent: node }) {
      const parent = parentOf(node, 'parent').config;
      return propose(await ask({ operator: 'debug', parent, error: errors.get(node.code) ?? null }), 'debug', undefined);
    },
    async crossover({ parents: [first, second], directive }) {
      const parents = [parentOf(first, 'parents[0]').config, parentOf(second, 'parents[1]').config] as const;
      return propose(
        await ask({ operator: 'crossover', parents, ...(directive === undefined ? {} : { directive }) }),
        'crossover',
        directive,
      );
    },
  };

  return {
    operators,
    proposals,
    memory,
    get usage() {
      return { ...usage };
    },
    proposalOf: (code) => byCode.get(code),
    observe(code, { score, error }) {
      const proposal = byCode.get(code);
      // A code this agent never proposed has no pipeline to remember.
      if (proposal === undefined) return;
      errors.set(code, error);
      memory.push({ proposal, score, error });
    },
  };
}

/** The `ChatOpenAI` for `model` at `baseURL` (default OpenAI's) through the guarded fetch, its own retries and streaming off (the agent retries). */
function openAiChatModel(options: ResolvedLlmAgentOptions): BaseChatModel {
  const { model, baseURL, apiKey, temperature, maxTokens, firstByteTimeoutMs, timers } = options;
  const fetch = createGuardedFetch({
    baseURL: baseURL ?? 'https://api.openai.com/v1',
    firstByteTimeoutMs,
    ...(timers === undefined ? {} : { timers }),
  });
  return new ChatOpenAI({
    model: model!,
    apiKey: apiKey ?? process.env.OPENAI_API_KEY ?? 'not-needed',
    maxRetries: 0,
    streaming: false,
    ...(temperature === undefined ? {} : { temperature }),
    ...(maxTokens === undefined ? {} : { maxTokens }),
    configuration: { fetch, ...(baseURL === undefined ? {} : { baseURL }) },
  });
}
