import { describe, expect, it } from 'vitest';
import { fitJudgeContext } from '../../src/judges/judge-context-budget.js';
import { judgePromptContent, renderJudgePrompt, type JudgePromptContent } from '../../src/judges/judge-prompt.js';
import type { TextTokenCounter } from '../../src/judges/token-counter.js';
import { episode } from './llm-judge-fixtures.js';

/** One token per whitespace-separated word: predictable, and no encoder to load. */
const wordCounter: TextTokenCounter = {
  count: (text) => text.split(/\s+/).filter((word) => word !== '').length,
  truncate: (text, maxTokens) =>
    text
      .split(/\s+/)
      .filter((word) => word !== '')
      .slice(0, maxTokens)
      .join(' '),
};

const words = (count: number, tag: string): string => Array.from({ length: count }, (_, index) => `${tag}${index}`).join(' ');

/** Episode `index` with a plan of `plan` words, code of `code` words and a summary of `summary` words. */
const sized = (index: number, plan = 20, code = 200, summary = 10) =>
  episode(index, { plan: words(plan, `p${index}_`), code: words(code, `c${index}_`), summary: words(summary, `s${index}_`) });

function content(count: number, size: (index: number) => ReturnType<typeof sized> = (index) => sized(index)): JudgePromptContent {
  return judgePromptContent({ runId: 'r', episode: size(count), earlier: Array.from({ length: count }, (_, index) => size(index)) });
}

async function fit(full: JudgePromptContent, budget: number, condensedTokens = 5) {
  let loads = 0;
  const fitted = await fitJudgeContext(full, {
    budget,
    condensedTokens,
    nonce: 'abcdef0123456789',
    loadCounter: async () => ((loads += 1), wordCounter),
  });
  const prompt = renderJudgePrompt(fitted.content, 'abcdef0123456789');
  return { ...fitted, loads, words: wordCounter.count(prompt.system) + wordCounter.count(prompt.user) };
}

describe('fitJudgeContext', () => {
  it('leaves a prompt whose bytes fit untouched, without loading the counter', async () => {
    const full = content(3);
    const result = await fit(full, 100_000);
    expect(result).toMatchObject({ content: full, trimming: null, tokens: null, loads: 0 });
  });

  it('drops code earliest first, only as far as needed', async () => {
    const full = content(6);
    const untrimmed = await fit(full, 1_000_000);
    const result = await fit(full, untrimmed.words - 450);
    const dropped = result.content.earlier.map((shown) => shown.code === null);
    const count = dropped.filter(Boolean).length;
    // Each dropped code saves about 40 words, so 450 words cost a few, earliest first, and no more.
    expect(count).toBeGreaterThanOrEqual(3);
    expect(count).toBeLessThan(6);
    expect(dropped).toEqual(dropped.map((_, index) => index < count));
    expect(result.trimming).toEqual({ droppedCode: count, condensed: 0, omitted: 0, truncatedCurrent: false });
    expect(result.words).toBeLessThanOrEqual(untrimmed.words - 450);
    expect(result.tokens).toBeGreaterThanOrEqual(result.words);
  });

  it('then condenses plans and summaries earliest first, then omits the earliest episodes', async () => {
    const full = content(6, (index) => sized(index, 100, 50, 100));
    const base = await fit(full, 1_000_000);
    const condensed = await fit(full, base.words - 6 * 50 - 400);
    expect(condensed.trimming).toMatchObject({ droppedCode: 6, omitted: 0 });
    const shortened = condensed.content.earlier.map((shown) => shown.shortened.length > 0);
    const count = shortened.filter(Boolean).length;
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(6);
    expect(shortened).toEqual(shortened.map((_, index) => index < count));
    expect(condensed.words).toBeLessThanOrEqual(base.words - 6 * 50 - 400);
    expect(condensed.content.earlier[0]?.plan).toBe(words(5, 'p0_'));
    expect(condensed.content.earlier[0]?.shortened).toEqual(['plan', 'summary']);

    const omitted = await fit(full, base.words - 6 * 50 - 6 * 190 - 100);
    expect(omitted.trimming?.omitted).toBeGreaterThan(0);
    expect(omitted.content.omitted).toBe(omitted.trimming?.omitted);
    expect(omitted.content.earlier.every((shown) => shown.code === null && shown.shortened.length > 0)).toBe(true);
    expect(omitted.words).toBeLessThanOrEqual(base.words - 6 * 50 - 6 * 190 - 100);
  });

  it('cuts the current episode last, code first', async () => {
    const full = content(0, (index) => sized(index, 50, 3_000, 50));
    const result = await fit(full, 2_200);
    expect(result.trimming).toMatchObject({ truncatedCurrent: true, omitted: 0 });
    expect(result.content.current.shortened).toEqual(['code']);
    expect(result.content.current.plan).toBe(full.current.plan);
    expect(result.words).toBeLessThanOrEqual(2_200);
  });
});

describe('fitJudgeContext on a prompt whose bytes exceed the budget but whose tokens fit', () => {
  it('counts, trims nothing, and reports no trimming', async () => {
    const full = content(2);
    const bytes = (await fit(full, 1_000_000)).words;
    const result = await fit(full, bytes + 200);
    expect(result.loads).toBe(1);
    expect(result.trimming).toBeNull();
    expect(result.content).toEqual(full);
    expect(result.tokens).toBeGreaterThan(0);
  });
});
