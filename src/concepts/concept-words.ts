import { detachedString } from '../text/detached-string.js';
import { splitIdentifier } from '../embedder/split-identifier.js';

/** Stands between words that must not form one phrase (across a bracket, a line, a sentence end). */
export const phraseBreak = '';

// Words that need splitting repeat across episodes; their parts are memoised (dropped whole past the bound).
const partsCache = new Map<string, readonly string[]>();
const partsCacheLimit = 50_000;

/**
 * The word stream concept matching runs on, lower-cased: each run of letters and digits of `text` as one
 * token when it is a whole-word alias (`LGBMClassifier` → `lgbmclassifier`, `KFold` → `kfold`), else split
 * like an identifier (`BertForSequenceClassification` → `bert`, `for`, `sequence`, `classification`).
 * `_`, `-`, `.` and spaces separate words within a phrase; `phraseBreak` marks a newline, a bracket, a
 * comma, `;`, `:`, `=`, a quote or a sentence end, across which no phrase matches. Matching whole tokens is
 * what makes matching word-boundary aware: `svm` does not match inside `svmlight`.
 */
export function conceptWords(text: string, wholeWords: ReadonlySet<string>): string[] {
  const words: string[] = [];
  const length = text.length;
  let index = 0;
  while (index < length) {
    const character = text.charCodeAt(index);
    if (isAlphanumeric(character)) {
      let end = index + 1;
      let plain = character >= 97 && character <= 122;
      for (; end < length; end += 1) {
        const next = text.charCodeAt(end);
        if (!isAlphanumeric(next)) break;
        if (next < 97 || next > 122) plain = false;
      }
      const word = text.slice(index, end);
      // A plain lower-case word splits into itself: the common case, with no look-up.
      if (plain) words.push(word);
      else for (const part of wordParts(word, wholeWords)) words.push(part);
      index = end;
      continue;
    }
    if (isBreak(character) || (character === 46 && isSpace(text.charCodeAt(index + 1)))) {
      if (words.length > 0 && words[words.length - 1] !== phraseBreak) words.push(phraseBreak);
    }
    index += 1;
  }
  return words;
}

function wordParts(word: string, wholeWords: ReadonlySet<string>): readonly string[] {
  const lower = word.toLowerCase();
  if (wholeWords.has(lower)) return [lower];
  let parts = partsCache.get(word);
  if (parts === undefined) {
    if (partsCache.size >= partsCacheLimit) partsCache.clear();
    // Keyed and split from a copy: a word cut from a text would keep the whole text alive in the memo.
    const ownWord = detachedString(word);
    parts = splitIdentifier(ownWord);
    partsCache.set(ownWord, parts);
  }
  return parts;
}

function isAlphanumeric(character: number): boolean {
  return (character >= 97 && character <= 122) || (character >= 65 && character <= 90) || (character >= 48 && character <= 57);
}

/** Newline, `(`, `)`, `,`, `;`, `:`, `=`, `[`, `]`, `{`, `}`, quotes and backtick. */
function isBreak(character: number): boolean {
  return (
    character === 10 ||
    character === 40 ||
    character === 41 ||
    character === 44 ||
    character === 59 ||
    character === 58 ||
    character === 61 ||
    character === 91 ||
    character === 93 ||
    character === 123 ||
    character === 125 ||
    character === 34 ||
    character === 39 ||
    character === 96
  );
}

function isSpace(character: number): boolean {
  return character === 32 || character === 10 || character === 9 || character === 13 || Number.isNaN(character);
}
