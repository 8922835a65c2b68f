import { detectCodeLanguage } from './code-language.js';
import { hashCodes53 } from './string-hash.js';
import { codesToString } from './codes-to-string.js';

// Character classes of every UTF-16 code unit, one table per comment syntax: one lookup per character instead of
// the chains of comparisons the scan took before (it ran at about half the speed).
const other = 0;
const word = 1;
const space = 2;
const quote = 3;
const comment = 4;
const slash = 5;

function characterClasses(python: boolean): Uint8Array {
  // Word characters: ASCII letters, digits, `_` and every code unit above 127 but the no-break space.
  const classes = new Uint8Array(65536).fill(word);
  for (let code = 0; code < 128; code += 1) {
    const letterOrDigit = (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
    classes[code] = letterOrDigit ? word : other;
  }
  for (const code of [9, 10, 11, 12, 13, 32, 160]) classes[code] = space;
  classes[34] = quote;
  classes[39] = quote;
  if (python) classes[35] = comment;
  else classes[47] = slash;
  return classes;
}

const pythonClasses = characterClasses(true);
const cFamilyClasses = characterClasses(false);

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
  const classes = detectCodeLanguage(code) === 'python' ? pythonClasses : cFamilyClasses;
  const length = code.length;
  if (buffer.length < length) buffer = new Uint16Array(2 * length);
  // The output is never longer than the code: a space is written only where at least one character was dropped.
  const out = buffer;
  let written = 0;
  // One space survives only where it separates two word characters (`return x`, not `x = 1`).
  let pendingSpace = false;
  let lastCharacterIsWord = false;
  let index = 0;
  while (index < length) {
    const character = code.charCodeAt(index);
    let kind = classes[character]!;
    if (kind === slash) {
      // C-family only: `//` and `/* … */` start comments, any other slash is an operator.
      const next = code.charCodeAt(index + 1);
      if (next === 47) kind = comment;
      else if (next === 42) {
        const end = code.indexOf('*/', index + 2);
        index = end === -1 ? length : end + 2;
        pendingSpace = true;
        continue;
      } else kind = other;
    }
    if (kind <= word) {
      if (pendingSpace && lastCharacterIsWord && kind === word) out[written++] = 32;
      pendingSpace = false;
      out[written++] = character;
      index += 1;
      let lastKind = kind;
      // The rest of the run of visible characters, up to a space, a quote or what may start a comment.
      while (index < length) {
        const inside = code.charCodeAt(index);
        const insideKind = classes[inside]!;
        if (insideKind > word) break;
        out[written++] = inside;
        lastKind = insideKind;
        index += 1;
      }
      lastCharacterIsWord = lastKind === word;
    } else if (kind === space) {
      pendingSpace = true;
      index += 1;
    } else if (kind === comment) {
      const end = code.indexOf('\n', index);
      index = end === -1 ? length : end;
      pendingSpace = true;
    } else {
      // A string, copied whole with its quotes; a backslash escapes the next character, a newline ends a
      // single-quoted one.
      const triple = code.charCodeAt(index + 1) === character && code.charCodeAt(index + 2) === character;
      const width = triple ? 3 : 1;
      let end = index + width;
      while (end < length) {
        const inside = code.charCodeAt(end);
        if (inside === character && (!triple || (code.charCodeAt(end + 1) === character && code.charCodeAt(end + 2) === character))) break;
        if (inside === 92 /* \ */) end += 1;
        else if (!triple && inside === 10) break;
        end += 1;
      }
      end = Math.min(length, end + width);
      // A string starts with a quote, never a word character: no space before it.
      pendingSpace = false;
      for (let at = index; at < end; at += 1) out[written++] = code.charCodeAt(at);
      lastCharacterIsWord = classes[code.charCodeAt(end - 1)] === word;
      index = end;
    }
  }
  return written;
}
