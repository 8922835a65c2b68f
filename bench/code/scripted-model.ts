import type { AgentNode, AgentProposal, BenchAgent } from '../agents/bench-agent.js';
import { codePromptHeadings, type CodeOperator } from './code-agent-prompt.js';

/** A simulated agent and how its configurations become runnable Python: what the scripted model answers with. */
export interface ScriptedWriter<Config> {
  /** The run's simulated agent, seeded with the request's seed (the same agent a simulated run of that seed has). */
  readonly agent: BenchAgent<Config>;
  /** A whole, runnable program for a configuration (`renderPackingPython`, `renderTabularPython`). */
  python(config: Config): string;
}

/** Makes the simulated agent and its renderer for a run of `task` with the agent seed `seed`; undefined for a task it does not know. */
export type ScriptedWriterFactory = (context: { readonly task: string; readonly seed: number }) => ScriptedWriter<unknown> | undefined;

/** One chat request as the scripted model reads it. */
export interface ScriptedRequest {
  readonly messages: readonly { readonly role: string; readonly content: string }[];
  /** The run's key (`codeRunKey`: `<task>.seed-<n>.<digest>`), sent as `user`. */
  readonly user?: string;
  readonly seed?: number;
}

/** The task of a run key (`codeRunKey`): everything before `.seed-`. */
export function taskOfRunKey(user: string): string {
  const at = user.lastIndexOf('.seed-');
  return at === -1 ? user : user.slice(0, at);
}

/** A crash that raises the simulated agent's synthetic bug for real, at the start of the program's main block. */
const bugStatements: readonly (readonly [RegExp, string])[] = [
  [/^IndexError/, 'np.zeros(3)[3]'],
  [/^ValueError/, 'np.zeros((26, 2)) + np.zeros((25, 2))'],
  [/^NameError/, 'print(undefined_result)'],
  [/^TypeError/, 'len(26)'],
  [/^KeyError/, '{}["target"]'],
];

