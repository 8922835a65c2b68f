import { IdentifierTable } from './identifier-table.js';
import { planStopWords } from './plan-stop-words.js';
import { splitIdentifier } from './split-identifier.js';
import { hashString } from '../text/string-hash.js';

/** Options of `tokenizePlan` and `scanPlanTerms`. */
export interface PlanTokenizerOptions {
  /** Longest word n-gram formed within a sentence; 1 gives words only. Default 2. */
  readonly maxNgram?: number;
}

/** Receives each token of `scanPlanTerms`: its `planTermHash`, and its text when text was asked for (else ''). */
export type PlanTermSink = (hash: number, text: string) => void;

/** What one compound word (`torch.optim.AdamW`, `cross-validation`, `LightGBM`) contributes to a plan. */
interface CompoundEntry {
  /** Tokens counted as they are: the compound, its segments and their words. */
  readonly tokens: readonly string[];
  readonly tokenHashes: Int32Array;
  /** Words that take part in n-grams, in order. */
  readonly words: readonly string[];
  readonly wordHashes: Int32Array;
}

const numericWord = /^\d+(?:[eE]|(?:x\d+)+)?$/;
const fnvPrime = 0x01000193;
// Compounds repeat across a run's plans; memoised like the code tokenizer's identifiers.
const compoundTable = new IdentifierTable<CompoundEntry>(16);
const secondOffsetBasis = 0x6c8e9cf5 | 0;
const secondPrime = 0x2c1b3c6d;
// Set by `compoundEnd`: the compound's two hashes as written.
let compoundFirstHash = 0;
let compoundSecondHash = 0;
let sentenceHashes: Int32Array = new Int32Array(256);
const sentenceWords: string[] = [];

/**
 * The words and word n-grams of a plan, lower-cased: compounds and identifiers whole and as parts
 * (`torch.optim.AdamW` → `torch`, `optim`, `adamw`, `adam`, `torch.optim.adamw`), plurals folded, numbers
 * and stop words dropped, then n-grams of the remaining words of each sentence (`gradient boosting`).
 */
export function tokenizePlan(plan: string, options: PlanTokenizerOptions = {}): string[] {
  const tokens: string[] = [];
  scanPlanTerms(plan, options, (_hash, text) => tokens.push(text), true);
  return tokens;
}

/**
 * `tokenizePlan` for the embedder's hot path: hands each token's `planTermHash` to `sink`, with its text
 * only when `withText` is set (n-gram texts are then joined; otherwise no string is built).
 */
export function scanPlanTerms(plan: string, options: PlanTokenizerOptions, sink: PlanTermSink, withText = false): void {
  const maxNgram = options.maxNgram ?? 2;
  const length = plan.length;
  let sentenceLength = 0;
  let index = 0;
  while (index < length) {
    const character = plan.charCodeAt(index);
    if (isWordCharacter(character)) {
      const end = compoundEnd(plan, index);
      let entry = compoundTable.get(compoundFirstHash, compoundSecondHash, end - index);
      if (entry === undefined) {
        entry = compoundEntry(plan.slice(index, end));
        compoundTable.set(compoundFirstHash, compoundSecondHash, end - index, entry);
      }
      for (let token = 0; token < entry.tokens.length; token += 1) sink(entry.tokenHashes[token]!, withText ? entry.tokens[token]! : '');
      for (let word = 0; word < entry.words.length; word += 1) {
        if (sentenceLength === sentenceHashes.length) sentenceHashes = growInt32(sentenceHashes);
        sentenceHashes[sentenceLength] = entry.wordHashes[word]!;
        if (withText) sentenceWords[sentenceLength] = entry.words[word]!;
        sentenceLength += 1;
      }
      index = end;
      continue;
    }
    if (character === 10 || (isSentenceEnd(character) && isSpaceOrEnd(plan, index + 1))) {
      emitNgrams(sentenceLength, maxNgram, sink, withText);
      sentenceLength = 0;
    }
    index += 1;
  }
  emitNgrams(sentenceLength, maxNgram, sink, withText);
}

/**
 * The hash `scanPlanTerms` gives a plan token: `hashString` of a single word or compound; an n-gram
 * (words joined by spaces) hashes as its words' hashes chained, so n-grams never need their text.
 */
export function planTermHash(token: string): number {
  const words = token.split(' ');
  let hash = hashString(words[0] ?? '') | 0;
  for (let index = 1; index < words.length; index += 1) hash = extendNgramHash(hash, hashString(words[index] ?? '') | 0);
  return hash;
}

