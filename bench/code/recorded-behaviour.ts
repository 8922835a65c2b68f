import { parseCodeAgentAnswer } from './code-agent-answer.js';
import { codePromptHeadings } from './code-agent-prompt.js';
import type { CodeOutcome } from './code-task.js';
import { programTraits } from './code-traits.js';
import { programTextHash } from './program-outcome-memo.js';
import { parsePipelineConfig } from '../env/canonical-config.js';
import type { PipelineConfig } from '../env/pipeline-config.js';
import type { ChatExchange } from '../agents/chat-recording.js';
import { classifyChange } from '../agents/classify-change.js';
import { componentsOf, familiesOf } from '../agents/pipeline-moves.js';

/** What one recorded run shows of its model's behaviour: see `codeRunBehaviour` and `pipelineRunBehaviour`. */
export interface RecordedBehaviour {
  readonly run: string;
  /** Model requests (repairs included). */
  readonly requests: number;
  /** Answers that proposed something (a program or a pipeline); the rest had none. */
  readonly proposals: number;
  /** Proposals whose outcome is known, and how many of those crashed or were refused. */
  readonly scored: number;
  readonly buggy: number;
  /** Debug requests whose fix's outcome is known, and how many ran. */
  readonly debugAttempts: number;
  readonly debugFixes: number;
  /** Improvements (one parent) and how many changed paradigm (model family, packing construction). */
  readonly improvements: number;
  readonly paradigmSwitches: number;
  /** Requests carrying a novelty directive, and how many answers complied: another paradigm than the parent's, or a component the run had not tried. */
  readonly directed: number;
  readonly complied: number;
}

/** The share `count / total`, null without a total. */
export function shareOf(count: number, total: number): number | null {
  return total === 0 ? null : count / total;
}

interface Step {
  readonly operator: string;
  readonly directive: string | undefined;
  /** The parent programs (or pipelines) the prompt quotes. */
  readonly parents: readonly string[];
  readonly answer: string;
}