/** `python` with a statement that raises `bug`'s kind of error for real before it prints or writes anything. */
export function withRealBug(python: string, bug: string): string {
  const statement = bugStatements.find(([pattern]) => pattern.test(bug))?.[1] ?? `raise RuntimeError(${JSON.stringify(bug)})`;
  const main = /^if __name__ == ["']__main__["']:\s*$/m.exec(python);
  const needsNumpy = statement.startsWith('np.') && !/^import numpy as np$/m.test(python);
  const line = `${needsNumpy ? 'import numpy as np\n' : ''}`;
  if (main === null) return `${python.trimEnd()}\n\n${line}${statement}\n`;
  const at = main.index + main[0].length;
  return `${line}${python.slice(0, at)}\n    ${statement}${python.slice(at)}`;
}

interface RunState {
  readonly writer: ScriptedWriter<unknown>;
  /** The simulated agent's code of each program the scripted model wrote, by the program: the way back to a parent. */
  readonly simulatedCode: Map<string, string>;
  /** Attempts the agent has been told about (`observe`), from the prompts' memory. */
  observed: number;
}

/**
 * An offline stand-in for a model writing real programs, behind the OpenAI-compatible chat API (see
 * `startScriptedModelServer`): each run (the request's `user`) gets the simulated agent a simulated run of the same
 * seed gets, and each request is read back as that agent's operator call: the operator from the prompt's
 * instructions, the parents from its quoted programs (mapped back to the agent's own proposals), the directive
 * verbatim, and the scores of the memory told to the agent in order. The agent's proposal is answered as a plan and
 * a runnable program (its synthetic bugs raised for real). So `--agent code` runs offline end to end, and the whole
 * path (prompt → program → sandbox → score → shaping → directive → next prompt) is exercised.
 */
export function createScriptedModel(writers: ScriptedWriterFactory): { answer(request: ScriptedRequest): Promise<string> } {
  const runs = new Map<string, RunState>();
  return {
    async answer(request) {
      const user = request.user ?? 'run';
      const prompt = request.messages.filter((message) => message.role === 'user').at(0)?.content ?? '';
      const last = request.messages.at(-1);
      let state = runs.get(user);
      if (state === undefined) {
        const writer = writers({ task: taskOfRunKey(user), seed: request.seed ?? 0 });
        if (writer === undefined) return `The scripted model knows no task "${taskOfRunKey(user)}".`;
        state = { writer, simulatedCode: new Map(), observed: 0 };
        runs.set(user, state);
      }
      // A repair request (after an answer without a program) is answered by writing the program again.
      if (last !== undefined && last.role === 'user' && last.content !== prompt && request.messages.length > 2) {
        const previous = [...request.messages].reverse().find((message) => message.role === 'assistant');
        if (previous !== undefined) return previous.content;
      }
      tellMemory(state, prompt);
      const operator = (/^## Instructions: (draft|improve|debug|crossover)\s*$/m.exec(prompt)?.[1] ?? 'draft') as CodeOperator;
      const directive = sectionText(prompt, codePromptHeadings.directive);
      const quoted = quotedPrograms(prompt);
      const node = (python: string | undefined): AgentNode | undefined => {
        const code = python === undefined ? undefined : state.simulatedCode.get(python.trim());
        return code === undefined ? undefined : { code };
      };
      const { agent } = state.writer;
      const operators = agent.operators;
      const withDirective = directive === undefined ? {} : { directive };
      const first = node(quoted[0]);
      const second = node(quoted[1]);
      if (operator === 'improve' && first !== undefined) await operators.improve({ parent: first, ...withDirective });
      else if (operator === 'debug' && first !== undefined) await operators.debug({ parent: first });
      else if (operator === 'crossover' && first !== undefined && second !== undefined)
        await operators.crossover({ parents: [first, second], ...withDirective });
      // A parent the scripted model did not write (another model's): it drafts, as a model ignoring the parent would.
      else await operators.draft(withDirective);
      const proposal = agent.proposals.at(-1) as AgentProposal<unknown>;
      const clean = state.writer.python(proposal.config);
      const python = proposal.bug === null ? clean : withRealBug(clean, proposal.bug);
      state.simulatedCode.set(python.trim(), proposal.code);
      return `${proposal.plan}\n\n\`\`\`python\n${python.trimEnd()}\n\`\`\`\n`;
    },
  };
}

/** Tells the run's agent the outcomes of the attempts the prompt's memory adds, in attempt order (hidden failures as none). */
function tellMemory(state: RunState, prompt: string): void {
  const header = /Earlier attempts of this run \((\d+) scored, (\d+) failed\)/.exec(prompt);
  if (header === null) return;
  const total = Number(header[1]) + Number(header[2]);
  const scores = new Map<number, number>();
  for (const match of prompt.matchAll(/^Attempt (\d+) \([a-z]+\): .*\nScore: ([-+0-9.eE]+)/gm))
    scores.set(Number(match[1]), Number(match[2]));
  for (let attempt = state.observed + 1; attempt <= total; attempt += 1)
    state.writer.agent.observe?.('', { score: scores.get(attempt) ?? null, error: scores.has(attempt) ? null : 'failed' });
  state.observed = Math.max(state.observed, total);
}

/** The text under a `## ` heading, to the next heading or the end; undefined without the heading. */
function sectionText(prompt: string, heading: string): string | undefined {
  const at = prompt.indexOf(`\n${heading}\n`);
  if (at === -1) return undefined;
  const rest = prompt.slice(at + heading.length + 2);
  const next = rest.search(/^## /m);
  return (next === -1 ? rest : rest.slice(0, next)).trim();
}

/** The programs quoted in the prompt's parent sections, in order (previous or buggy solution, or solutions A and B). */
function quotedPrograms(prompt: string): string[] {
  const sections = [codePromptHeadings.previous, codePromptHeadings.buggy, codePromptHeadings.parents]
    .map((heading) => sectionText(prompt, heading))
    .filter((text): text is string => text !== undefined);
  return sections.flatMap((text) => [...text.matchAll(/```python\n([\s\S]*?)\n```/g)].map((match) => match[1]!.trim()));
}
