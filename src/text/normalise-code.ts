import { detectCodeLanguage } from '../embedder/code-language.js';
import { hashCodes53 } from '../embedder/string-hash.js';
import { codesToString } from './codes-to-string.js';

const isSpace = (code: number): boolean => code === 32 || (code >= 9 && code <= 13) || code === 160;
const isWord = (code: number): boolean =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code > 127;

// A scratch buffer of character codes, reused by every call.
let buffer = new Uint16Array(1 << 14);

/**
 * Code with comments removed and whitespace folded, so two programs that differ only in comments, blank lines
 * or indentation compare equal. String and numeric literals are kept: changing them changes the program.
 * Python code (as `detectCodeLanguage` tells) has `#` comments, and `//` stays floor division; C-family code has
 * `//` and `/* *\/` comments. Single, double and triple quotes delimit strings in both. Hand-written as one pass
 * into a buffer of character codes: the duplicate check runs it on every scored program, and slicing the text into
 * parts and joining them took half as long again (70 against 47 µs per shared program, in one process).
 */
export function normaliseCode(code: string): string {
  // The length first: normalising may replace the buffer with a larger one.
  const length = normaliseIntoBuffer(code);
  return codesToString(buffer, length);
}

/**
 * `hashString53(normaliseCode(code))`, hashed from the scratch buffer without making the string: the duplicate check's
 * fingerprint (two programs share one by chance with probability about 2^-53 per pair).
 */
export function normalisedCodeHash(code: string): number {
  const length = normaliseIntoBuffer(code);
  return hashCodes53(buffer, length);
}

/** Writes `normaliseCode(code)`'s character codes into `buffer` (grown when too small); returns how many. */
function normaliseIntoBuffer(code: string): number {
  const python = detectCodeLanguage(code) === 'python';
  if (buffer.length < code.length) buffer = new Uint16Array(2 * code.length);
  // The output is never longer than the code: a space is written only where at least one character was dropped.
  const out = buffer;
  let written = 0;
  // One space survives only where it separates two word characters (`return x`, not `x = 1`).
  let pendingSpace = false;
  let lastCharacterIsWord = false;
  let inRun = false;
  let index = 0;
  while (index < code.length) {
    const character = code.charCodeAt(index);
    const next = code.charCodeAt(index + 1);
    if ((python && character === 35) /* # */ || (!python && character === 47 /* / */ && next === 47)) {
      if (inRun) lastCharacterIsWord = isWord(out[written - 1]!);
      inRun = false;
      const end = code.indexOf('\n', index);
      index = end === -1 ? code.length : end;
      pendingSpace = true;
    } else if (!python && character === 47 && next === 42 /* * */) {
      if (inRun) lastCharacterIsWord = isWord(out[written - 1]!);
      inRun = false;
      const end = code.indexOf('*/', index + 2);
      index = end === -1 ? code.length : end + 2;
      pendingSpace = true;
    } else if (character === 34 /* " */ || character === 39 /* ' */) {
      if (inRun) lastCharacterIsWord = isWord(out[written - 1]!);
      inRun = false;
      const triple = next === character && code.charCodeAt(index + 2) === character;
      const delimiter = triple ? code.slice(index, index + 3) : code[index]!;
      let end = index + delimiter.length;
      while (end < code.length && !code.startsWith(delimiter, end)) {
        if (code.charCodeAt(end) === 92 /* \ */) end += 1;
        else if (!triple && code.charCodeAt(end) === 10) break;
        end += 1;
      }
      end = Math.min(code.length, end + delimiter.length);
      // A string starts with a quote, never a word character: no space before it.
      pendingSpace = false;
      for (let inside = index; inside < end; inside += 1) out[written++] = code.charCodeAt(inside);
      lastCharacterIsWord = isWord(code.charCodeAt(end - 1));
      index = end;
    } else if (isSpace(character)) {
      if (inRun) lastCharacterIsWord = isWord(out[written - 1]!);
      inRun = false;
      pendingSpace = true;
      index += 1;
    } else {
      if (!inRun) {
        if (pendingSpace && lastCharacterIsWord && isWord(character)) out[written++] = 32;
        pendingSpace = false;
        inRun = true;
      }
      out[written++] = character;
      index += 1;
    }
  }
  return written;
}
