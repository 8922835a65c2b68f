import { randomBytes } from 'node:crypto';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';

const noncePattern = /^[0-9a-z]{8,64}$/;

/**
 * Quotes untrusted text (an agent's plans, code, summaries) inside a judge prompt between `<data-NONCE>` and
 * `</data-NONCE>` lines, NONCE being fresh for every judge call. The text cannot close its quote or open a new
 * one: every `<` that starts a `data-` tag (any case, any spacing, with or without `/`) becomes `‹`, and every
 * occurrence of the nonce becomes `[nonce]`. Guessing the nonce would not help, and it is unknowable anyway.
 */
export interface DataDelimiter {
  readonly nonce: string;
  /** The opening tag, `<data-NONCE>`. */
  readonly open: string;
  /** The closing tag, `</data-NONCE>`. */
  readonly close: string;
  /** `text` neutralised and wrapped in the tags, each on its own line. */
  quote(text: string): string;
}

/** A fresh nonce: 16 hex digits (64 bits) from the operating system's random source. */
export function createNonce(): string {
  return randomBytes(8).toString('hex');
}

/** The delimiter for `nonce` (8-64 lower-case letters and digits; throws `InvalidArgumentError` otherwise). */
export function createDataDelimiter(nonce: string): DataDelimiter {
  if (typeof nonce !== 'string' || !noncePattern.test(nonce)) {
    throw new InvalidArgumentError({
      argument: 'nonce',
      reason: `expected 8-64 lower-case letters and digits, got ${JSON.stringify(nonce)}`,
    });
  }
  const open = `<data-${nonce}>`;
  const close = `</data-${nonce}>`;
  return { nonce, open, close, quote: (text) => `${open}\n${neutraliseDelimiters(text, nonce)}\n${close}` };
}

/** `text` with every would-be `data-` tag opener and every occurrence of `nonce` (any case) defused. */
export function neutraliseDelimiters(text: string, nonce: string): string {
  // Lower-case letters and digits only (checked above), so the nonce needs no regex escaping.
  return text.replace(/<(?=\s*\/?\s*data-)/gi, '‹').replace(new RegExp(nonce, 'gi'), '[nonce]');
}
