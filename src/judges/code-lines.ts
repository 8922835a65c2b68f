import { detectCodeLanguage } from '../embedder/code-language.js';
import { codesToString } from '../text/codes-to-string.js';

// Every run of digits, also inside names (`fc3`, `resnet18`) and strings (`"run_3"`): a depth, width or seed.
const digitRun = /\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|\.\d+/g;
const hasDigit = /\d/;

/** The mask digit runs are replaced with. */
export const numberMask = '§';

/** A program's logical lines, as written and with numbers masked. */
export interface CodeLines {
  /** Comments and blank lines dropped, bracketed statements joined, layout spaces and trailing commas dropped. */
  readonly lines: readonly string[];
  /** The same lines, index for index, with every run of digits replaced by `numberMask`. */
  readonly masked: readonly string[];
}

/**
 * The logical lines of `code` as a reader compares two versions of a program: comments and blank lines dropped, a
 * statement spread over several lines by brackets (or a backslash) joined into one, layout spaces (strings included:
 * the lines are comparison keys) and trailing commas dropped; and the same lines with every run of digits masked
 * (also inside names and strings: `lr=0.01`, `fc3`, `"seed_42"`), so two programs that differ only in
 * hyper-parameter values, seeds or the number of a repeated layer have the same masked lines. Python (`#`) or C-family (`//`, `/* *\/`) comments, by
 * `detectCodeLanguage`; Python's `//` is floor division.
 */
export function codeLines(code: string): CodeLines {
  const text = foldedLogicalText(code, detectCodeLanguage(code) === 'python');
  const lines: string[] = [];
  const masked: string[] = [];
  // Masked line by line: most lines hold no digit and are their own masked line, with no copy made.
  for (const line of text.split('\n')) {
    if (line === '') continue;
    lines.push(line);
    masked.push(hasDigit.test(line) ? line.replace(digitRun, numberMask) : line);
  }
  return { lines, masked };
}

/** A table of the characters (below 128) where `logicalCodes` has work to do. */
function specialTable(characters: string): Uint8Array {
  const table = new Uint8Array(128);
  for (const character of characters) table[character.charCodeAt(0)] = 1;
  return table;
}

// Braces continue a statement in Python (a dict literal) but delimit blocks of statements in C-family code, so only
// Python counts them.
const pythonSpecial = specialTable('\n#"\'()[]{}\\');
const cFamilySpecial = specialTable('\n/"\'`()[]\\');

// Scratch buffers of character codes, reused by every call (the judge profiles one program at a time).
let logicalBuffer = new Uint16Array(1 << 14);
let foldedBuffer = new Uint16Array(1 << 14);

/**
 * `code` without comments, each logical line on one physical line, layout dropped: `foldLayout` of `logicalCodes`.
 * Hand-written over buffers of character codes, because the judge profiles every new episode's program and the same
 * two steps on strings (slices joined, twice) made `codeLines` take 80 µs per shared program against 57 (one process).
 */
function foldedLogicalText(code: string, python: boolean): string {
  if (logicalBuffer.length < code.length) {
    logicalBuffer = new Uint16Array(2 * code.length);
    foldedBuffer = new Uint16Array(2 * code.length);
  }
  const length = logicalCodes(code, python, logicalBuffer);
  return codesToString(foldedBuffer, foldLayout(logicalBuffer, length, foldedBuffer));
}

/**
 * Writes the character codes of `code` without comments into `out`, with each logical line on one physical line:
 * newlines inside brackets, inside strings and after a backslash become spaces. Returns how many it wrote (never
 * more than `code.length`).
 */
