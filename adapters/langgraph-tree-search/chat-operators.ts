import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { parseOptions } from '../../src/index.js';
import type { AideOperators } from '../aide-greedy/index.js';
import type { EvolutionaryOperators } from '../evolutionary/index.js';
import type { MctsNode, MctsOperators } from '../mcts/index.js';
import { ChatProposerOptionsSchema, createChatProposer, type ChatProposer } from './chat-proposer.js';

/** What the chat operators are built from: the model and the task in words. */
export interface ChatOperatorOptions {
  readonly model: BaseChatModel;
  readonly task: string;
  /** Answers asked for per proposal before one without code is returned as is (`createChatProposer`'s, default 3). */
  readonly attempts?: number;
}

/** The proposer behind a set of chat operators; a bad option is named with the operators' factory (`target`). */
function proposerOf(options: ChatOperatorOptions, target: string): ChatProposer {
  return createChatProposer(parseOptions(ChatProposerOptionsSchema, options, target));
}

/**
 * AIDE's draft, improve and debug operators as prompts to a LangChain chat model. A novelty directive from shaping
 * is added to the draft and improve prompts.
 */
export function createLangChainAideOperators(options: ChatOperatorOptions): AideOperators {
  const proposer = proposerOf(options, 'createLangChainAideOperators');
  return {
    draft: ({ journal, directive }) => proposer.draft(journal, directive),
    improve: ({ journal, parent, directive }) => proposer.improve(journal, parent.code, directive),
    debug: ({ parent }) => proposer.debug(parent.code),
  };
}

/** Every node of an MCTS tree below its root, in evaluation order: the Memory of the MCTS prompts. */
function treeNodes(root: MctsNode): MctsNode[] {
  const nodes: MctsNode[] = [];
  const visit = (node: MctsNode) => node.children.forEach((child) => (nodes.push(child), visit(child)));
  visit(root);
  return nodes.sort((first, second) => first.step - second.step);
}

/** AIRA-dojo's MCTS operators (draft, improve, debug) as prompts to a LangChain chat model. */
export function createLangChainMctsOperators(options: ChatOperatorOptions): MctsOperators {
  const proposer = proposerOf(options, 'createLangChainMctsOperators');
  return {
    draft: ({ root, directive }) => proposer.draft(treeNodes(root), directive),
    improve: ({ root, parent, directive }) => proposer.improve(treeNodes(root), parent.code, directive),
    debug: ({ parent }) => proposer.debug(parent.code),
  };
}

/** AIRA-dojo's evolutionary operators (draft, improve, crossover, debug) as prompts to a LangChain chat model. */
export function createLangChainEvolutionaryOperators(options: ChatOperatorOptions): EvolutionaryOperators {
  const proposer = proposerOf(options, 'createLangChainEvolutionaryOperators');
  return {
    draft: ({ nodes, directive }) => proposer.draft(nodes, directive),
    improve: ({ nodes, parent, directive }) => proposer.improve(nodes, parent.code, directive),
    crossover: ({ nodes, parents, directive }) => proposer.crossover(nodes, [parents[0].code, parents[1].code], directive),
    debug: ({ parent }) => proposer.debug(parent.code),
  };
}
