import { characterFlags, digitFlag } from './character-flags.js';
import { splitIdentifier } from './split-identifier.js';
import { hashString } from '../text/string-hash.js';

// Keywords and ubiquitous builtins say how code is written, not what it does.
const ignoredWords = new Set(
  (
    'and as assert async await break class continue def del elif else except finally for from global if import in ' +
    'is lambda nonlocal not or pass raise return try while with yield none true false self cls print len range ' +
    'int float str bool list dict tuple set enumerate zip isinstance super object const let var function new ' +
    'typeof instanceof of void delete catch throw extends export default this null undefined static public ' +
    'private protected interface type enum implements package do switch case'
  ).split(' '),
);
const fnvOffsetBasis = 0x811c9dc5 | 0;
const fnvPrime = 0x01000193;
const secondOffsetBasis = 0x6c8e9cf5 | 0;
const secondPrime = 0x2c1b3c6d;

/** The tokens one identifier contributes to code. */
export interface IdentifierTokens {
  /** `hashString` of the lower-cased identifier (what a dotted name chains), as an int32. */
  readonly hash: number;
  /** Hash, start and end (relative to the identifier) of each token; empty for keywords and one-letter names. */
  readonly tokens: Int32Array;
}

/**
 * The tokens of one identifier: itself lower-cased, then, when it has several words, each word of two or
 * more letters that is not a number or a keyword (`LGBMClassifier` → `lgbmclassifier`, `lgbm`, `classifier`).
 */
export function identifierTokens(identifier: string): IdentifierTokens {
  const whole = identifier.toLowerCase();
  const hash = hashString(whole) | 0;
  if (whole.length < 2 || ignoredWords.has(whole)) return { hash, tokens: new Int32Array(0) };
  const tokens = [hash, 0, identifier.length];
  let from = 0;
  const parts = splitIdentifier(identifier);
  if (!(parts.length === 1 && parts[0] === whole)) {
    for (const part of parts) {
      // Words appear in order, so searching on from the previous one finds each at its own position.
      const at = whole.indexOf(part, from);
      from = at + part.length;
      if (part.length >= 2 && (characterFlags[part.charCodeAt(0)]! & digitFlag) === 0 && !ignoredWords.has(part))
        tokens.push(hashString(part) | 0, at, from);
    }
  }
  return { hash, tokens: Int32Array.from(tokens) };
}

/** An identifier's two hashes (FNV-1a and a second multiplier) and length: recognises it without slicing. */
export interface IdentifierKey {
  readonly first: number;
  readonly second: number;
  readonly length: number;
}

/** Starts the two hashes of `IdentifierKey`. */
export const identifierHashBases = { first: fnvOffsetBasis, second: secondOffsetBasis } as const;

/** Advances the first hash of `IdentifierKey` by one character. */
export function stepFirstHash(hash: number, character: number): number {
  return Math.imul(hash ^ character, fnvPrime);
}

/** Advances the second hash of `IdentifierKey` by one character. */
export function stepSecondHash(hash: number, character: number): number {
  return Math.imul(hash ^ character, secondPrime);
}

/** The `IdentifierKey` of `identifier` as written. */
export function identifierKey(identifier: string): IdentifierKey {
  let first = fnvOffsetBasis;
  let second = secondOffsetBasis;
  for (let index = 0; index < identifier.length; index += 1) {
    first = stepFirstHash(first, identifier.charCodeAt(index));
    second = stepSecondHash(second, identifier.charCodeAt(index));
  }
  return { first, second, length: identifier.length };
}

/**
 * The hash the code tokenizer gives a token: `hashString` of it as an int32, except that a dotted name
 * hashes as its identifiers' hashes chained (`torch.optim` → `extendDottedHash(hash(torch), hash(optim))`), so
 * the scanner never re-reads a name's characters.
 */
export function codeTermHash(token: string): number {
  const identifiers = token.split('.');
  let hash = hashString(identifiers[0] ?? '') | 0;
  for (let index = 1; index < identifiers.length; index += 1) hash = extendDottedHash(hash, hashString(identifiers[index] ?? '') | 0);
  return hash;
}

/** The hash of a dotted name `name.next` from the hash of `name` and of `next`. */
export function extendDottedHash(hash: number, next: number): number {
  return Math.imul(Math.imul(hash ^ 46, fnvPrime) ^ next, fnvPrime);
}