function extendNgramHash(hash: number, next: number): number {
  return Math.imul(Math.imul(hash ^ 32, fnvPrime) ^ next, fnvPrime);
}

function emitNgrams(sentenceLength: number, maxNgram: number, sink: PlanTermSink, withText: boolean): void {
  for (let size = 2; size <= maxNgram; size += 1) {
    for (let start = 0; start + size <= sentenceLength; start += 1) {
      let hash = sentenceHashes[start]!;
      for (let offset = 1; offset < size; offset += 1) hash = extendNgramHash(hash, sentenceHashes[start + offset]!);
      sink(hash, withText ? sentenceWords.slice(start, start + size).join(' ') : '');
    }
  }
}

function compoundEntry(compound: string): CompoundEntry {
  const tokens: string[] = [];
  const words: string[] = [];
  const kept: string[] = [];
  for (const segment of compound.split(/[.\-\u2010\u2011]/)) {
    if (numericWord.test(segment)) continue;
    kept.push(segment);
    addSegment(segment, tokens, words);
  }
  if (kept.length > 1) {
    const whole = kept.join(compound.includes('.') ? '.' : '-').toLowerCase();
    if (!planStopWords.has(whole)) tokens.push(whole);
  }
  const hashes = (texts: readonly string[]): Int32Array => Int32Array.from(texts, (text) => hashString(text) | 0);
  return { tokens, tokenHashes: hashes(tokens), words, wordHashes: hashes(words) };
}

function addSegment(segment: string, tokens: string[], words: string[]): void {
  const parts = splitIdentifier(segment);
  const whole = segment.toLowerCase();
  // `LightGBM` stays one word in n-grams (`train lightgbm`); `learning_rate` reads as `learning rate`.
  const wholeWord = parts.length > 1 && !segment.includes('_') && !planStopWords.has(whole);
  if (parts.length > 1 && !planStopWords.has(whole)) tokens.push(whole);
  if (wholeWord) words.push(whole);
  for (const part of parts) {
    if (part.length < 2 || planStopWords.has(part) || numericWord.test(part)) continue;
    const word = foldPlural(part);
    tokens.push(word);
    if (!wholeWord) words.push(word);
  }
}

/** A light plural fold (`losses` → `loss`, `strategies` → `strategy`, `models` → `model`); no full stemming. */
function foldPlural(word: string): string {
  const length = word.length;
  if (length <= 3 || word.charCodeAt(length - 1) !== 115) return word;
  if (word.endsWith('ies') && length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return word;
  return word.slice(0, -1);
}

/** End of the compound at `start`: word characters joined by `.` or a hyphen that a word character follows. */
function compoundEnd(plan: string, start: number): number {
  let first = 0x811c9dc5 | 0;
  let second = secondOffsetBasis;
  let index = start;
  for (;;) {
    for (; index < plan.length; index += 1) {
      const character = plan.charCodeAt(index);
      if (!isWordCharacter(character)) break;
      first = Math.imul(first ^ character, fnvPrime);
      second = Math.imul(second ^ character, secondPrime);
    }
    const joiner = plan.charCodeAt(index);
    const isJoiner = joiner === 46 || joiner === 45 || joiner === 0x2010 || joiner === 0x2011;
    if (!isJoiner || index + 1 >= plan.length || !isWordCharacter(plan.charCodeAt(index + 1))) break;
    first = Math.imul(first ^ joiner, fnvPrime);
    second = Math.imul(second ^ joiner, secondPrime);
    index += 1;
  }
  compoundFirstHash = first;
  compoundSecondHash = second;
  return index;
}

function isWordCharacter(character: number): boolean {
  return (
    (character >= 97 && character <= 122) ||
    (character >= 65 && character <= 90) ||
    (character >= 48 && character <= 57) ||
    character === 95
  );
}

/** `.`, `!`, `?`, `;` or `:`. */
function isSentenceEnd(character: number): boolean {
  return character === 46 || character === 33 || character === 63 || character === 59 || character === 58;
}

function isSpaceOrEnd(plan: string, index: number): boolean {
  if (index >= plan.length) return true;
  const character = plan.charCodeAt(index);
  return character === 32 || character === 10 || character === 9 || character === 13;
}

function growInt32(array: Int32Array): Int32Array {
  const grown = new Int32Array(array.length * 2);
  grown.set(array);
  return grown;
}