function logicalCodes(code: string, python: boolean, out: Uint16Array): number {
  const special = python ? pythonSpecial : cFamilySpecial;
  let written = 0;
  let depth = 0;
  for (let index = 0; index < code.length; index += 1) {
    const character = code.charCodeAt(index);
    if (character >= 128 || special[character] === 0) {
      out[written++] = character;
    } else if (character === 40 || character === 91 || character === 123 /* ( [ { */) {
      depth += 1;
      out[written++] = character;
    } else if (character === 41 || character === 93 || character === 125 /* ) ] } */) {
      if (depth > 0) depth -= 1;
      out[written++] = character;
    } else if (character === 10) {
      // Inside brackets the statement goes on; outside, the line ends and the bracket count starts afresh.
      out[written++] = depth > 0 ? 32 : 10;
    } else if (character === 92 /* \ */) {
      // A backslash continuation joins the next line; elsewhere (outside strings) a backslash is rare and kept.
      if (code.charCodeAt(index + 1) === 10) {
        out[written++] = 32;
        index += 1;
      } else {
        out[written++] = character;
      }
    } else if (character === 47 /* / */ && code.charCodeAt(index + 1) !== 47 && code.charCodeAt(index + 1) !== 42) {
      // Division, not a comment.
      out[written++] = character;
    } else if (character === 35 /* # */ || character === 47) {
      // A comment: skipped; a line comment's newline is read next.
      index = (character === 47 && code.charCodeAt(index + 1) === 42 ? blockCommentEnd(code, index) : lineEnd(code, index)) - 1;
    } else {
      const end = stringEnd(code, index, python);
      for (; index < end; index += 1) {
        const inside = code.charCodeAt(index);
        out[written++] = inside === 10 ? 32 : inside;
      }
      index = end - 1;
    }
  }
  return written;
}

const isWordCode = (code: number): boolean =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code > 127;
const isSpaceCode = (code: number): boolean => code === 32 || code === 9 || code === 13 || code === 11 || code === 12;
const isClosingCode = (code: number): boolean => code === 41 || code === 93 || code === 125;

/**
 * Drops layout from the first `length` codes of `text` into `out` in one pass: a run of spaces survives, as one space,
 * only between two word characters (`return x`), so `epoch+1` and `epoch + 1` compare equal; a comma before a
 * closing bracket (a trailing comma) goes too. Returns how many codes it wrote.
 */
function foldLayout(text: Uint16Array, length: number, out: Uint16Array): number {
  let written = 0;
  for (let index = 0; index < length; index += 1) {
    const code = text[index]!;
    if (isSpaceCode(code)) {
      let end = index + 1;
      while (end < length && isSpaceCode(text[end]!)) end += 1;
      if (index > 0 && end < length && isWordCode(text[index - 1]!) && isWordCode(text[end]!)) out[written++] = 32;
      index = end - 1;
    } else if (code === 44 /* , */) {
      let next = index + 1;
      while (next < length && isSpaceCode(text[next]!)) next += 1;
      if (next >= length || !isClosingCode(text[next]!)) out[written++] = code;
    } else {
      out[written++] = code;
    }
  }
  return written;
}

function lineEnd(code: string, from: number): number {
  const end = code.indexOf('\n', from);
  return end === -1 ? code.length : end;
}

function blockCommentEnd(code: string, from: number): number {
  const end = code.indexOf('*/', from + 2);
  return end === -1 ? code.length : end + 2;
}

/** Index just past the string literal that opens at `start` (an unterminated one-line string ends at the newline). */
function stringEnd(code: string, start: number, python: boolean): number {
  const quote = code[start]!;
  const delimiter = python && code.startsWith(quote.repeat(3), start) ? quote.repeat(3) : quote;
  const singleLine = delimiter.length === 1 && quote !== '`';
  const newline = singleLine ? code.indexOf('\n', start) : -1;
  let from = start + delimiter.length;
  for (;;) {
    const end = code.indexOf(delimiter, from);
    if (end === -1) return newline === -1 ? code.length : newline;
    if (newline !== -1 && newline < end) return newline;
    if (!isEscaped(code, end)) return end + delimiter.length;
    from = end + 1;
  }
}

/** Whether the character at `index` follows an odd number of backslashes. */
function isEscaped(code: string, index: number): boolean {
  let backslashes = 0;
  while (index - backslashes - 1 >= 0 && code[index - backslashes - 1] === '\\') backslashes += 1;
  return backslashes % 2 === 1;
}