/** The text under a `## ` heading of a prompt, to the next heading or the end. */
function section(prompt: string, heading: string): string | undefined {
  const at = prompt.indexOf(`\n${heading}`);
  if (at === -1) return undefined;
  const rest = prompt.slice(at + heading.length + 1);
  const next = rest.search(/^## /m);
  return (next === -1 ? rest : rest.slice(0, next)).trim();
}

/** A run's requests in order with their operator, directive and quoted parents; a repair's answer replaces the one it repaired. */
function stepsOf(exchanges: readonly ChatExchange[], parentsOf: (prompt: string) => string[]): Step[] {
  const steps: Step[] = [];
  for (const exchange of [...exchanges].sort((left, right) => left.step - right.step)) {
    const prompt = exchange.messages.find((message) => message.role === 'user')?.content ?? '';
    const repair = exchange.messages.length > 2;
    if (repair && steps.length > 0) {
      steps[steps.length - 1] = { ...steps.at(-1)!, answer: exchange.answer };
      continue;
    }
    const directiveText = section(prompt, codePromptHeadings.directive) ?? section(prompt, '## Novelty directive');
    steps.push({ operator: exchange.operator, directive: directiveText, parents: parentsOf(prompt), answer: exchange.answer });
  }
  return steps;
}

/**
 * The behaviour of a code agent's recorded run (its exchanges, and the programs' outcomes by `programTextHash`, from
 * the recording's `outcomes.jsonl`): bug rate, debug success, paradigm switches, and directive compliance: the share
 * of directive-carrying requests whose program changes paradigm (against its parent; a draft's against every earlier
 * program) or adds a component no earlier program of the run had (`programTraits`: constructions for circle packing,
 * boden's concepts for tabular tasks).
 */
export function codeRunBehaviour(
  run: string,
  exchanges: readonly ChatExchange[],
  outcomes: ReadonlyMap<string, Pick<CodeOutcome, 'score'>>,
  kind: 'packing' | 'tabular',
): RecordedBehaviour {
  const quoted = (prompt: string) =>
    [codePromptHeadings.previous, codePromptHeadings.buggy, codePromptHeadings.parents]
      .map((heading) => section(prompt, heading))
      .flatMap((text) =>
        text === undefined ? [] : [...text.matchAll(/```python\n([\s\S]*?)\n```/g)].map((match) => `${match[1]!.trim()}\n`),
      );
  const steps = stepsOf(exchanges, quoted);
  const tried = new Set<string>();
  const counts = {
    proposals: 0,
    scored: 0,
    buggy: 0,
    debugAttempts: 0,
    debugFixes: 0,
    improvements: 0,
    paradigmSwitches: 0,
    directed: 0,
    complied: 0,
  };
  for (const step of steps) {
    const answer = parseCodeAgentAnswer(step.answer);
    if (step.directive !== undefined) counts.directed += 1;
    if (!('code' in answer)) continue;
    counts.proposals += 1;
    const outcome = outcomes.get(programTextHash(answer.code));
    if (outcome !== undefined) {
      counts.scored += 1;
      if (outcome.score === null) counts.buggy += 1;
    }
    const traits = programTraits(kind, answer.code);
    const all = [...traits.paradigms, ...traits.components];
    const parentParadigms = step.parents[0] === undefined ? tried : programTraits(kind, step.parents[0]).paradigms;
    const switched = traits.paradigms.size > 0 && ![...traits.paradigms].some((paradigm) => parentParadigms.has(paradigm));
    if (step.directive !== undefined && (switched || [...traits.components].some((component) => !tried.has(component))))
      counts.complied += 1;
    if (step.operator === 'debug' && outcome !== undefined) {
      counts.debugAttempts += 1;
      if (outcome.score !== null) counts.debugFixes += 1;
    }
    const parent = step.parents[0];
    if (step.operator === 'improve' && parent !== undefined) {
      counts.improvements += 1;
      const before = programTraits(kind, parent).paradigms;
      if (traits.paradigms.size > 0 && ![...traits.paradigms].some((paradigm) => before.has(paradigm))) counts.paradigmSwitches += 1;
    }
    for (const trait of all) tried.add(trait);
  }
  return { run, requests: exchanges.length, ...counts };
}

/**
 * The behaviour of a pipeline-choosing LLM agent's run (`--agent llm`, e.g. the shared real-model runs): the
 * pipelines are read from the answers (JSON `{plan, config}`) and the parents from the prompts; a directed answer
 * complies when it changes model family against its parent (`classifyChange`) or adds a component the run had not
 * tried (`componentsOf`). Outcomes are not in the exchanges: `scores` (by request) gives them where known (a run record).
 */
export function pipelineRunBehaviour(
  run: string,
  exchanges: readonly ChatExchange[],
  options: { readonly scores?: ReadonlyMap<number, number | null>; readonly independentRequests?: boolean } = {},
): RecordedBehaviour {
  const scores = options.scores ?? new Map<number, number | null>();
  const configOf = (text: string): PipelineConfig | undefined => {
    try {
      const value = JSON.parse(text.replace(/^```(?:json)?\s*|\s*```$/g, '')) as { config?: unknown };
      return parsePipelineConfig(value.config ?? value);
    } catch {
      return undefined;
    }
  };
  const quoted = (prompt: string) => {
    const previous = /Previous solution:\n<data-[0-9a-z]+>\n([\s\S]*?)\n<\/data-[0-9a-z]+>/.exec(prompt)?.[1];
    return previous === undefined ? [] : [previous];
  };
  const steps = stepsOf(exchanges, quoted);
  const triedFamilies = new Set<string>();
  const triedComponents = new Set<string>();
  const counts = {
    proposals: 0,
    scored: 0,
    buggy: 0,
    debugAttempts: 0,
    debugFixes: 0,
    improvements: 0,
    paradigmSwitches: 0,
    directed: 0,
    complied: 0,
  };
  for (const [index, step] of steps.entries()) {
    const config = configOf(step.answer);
    if (step.directive !== undefined) counts.directed += 1;
    if (config === undefined) continue;
    counts.proposals += 1;
    // Requests replayed one by one from several points of a run (a probe): each knows only its own parent.
    if (options.independentRequests === true) {
      triedFamilies.clear();
      triedComponents.clear();
    }
    const score = scores.get(index + 1);
    if (score !== undefined) {
      counts.scored += 1;
      if (score === null) counts.buggy += 1;
    }
    const families = familiesOf(config);
    const components = [...componentsOf(config)];
    const parent = step.parents[0] === undefined ? undefined : configOf(step.parents[0]);
    // A run recorded alone (the probe) knows its history only through the parent: it counts as tried.
    if (parent !== undefined) {
      for (const family of familiesOf(parent)) triedFamilies.add(family);
      for (const component of componentsOf(parent)) triedComponents.add(component);
    }
    const switched =
      parent === undefined ? families.some((family) => !triedFamilies.has(family)) : classifyChange(parent, config) === 'family-switch';
    if (step.directive !== undefined && (switched || components.some((component) => !triedComponents.has(component)))) counts.complied += 1;
    if (step.operator === 'improve' && parent !== undefined) {
      counts.improvements += 1;
      if (classifyChange(parent, config) === 'family-switch') counts.paradigmSwitches += 1;
    }
    for (const family of families) triedFamilies.add(family);
    for (const component of components) triedComponents.add(component);
  }
  return { run, requests: exchanges.length, ...counts };
}
