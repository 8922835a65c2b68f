import { createHash } from 'node:crypto';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, HumanMessage, SystemMessage, type BaseMessage } from '@langchain/core/messages';
import { ChatOpenAI } from '@langchain/openai';
import { parseOptions, InvalidArgumentError, reportedUsage } from 'boden';
import {
  sleep,
  backoffDelay,
  failureMessage,
  failureStatus,
  isRetryableFailure,
  retryAfterMs,
  withRequestTimeout,
  systemTimers,
  createGuardedFetch,
  RequestCircuitBreaker,
} from 'boden/calls';
import type { AgentNode, AgentProposal, BenchAgent, BenchAgentOperators, ProposalKind } from '../agents/bench-agent.js';
import { contentText } from '../agents/llm-agent-answer.js';
import { LlmAgentError } from '../agents/llm-agent-error.js';
import { RecordingMissError, type ChatRequest } from '../agents/chat-recording.js';
import { parseCodeAgentAnswer } from './code-agent-answer.js';
import { CodeAgentOptionsSchema, type CodeAgentOptions, type ResolvedCodeAgentOptions } from './code-agent-options.js';
import {
  renderCodeRepairRequest,
  renderCodeSystemPrompt,
  renderCodeUserPrompt,
  type CodeAgentRequest,
  type CodeMemoryEntry,
  type CodeOperator,
} from './code-agent-prompt.js';
import type { CodeOutcome, CodeSolution } from './code-task.js';
import { classifyCodeChange } from './code-traits.js';

/** What a `CodeAgent` has spent and met so far. */
export interface CodeAgentUsage {
  /** Model requests (repairs and retries included; replayed ones too). */
  readonly calls: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  /** Re-asks after an answer with no program. */
  readonly repairRequests: number;
  /** Proposals that stayed without a program after the repairs (buggy nodes). */
  readonly answersWithoutProgram: number;
  readonly providerRetries: number;
}

/** A bench agent that writes whole programs: see `createCodeAgent`. */
export interface CodeAgent extends BenchAgent<CodeSolution> {
  readonly usage: CodeAgentUsage;
  /** Every observed attempt, in order: what the memory shows. */
  readonly memory: readonly CodeMemoryEntry[];
  observe(code: string, outcome: { readonly score: number | null; readonly error: string | null; readonly output?: string }): void;
}

const strategicKinds: ReadonlySet<ProposalKind> = new Set(['component', 'family-switch', 'crossover']);

/**
 * A bench agent whose operators ask a chat model for a plan and one whole Python program, AIDE style: each prompt
 * holds the task description (with the output contract and, for tabular tasks, a data preview), the memory of the
 * run (every scored attempt's plan and score, and the latest failures with their error), the parent's program (for
 * debug with its terminal output), both parents for crossover, and the novelty directive as an instruction. Run
 * texts are quoted under a nonce derived from the run and the request number, so a run's prompts are the same every
 * time it runs and a recording replays. An answer with no program gets `repairs` re-asks (counted), then is a buggy
 * node saying so. Every request carries the run's key (`user`) and seed (`seed`); with a `recording`, every
 * exchange is recorded, or answered from it with no network. An improvement's kind is read from the two programs
 * (`classifyCodeChange`); real bugs come from running the program.
 *
 * @example
 * const agent = createCodeAgent({ task, model: 'Qwen/Qwen3-235B-A22B', baseURL: 'http://127.0.0.1:8000/v1', run: 'circle-packing-26#1#a1b2', seed: 1 });
 */
