import { createHash } from 'node:crypto';
import type { Tiktoken } from 'js-tiktoken/lite';

const memoLimit = 4096;
// Counting a short text is cheaper than hashing it; long ones are remembered under their hash, not themselves.
const hashAbove = 256;

/** Counts and cuts text in tokens. */
export interface TextTokenCounter {
  /** Tokens in `text`. */
  count(text: string): number;
  /** The longest beginning of `text` with at most `maxTokens` tokens (all of it when it is short enough). */
  truncate(text: string, maxTokens: number): string;
}

/**
 * Counts tokens locally with js-tiktoken's bundled `o200k_base` ranks (GPT-4o/GPT-5's encoding; a close enough
 * proxy for other models' budgets). Never LangChain's `getNumTokens`, which downloads ranks and stalls for minutes
 * offline. Special-token strings such as `<|endoftext|>` in agent text are counted as ordinary text, not rejected.
 * Recent counts are memoised, because a run's earlier episodes are counted again for every later episode.
 */
export class TokenCounter implements TextTokenCounter {
  readonly #encoder: Tiktoken;
  readonly #memo = new Map<string, number>();

  /** Wraps a ready encoder; use `loadTokenCounter()` for the shared one. */
  constructor(encoder: Tiktoken) {
    this.#encoder = encoder;
  }

  /** Tokens in `text`. */
  count(text: string): number {
    const key = text.length > hashAbove ? `#${createHash('sha256').update(text).digest('base64')}` : text;
    const known = this.#memo.get(key);
    if (known !== undefined) {
      // Re-insert, so the map's order is least recently used first.
      this.#memo.delete(key);
      this.#memo.set(key, known);
      return known;
    }
    const count = this.#encode(text).length;
    this.#memo.set(key, count);
    if (this.#memo.size > memoLimit) this.#memo.delete(this.#memo.keys().next().value!);
    return count;
  }

  /** The longest beginning of `text` with at most `maxTokens` tokens. */
  truncate(text: string, maxTokens: number): string {
    if (maxTokens <= 0) return '';
    const tokens = this.#encode(text);
    if (tokens.length <= maxTokens) return text;
    // A cut inside a multi-byte character decodes to U+FFFD; drop the partial character.
    return this.#encoder.decode(tokens.slice(0, maxTokens)).replace(/\uFFFD+$/, '');
  }

  #encode(text: string): number[] {
    return this.#encoder.encode(text, [], []);
  }
}

let shared: Promise<TokenCounter> | null = null;

/**
 * The process-wide `TokenCounter`, built on first use: importing and indexing the ranks takes about a second, so
 * it happens lazily and once. A failed load is forgotten, so a later call tries again.
 */
export function loadTokenCounter(): Promise<TokenCounter> {
  shared ??= (async () => {
    const [{ Tiktoken }, { default: ranks }] = await Promise.all([import('js-tiktoken/lite'), import('js-tiktoken/ranks/o200k_base')]);
    return new TokenCounter(new Tiktoken(ranks));
  })().catch((error: unknown) => {
    shared = null;
    throw error;
  });
  return shared;
}
