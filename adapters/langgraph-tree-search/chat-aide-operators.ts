import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { HumanMessage, SystemMessage } from '@langchain/core/messages';
import type { AideNode, AideOperators } from '../aide-greedy/index.js';
import type { OperatorProposal } from '../search-loop/index.js';

const responseFormat =
  'Answer with a brief plan in natural language (3-5 sentences), then a single markdown code block with the complete Python program. ' +
  'The program must print the validation metric.';

/** Code shown to the model is data: delimit it so a comment in it cannot pose as an instruction. */
function quoteCode(code: string): string {
  return `<previous_code>\n${code.replaceAll('</previous_code>', '<\\/previous_code>')}\n</previous_code>`;
}

/** AIDE's Memory: the plan and metric of every good node (`journal.generate_summary`), the latest 10. */
function memory(journal: readonly AideNode[]): string {
  const good = journal.filter((node) => !node.buggy).slice(-10);
  if (good.length === 0) return 'Memory: no working solution yet.';
  return ['Memory (earlier working solutions):', ...good.map((node) => `- ${node.plan.replaceAll('\n', ' ')} (metric ${node.metric})`)].join('\n');
}

/** The plan (text before the first code block) and the code (the block), as AIDE extracts them. */
export function parsePlanAndCode(text: string): OperatorProposal {
  const block = /```[a-zA-Z]*[^\n]*\n([\s\S]*?)```/.exec(text);
  if (block === null) return { plan: text.trim(), code: '' };
  return { plan: text.slice(0, block.index).trim(), code: block[1]!.trim() };
}

/**
 * AIDE's draft, improve and debug operators as prompts to a LangChain chat model. A novelty directive from shaping
 * is added to the draft and improve prompts.
 */
export function createLangChainAideOperators(options: { readonly model: BaseChatModel; readonly task: string }): AideOperators {
  const { model, task } = options;
  const ask = async (system: string, parts: readonly (string | undefined)[]): Promise<OperatorProposal> => {
    const reply = await model.invoke([new SystemMessage(system), new HumanMessage(parts.filter((part) => part !== undefined).join('\n\n'))]);
    return parsePlanAndCode(typeof reply.content === 'string' ? reply.content : JSON.stringify(reply.content));
  };
  const role = 'You are a Kaggle grandmaster attending a competition.';
  return {
    draft: ({ journal, directive }) =>
      ask(`${role} Propose a simple first solution; do not repeat a modelling approach from the Memory.`, [
        `Task: ${task}`,
        memory(journal),
        directive,
        responseFormat,
      ]),
    improve: ({ journal, parent, directive }) =>
      ask(`${role} Improve the previous solution with one atomic, actionable change.`, [
        `Task: ${task}`,
        memory(journal),
        `Previous solution:\n${quoteCode(parent.code)}`,
        directive,
        responseFormat,
      ]),
    debug: ({ parent }) =>
      ask(`${role} The previous solution had a bug; fix it.`, [`Task: ${task}`, `Previous (buggy) solution:\n${quoteCode(parent.code)}`, responseFormat]),
  };
}
