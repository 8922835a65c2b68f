import { createDataDelimiter, type DataDelimiter } from './data-delimiter.js';
import {
  currentHeading,
  promptClosing,
  renderEpisodeSection,
  renderEvidenceSection,
  renderJudgePrompt,
  renderJudgeSystemPrompt,
  renderPromptIntroduction,
  type JudgePromptContent,
  type PromptEpisode,
  type ShortenableField,
} from './judge-prompt.js';
import type { TextTokenCounter } from './token-counter.js';

// Sections are counted without their tags, so their counts do not depend on the nonce and can be remembered.
const untagged: DataDelimiter = { nonce: '', open: '', close: '', quote: (text) => text };
// Covers the real heading's episode numbers ("## Earlier episode 12 of 40") and the join between sections.
const sectionSlack = 12;

/** What the budget did to a prompt; all zero and false when it fitted as it was. */
export interface ContextTrimming {
  readonly droppedCode: number;
  readonly condensed: number;
  readonly omitted: number;
  readonly truncatedCurrent: boolean;
}

/** A prompt content that fits the budget, with a conservative token estimate (null when the bytes alone showed it fits). */
export interface FittedContext {
  readonly content: JudgePromptContent;
  readonly tokens: number | null;
  /** Null when the prompt fitted untouched. */
  readonly trimming: ContextTrimming | null;
}

/** The budget and how to meet it. */
export interface ContextBudgetOptions {
  /** Most prompt tokens (system and user message together). */
  readonly budget: number;
  /** Tokens an earlier episode's plan and summary keep each when condensed. */
  readonly condensedTokens: number;
  /** The call's nonce: its tags are part of the prompt. */
  readonly nonce: string;
  /** The token counter, loaded only when the prompt might not fit. */
  readonly loadCounter: () => Promise<TextTokenCounter>;
}

/**
 * Fits a judge prompt into `budget` tokens the way the paper manages context (Appendix B.2.1), in this order, each
 * step only as far as needed:
 * 1. drop the code of earlier episodes, earliest first, keeping their plans and summaries;
 * 2. condense earlier episodes' plans and summaries, earliest first, to their first `condensedTokens` tokens each
 *    (a deterministic cut, no extra LLM call: plans state their idea first, and the same input always yields the
 *    same prompt, so the verdict cache stays valid);
 * 3. leave out the earliest episodes entirely;
 * 4. cut the current episode's code, then its summary, then its plan, to their beginning.
 * The prompt says what was left out. A prompt whose UTF-8 size is within the budget fits without counting (a
 * token is at least one byte), so small runs never load the encoder. Otherwise sections are counted separately
 * and summed with a small slack per section, so the estimate errs high.
 */
export async function fitJudgeContext(full: JudgePromptContent, options: ContextBudgetOptions): Promise<FittedContext> {
  const { budget, condensedTokens, nonce } = options;
  const rendered = renderJudgePrompt(full, nonce);
  if (Buffer.byteLength(rendered.system) + Buffer.byteLength(rendered.user) <= budget)
    return { content: full, tokens: null, trimming: null };

  const counter = await options.loadCounter();
  const delimiter = createDataDelimiter(nonce);
  const quoteOverhead = counter.count(`${delimiter.open}\n`) + counter.count(`\n${delimiter.close}`);
  const cost = (episode: PromptEpisode, heading: string): number =>
    counter.count(renderEpisodeSection(episode, heading, untagged)) + quoteCount(episode) * quoteOverhead + sectionSlack;
  const evidence =
    full.evidence === undefined ? 0 : counter.count(renderEvidenceSection(full.evidence, untagged)) + quoteOverhead + sectionSlack;
  const fixed =
    counter.count(renderJudgeSystemPrompt(nonce, { decomposed: full.evidence !== undefined })) +
    counter.count(promptClosing) +
    sectionSlack +
    evidence;

  const earlier = [...full.earlier];
  const costs = earlier.map((episode) => cost(episode, 'Earlier episode'));
  let current = full.current;
  let omitted = 0;
  let truncatedCurrent = false;
  const view = (): JudgePromptContent => ({
    current,
    earlier,
    omitted,
    ...(full.evidence === undefined ? {} : { evidence: full.evidence }),
  });
  const total = (): number =>
    fixed + counter.count(renderPromptIntroduction(view())) + costs.reduce((sum, value) => sum + value, 0) + cost(current, currentHeading);
  const replace = (index: number, episode: PromptEpisode): void => {
    earlier[index] = episode;
    costs[index] = cost(episode, 'Earlier episode');
  };

  for (let index = 0; index < earlier.length && total() > budget; index += 1) {
    const episode = earlier[index]!;
    if (episode.code === null) continue;
    replace(index, { ...episode, code: null });
  }
  for (let index = 0; index < earlier.length && total() > budget; index += 1) {
    const condensed = shorten(earlier[index]!, ['plan', 'summary'], condensedTokens, counter);
    // A text barely over the limit can grow by the note saying it was shortened; keep it whole then.
    if (condensed === earlier[index] || cost(condensed, 'Earlier episode') >= costs[index]!) continue;
    replace(index, condensed);
  }
  while (earlier.length > 0 && total() > budget) {
    earlier.shift();
    costs.shift();
    omitted += 1;
  }
  for (const field of ['code', 'summary', 'plan'] as const) {
    // Repeated, because the note saying the field was shortened costs a few tokens of its own.
    for (let excess = total() - budget; excess > 0; excess = total() - budget) {
      const text = current[field];
      if (text === null || text === '') break;
      const shortened = shorten(current, [field], Math.max(0, counter.count(text) - excess), counter);
      if (shortened === current) break;
      current = shortened;
      truncatedCurrent = true;
    }
  }
  // Counted once more after the last step; a system prompt alone over the budget is sent as it is.
  const tokens = total();
  // The step counters describe the final prompt: episodes left out no longer count as dropped or condensed.
  const droppedCode = earlier.filter((episode) => episode.code === null).length;
  const condensed = earlier.filter((episode) => episode.shortened.length > 0).length;
  const untouched = droppedCode === 0 && condensed === 0 && omitted === 0 && !truncatedCurrent;
  return { content: view(), tokens, trimming: untouched ? null : { droppedCode, condensed, omitted, truncatedCurrent } };
}

/** How many quoted texts an episode's section holds. */
function quoteCount(episode: PromptEpisode): number {
  return (
    1 +
    (episode.code === null ? 0 : 1) +
    (episode.summary === null ? 0 : 1) +
    (episode.flags.length > 0 ? 1 : 0) +
    (episode.metadata.length > 0 ? 1 : 0)
  );
}

/** `episode` with each of `fields` cut to `maxTokens` tokens; the same object when nothing was cut. */
function shorten(episode: PromptEpisode, fields: readonly ShortenableField[], maxTokens: number, counter: TextTokenCounter): PromptEpisode {
  let result = episode;
  for (const field of fields) {
    const text = result[field];
    if (text === null) continue;
    const cut = counter.truncate(text, maxTokens);
    if (cut === text) continue;
    const shortened = result.shortened.includes(field) ? result.shortened : [...result.shortened, field];
    result = { ...result, [field]: cut, shortened };
  }
  return result;
}