export function createCodeAgent(options: CodeAgentOptions): CodeAgent {
  const parsed = parseOptions(CodeAgentOptionsSchema, options, 'createCodeAgent');
  const { task, run, recording } = parsed;
  // Built only when a request goes to the model: a replay never builds one.
  let chatModel: BaseChatModel | undefined = parsed.chatModel;
  const settings = {
    ...(parsed.temperature === undefined ? {} : { temperature: parsed.temperature }),
    ...(parsed.maxTokens === undefined ? {} : { maxTokens: parsed.maxTokens }),
    seed: parsed.seed,
  };
  const proposals: AgentProposal<CodeSolution>[] = [];
  const byCode = new Map<string, AgentProposal<CodeSolution>>();
  const outputs = new Map<string, { output: string; error: string | null }>();
  const memory: CodeMemoryEntry[] = [];
  const usage = { calls: 0, promptTokens: 0, completionTokens: 0, repairRequests: 0, answersWithoutProgram: 0, providerRetries: 0 };
  let step = 0;
  const breaker = typeof parsed.circuitBreaker === 'number' ? new RequestCircuitBreaker(parsed.circuitBreaker) : parsed.circuitBreaker;

  /** Asks for a plan and a program, re-asking once an answer has none; a proposal without one says why. */
  const ask = async (request: CodeAgentRequest): Promise<{ plan: string; code: string; problem: string | null }> => {
    const nonce = createHash('sha256')
      .update(`${run}\u0000${step + 1}`)
      .digest('hex')
      .slice(0, 16);
    const shape = { errors: parsed.memoryErrors, planCharacters: parsed.planCharacters };
    const messages: BaseMessage[] = [
      new SystemMessage(renderCodeSystemPrompt(task, nonce)),
      new HumanMessage(renderCodeUserPrompt(task, request, parsed.memory ? memory : [], shape, nonce)),
    ];
    for (let round = 0; ; round += 1) {
      const text = await send(request.operator, messages);
      const answer = parseCodeAgentAnswer(text);
      if ('code' in answer) return { plan: answer.plan, code: answer.code, problem: null };
      if (round >= parsed.repairs) {
        usage.answersWithoutProgram += 1;
        return { plan: answer.plan, code: '', problem: `no program in the answer (${answer.problem})` };
      }
      usage.repairRequests += 1;
      messages.push(new AIMessage(text), new HumanMessage(renderCodeRepairRequest(answer.problem)));
    }
  };

  /** One request: from the recording when it holds it, else to the model (retried after provider failures). */
  const send = async (operator: CodeOperator, messages: BaseMessage[]): Promise<string> => {
    step += 1;
    usage.calls += 1;
    const request: ChatRequest = {
      run,
      step,
      operator,
      model: parsed.model,
      settings,
      messages: messages.map((message) => ({ role: roleOf(message), content: contentText(message.content) })),
    };
    const live = () => callModel(operator, messages);
    return recording === undefined ? live() : recording.answer(request, live);
  };

  const callModel = async (operator: CodeOperator, messages: BaseMessage[]): Promise<string> => {
    chatModel ??= openAiChatModel(parsed);
    for (let attempt = 1; ; attempt += 1) {
      // Opened by this agent's earlier requests, or by another run holding the same breaker.
      if (breaker?.openReason != null)
        throw new LlmAgentError({ operator, problem: 'provider', reason: `not called: ${breaker.openReason}`, requests: attempt - 1 });
      try {
        const model = chatModel;
        const reply = await withRequestTimeout((signal) => model.invoke(messages, { signal }), {
          timeoutMs: parsed.timeoutMs,
          timers: systemTimers,
        });
        breaker?.answered();
        const tokens = reportedUsage(reply);
        if (tokens !== null)
          [usage.promptTokens, usage.completionTokens] = [
            usage.promptTokens + tokens.inputTokens,
            usage.completionTokens + tokens.outputTokens,
          ];
        return contentText(reply.content);
      } catch (error) {
        if (RecordingMissError.isInstance(error)) throw error;
        breaker?.failed(error);
        const retryable = isRetryableFailure(error);
        if (!retryable || attempt > parsed.providerRetries || breaker?.openReason != null) {
          throw new LlmAgentError({
            operator,
            problem: 'provider',
            reason: `${retryable ? '' : '(not retryable) '}${failureMessage(error)}`,
            requests: attempt,
            status: failureStatus(error),
            cause: error,
          });
        }
        usage.providerRetries += 1;
        await sleep(
          backoffDelay(attempt, { ...parsed, random: parsed.random ?? Math.random }, retryAfterMs(error)),
          undefined,
          systemTimers,
        );
      }
    }
  };

  const parentOf = (node: AgentNode, argument: string): AgentProposal<CodeSolution> => {
    const proposal = byCode.get(node.code);
    if (proposal === undefined) throw new InvalidArgumentError({ argument, reason: 'the node was not proposed by this agent' });
    return proposal;
  };

  const propose = (
    operator: CodeOperator,
    answer: { plan: string; code: string; problem: string | null },
    kind: ProposalKind,
    directive: string | undefined,
  ) => {
    const { plan, code, problem } = answer;
    const proposal: AgentProposal<CodeSolution> = {
      plan,
      code,
      config: { plan, code },
      kind,
      strategic: strategicKinds.has(kind),
      bug: problem,
      episode: proposals.length,
      directive: directive ?? null,
      // Followed when the program changed paradigm or added a part (the directive asks for a new idea or component).
      followedDirective: directive !== undefined && problem === null && strategicKinds.has(kind),
    };
    proposals.push(proposal);
    byCode.set(code, proposal);
    operatorOf.set(code, operator);
    return { plan, code };
  };
  const operatorOf = new Map<string, CodeOperator>();
  const changeOf = (parent: string, answer: { code: string; problem: string | null }): ProposalKind =>
    answer.problem === null ? classifyCodeChange(task.kind, parent, answer.code) : 'refinement';

  const operators: BenchAgentOperators = {
    async draft({ directive }) {
      return propose('draft', await ask({ operator: 'draft', ...(directive === undefined ? {} : { directive }) }), 'draft', directive);
    },
    async improve({ parent: node, directive }) {
      const parent = parentOf(node, 'parent').code;
      const answer = await ask({ operator: 'improve', parent, ...(directive === undefined ? {} : { directive }) });
      return propose('improve', answer, changeOf(parent, answer), directive);
    },
    async debug({ parent: node }) {
      const parent = parentOf(node, 'parent').code;
      const seen = outputs.get(parent) ?? { output: '', error: null };
      return propose('debug', await ask({ operator: 'debug', parent, output: seen.output, error: seen.error }), 'debug', undefined);
    },
    async crossover({ parents: [first, second], directive }) {
      const parents = [parentOf(first, 'parents[0]').code, parentOf(second, 'parents[1]').code] as const;
      return propose(
        'crossover',
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
    observe(code, outcome: { readonly score: number | null; readonly error: string | null; readonly output?: string }) {
      const proposal = byCode.get(code);
      if (proposal === undefined) return;
      outputs.set(code, { output: outcome.output ?? '', error: outcome.error });
      memory.push({
        attempt: memory.length + 1,
        operator: operatorOf.get(code) ?? 'draft',
        plan: proposal.plan,
        score: outcome.score,
        error: outcome.error,
      });
    },
  };
}

/** The outcome an evaluator gives, as the agent's `observe` reads it. */
export type ObservedCodeOutcome = Pick<CodeOutcome, 'score' | 'error' | 'output'>;

function roleOf(message: BaseMessage): 'system' | 'user' | 'assistant' {
  const type = message.getType();
  return type === 'system' ? 'system' : type === 'ai' ? 'assistant' : 'user';
}

/** The `ChatOpenAI` for the options' model and server, with no retries of its own and the run's key and seed on every request. */
function openAiChatModel(options: ResolvedCodeAgentOptions): BaseChatModel {
  const { model, baseURL, apiKey, temperature, maxTokens, run, seed, firstByteTimeoutMs } = options;
  const fetch = createGuardedFetch({ baseURL: baseURL ?? 'https://api.openai.com/v1', firstByteTimeoutMs });
  return new ChatOpenAI({
    model,
    apiKey: apiKey ?? process.env.OPENAI_API_KEY ?? 'not-needed',
    maxRetries: 0,
    streaming: false,
    user: run,
    modelKwargs: { seed },
    ...(temperature === undefined ? {} : { temperature }),
    ...(maxTokens === undefined ? {} : { maxTokens }),
    configuration: { fetch, ...(baseURL === undefined ? {} : { baseURL }) },
  });
}
