import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { HumanMessage, SystemMessage } from '@langchain/core/messages';
import { z } from 'zod';
import { parseOptions } from '../../src/index.js';
import type { OperatorProposal } from '../search-loop/index.js';

const responseFormat =
  'Answer with a brief plan in natural language (3-5 sentences), then a single markdown code block with the complete Python program. ' +
  'The program must print the validation metric.';

/** What a prompt shows of an earlier node: AIDE's Memory lists the plan and metric of the working ones. */
export interface RememberedNode {
  readonly plan: string;
  readonly metric: number | null;
  readonly buggy: boolean;
}

/** A proposal as the host can run it: a plan and a non-empty program. */
export const ChatProposalSchema = z.strictObject({
  plan: z.string(),
  code: z.string().min(1, 'the answer has no markdown code block'),
});

/** Options of `createChatProposer` and of the chat operators: checked up front, not at the first model call. */
export const ChatProposerOptionsSchema = z.strictObject({
  model: z.custom<BaseChatModel>(
    (value) => value !== null && typeof value === 'object' && typeof (value as { invoke?: unknown }).invoke === 'function',
    'expected a LangChain chat model (an object with invoke())',
  ),
  task: z.string().min(1),
  attempts: z.number().int().min(1).default(3),
});

/** The four operator prompts of AIDE / AIRA-dojo, sent to a chat model; each answer is parsed into plan and code. */
export interface ChatProposer {
  draft(memory: readonly RememberedNode[], directive?: string): Promise<OperatorProposal>;
  improve(memory: readonly RememberedNode[], parentCode: string, directive?: string): Promise<OperatorProposal>;
  crossover(memory: readonly RememberedNode[], parentCodes: readonly [string, string], directive?: string): Promise<OperatorProposal>;
  debug(parentCode: string): Promise<OperatorProposal>;
}

/** Code shown to the model is data: delimit it so a comment in it cannot pose as an instruction. */
function quoteCode(code: string, tag = 'previous_code'): string {
  return `<${tag}>\n${code.replaceAll(`</${tag}>`, `<\\/${tag}>`)}\n</${tag}>`;
}

/** AIDE's Memory: the plan and metric of every good node (`journal.generate_summary`), the latest 10. */
function memoryText(memory: readonly RememberedNode[]): string {
  const good = memory.filter((node) => !node.buggy).slice(-10);
  if (good.length === 0) return 'Memory: no working solution yet.';
  return [
    'Memory (earlier working solutions):',
    ...good.map((node) => `- ${node.plan.replaceAll('\n', ' ')} (metric ${node.metric})`),
  ].join('\n');
}

/** The plan (text before the first code block) and the code (the block), as AIDE extracts them. */
export function parsePlanAndCode(text: string): OperatorProposal {
  const block = /```[a-zA-Z]*[^\n]*\n([\s\S]*?)```/.exec(text);
  if (block === null) return { plan: text.trim(), code: '' };
  return { plan: text.slice(0, block.index).trim(), code: block[1]!.trim() };
}

/**
 * Operator prompts to a LangChain chat model. An answer that fails `ChatProposalSchema` (no code block) is asked
 * again, up to `attempts` times in all, as AIDE's `plan_and_code_query` retries; the last answer is then returned
 * with empty code, for the host to run and report as buggy, so one bad answer does not end a search.
 */
export function createChatProposer(options: {
  readonly model: BaseChatModel;
  readonly task: string;
  readonly attempts?: number;
}): ChatProposer {
  const { model, task, attempts } = parseOptions(ChatProposerOptionsSchema, options, 'createChatProposer');
  const ask = async (system: string, parts: readonly (string | undefined)[]): Promise<OperatorProposal> => {
    const messages = [new SystemMessage(system), new HumanMessage(parts.filter((part) => part !== undefined).join('\n\n'))];
    let proposal: OperatorProposal = { plan: '', code: '' };
    for (let attempt = 0; attempt < attempts; attempt += 1) {
      const reply = await model.invoke(messages);
      proposal = parsePlanAndCode(typeof reply.content === 'string' ? reply.content : JSON.stringify(reply.content));
      const checked = ChatProposalSchema.safeParse(proposal);
      if (checked.success) return checked.data;
    }
    return proposal;
  };
  const role = 'You are a Kaggle grandmaster attending a competition.';
  return {
    draft: (memory, directive) =>
      ask(`${role} Propose a simple first solution; do not repeat a modelling approach from the Memory.`, [
        `Task: ${task}`,
        memoryText(memory),
        directive,
        responseFormat,
      ]),
    improve: (memory, parentCode, directive) =>
      ask(`${role} Improve the previous solution with one atomic, actionable change.`, [
        `Task: ${task}`,
        memoryText(memory),
        `Previous solution:\n${quoteCode(parentCode)}`,
        directive,
        responseFormat,
      ]),
    crossover: (memory, [first, second], directive) =>
      ask(`${role} Combine the two previous solutions into one that keeps the strengths of both.`, [
        `Task: ${task}`,
        memoryText(memory),
        `First solution:\n${quoteCode(first, 'first_solution')}`,
        `Second solution:\n${quoteCode(second, 'second_solution')}`,
        directive,
        responseFormat,
      ]),
    debug: (parentCode) =>
      ask(`${role} The previous solution had a bug; fix it.`, [
        `Task: ${task}`,
        `Previous (buggy) solution:\n${quoteCode(parentCode)}`,
        responseFormat,
      ]),
  };
}
