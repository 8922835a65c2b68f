/** What a model's answer held: the plan (the prose before the program) and the program, or why there is none. */
export type CodeAgentAnswer = { readonly plan: string; readonly code: string } | { readonly problem: string; readonly plan: string };

const fence = /```([^\n`]*)\n([\s\S]*?)```/g;

/**
 * Splits an answer into its plan and its program, as AIDE does (`extract_code`, `extract_text_up_to_code`): the plan
 * is the prose before the first code block; the program is the longest fenced block tagged `python` (or untagged),
 * since a model that shows a snippet before its whole program puts the whole program in the longest block. An
 * answer with no such block, or an empty one, has no program. A reasoning model's `<think>` section is left out.
 */
export function parseCodeAgentAnswer(answer: string): CodeAgentAnswer {
  // A reasoning model's thoughts are not its answer.
  const text = answer.replace(/<think>[\s\S]*?<\/think>/gi, '');
  const blocks = [...text.matchAll(fence)].filter((match) => /^\s*(python3?|py)?\s*$/i.test(match[1] ?? ''));
  const first = text.search(/```/);
  const plan = (first === -1 ? text : text.slice(0, first)).trim();
  const longest = blocks.map((match) => match[2]!.trim()).sort((left, right) => right.length - left.length)[0];
  if (longest === undefined || longest === '') {
    return {
      problem: first === -1 ? 'the answer holds no code block' : 'the answer holds no Python code block with a program in it',
      plan,
    };
  }
  return { plan, code: `${longest}\n` };
}
