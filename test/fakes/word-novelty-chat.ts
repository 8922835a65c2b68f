import type { FakeChatReply } from './fake-openai-server.js';

/** One episode section of a judge prompt: its heading and the texts quoted as data in it (plan, code, summary). */
interface PromptSection {
  readonly heading: string;
  readonly quoted: readonly string[];
}

/**
 * A stand-in for the judge LLM behind the fake OpenAI server (`startFakeOpenAiServer({ chat: wordNoveltyChat })`):
 * it reads the judge prompt it is sent, as a model would, and answers the rubric JSON from what it finds there.
 * The run's first episode is 2 (Exploratory, by the rubric judge's convention); an exact repeat of an earlier
 * episode's quoted texts is 0 (Routine); otherwise the score is 4 × the share of the current episode's words that
 * no earlier episode used, rounded. Deterministic, and only as good as the prompt: an episode the prompt leaves out
 * or misplaces changes the answer.
 */
export function wordNoveltyChat(body: Record<string, unknown>): FakeChatReply {
  const messages = Array.isArray(body.messages) ? (body.messages as { role?: unknown; content?: unknown }[]) : [];
  const prompt = messages.find((message) => message.role === 'user')?.content;
  const sections = promptSections(typeof prompt === 'string' ? prompt : '');
  const current = sections.find((section) => section.heading.startsWith('Current episode'));
  const earlier = sections.filter((section) => section.heading.startsWith('Earlier episode'));
  if (current === undefined) return verdictText(0, 'No current episode was shown.');
  if (earlier.length === 0) return verdictText(2, 'Exploratory by convention: the first episode of the run.');
  const repeated = earlier.findIndex((section) => sameTexts(section.quoted, current.quoted));
  if (repeated >= 0) return verdictText(0, `Routine: repeats earlier episode ${repeated + 1} exactly.`);
  const known = new Set(earlier.flatMap((section) => words(section.quoted.join('\n'))));
  const own = [...new Set(words(current.quoted.join('\n')))];
  const share = own.length === 0 ? 0 : own.filter((word) => !known.has(word)).length / own.length;
  return verdictText(Math.round(4 * share), `${Math.round(100 * share)} % of the words are new to the run.`);
}

/** The episode sections (`## …` headings) of a judge prompt, each with the texts quoted as data in it. */
function promptSections(prompt: string): PromptSection[] {
  return prompt
    .split(/^## /m)
    .slice(1)
    .map((section) => {
      const heading = section.split('\n', 1)[0] ?? '';
      const quoted = [...section.matchAll(/<data-([0-9a-z]+)>\n([\s\S]*?)\n<\/data-\1>/g)].map((match) => match[2] ?? '');
      return { heading, quoted };
    });
}

function sameTexts(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((text, index) => text === right[index]);
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z][a-z0-9_]*/g) ?? [];
}

const labels = ['Routine', 'Combinational', 'Exploratory', 'C+E Hybrid', 'Transformational'] as const;
const modes = [[], ['combinational'], ['exploratory'], ['combinational', 'exploratory'], ['transformational']] as const;

function verdictText(score: number, rationale: string): string {
  return JSON.stringify({ score, label: labels[score], modes: modes[score], rationale });
}
