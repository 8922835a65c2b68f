import { detectCodeLanguage } from '../text/code-language.js';
import { finishHashLanes, hashLaneBases, hashLanePrimes, hashString53, stepHashLane } from '../text/string-hash.js';
import { codesToString } from '../text/codes-to-string.js';

// Every run of digits, also inside names (`fc3`, `resnet18`) and strings (`"run_3"`): a depth, width or seed.
const digitRun = /\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|\.\d+/g;

/** The mask digit runs are replaced with. */
export const numberMask = '§';

/** A program's logical lines, as written and with numbers masked. */
export interface CodeLines {
  /** Comments and blank lines dropped, bracketed statements joined, layout spaces and trailing commas dropped. */
  readonly lines: readonly string[];
  /** The same lines, index for index, with every run of digits replaced by `numberMask`. */
  readonly masked: readonly string[];
}

/** `CodeLines` with each line's `hashString53`, so the judge's profile need not read the lines again to hash them. */
export interface HashedCodeLines extends CodeLines {
  /** `hashString53` of `lines[i]` and of `masked[i]`. */
  readonly lineHashes: Float64Array;
  readonly maskedHashes: Float64Array;
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
  const { lines, masked } = hashedCodeLines(code);
  return { lines, masked };
}

/**
 * `codeLines` with the lines' hashes, made in the same pass over the code: the scan hashes each line as it writes it,
 * and only a line with a digit is masked (and its masked form hashed) afterwards.
 */
export function hashedCodeLines(code: string): HashedCodeLines {
  // The scan writes at most the code's length and one newline after the last line.
  if (buffer.length <= code.length) buffer = new Uint16Array(2 * code.length + 1);
  const folder = new LineFolder(buffer);
  logicalCodes(code, detectCodeLanguage(code) === 'python', folder);
  const count = folder.finish();
  const text = codesToString(buffer, folder.written);
  const lines: string[] = new Array<string>(count);
  const masked: string[] = new Array<string>(count);
  const lineHashes = new Float64Array(count);
  const maskedHashes = new Float64Array(count);
  const { starts, ends, hashes, digits } = folder;
  for (let index = 0; index < count; index += 1) {
    const line = text.slice(starts[index], ends[index]);
    lines[index] = line;
    lineHashes[index] = hashes[index]!;
    // Most lines hold no digit and are their own masked line, with no copy made.
    if (digits[index] === 0) {
      masked[index] = line;
      maskedHashes[index] = hashes[index]!;
    } else {
      const maskedLine = line.replace(digitRun, numberMask);
      masked[index] = maskedLine;
      maskedHashes[index] = hashString53(maskedLine);
    }
  }
  return { lines, masked, lineHashes, maskedHashes };
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

// A scratch buffer of character codes, reused by every call (the judge profiles one program at a time).
let buffer = new Uint16Array(1 << 14);

/**
 * Hands `folder` the character codes of `code` without comments, with each logical line on one physical line:
 * newlines inside brackets, inside strings and after a backslash become spaces.
 */
function logicalCodes(code: string, python: boolean, folder: LineFolder): void {
  const special = python ? pythonSpecial : cFamilySpecial;
  let depth = 0;
  for (let index = 0; index < code.length; index += 1) {
    const character = code.charCodeAt(index);
    if (character >= 128 || special[character] === 0) {
      folder.push(character);
    } else if (character === 40 || character === 91 || character === 123 /* ( [ { */) {
      depth += 1;
      folder.push(character);
    } else if (character === 41 || character === 93 || character === 125 /* ) ] } */) {
      if (depth > 0) depth -= 1;
      folder.push(character);
    } else if (character === 10) {
      // Inside brackets the statement goes on; outside, the line ends and the bracket count starts afresh.
      folder.push(depth > 0 ? 32 : 10);
    } else if (character === 92 /* \ */) {
      // A backslash continuation joins the next line; elsewhere (outside strings) a backslash is rare and kept.
      if (code.charCodeAt(index + 1) === 10) {
        folder.push(32);
        index += 1;
      } else {
        folder.push(character);
      }
    } else if (character === 47 /* / */ && code.charCodeAt(index + 1) !== 47 && code.charCodeAt(index + 1) !== 42) {
      // Division, not a comment.
      folder.push(character);
    } else if (character === 35 /* # */ || character === 47) {
      // A comment: skipped; a line comment's newline is read next.
      index = (character === 47 && code.charCodeAt(index + 1) === 42 ? blockCommentEnd(code, index) : lineEnd(code, index)) - 1;
    } else {
      const end = stringEnd(code, index, python);
      for (; index < end; index += 1) {
        const inside = code.charCodeAt(index);
        folder.push(inside === 10 ? 32 : inside);
      }
      index = end - 1;
    }
  }
}

const isWordCode = (code: number): boolean =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code > 127;
const isSpaceCode = (code: number): boolean => code === 32 || code === 9 || code === 13 || code === 11 || code === 12;
const isClosingCode = (code: number): boolean => code === 41 || code === 93 || code === 125;

/**
 * Drops layout from the logical codes it is pushed, one at a time, and cuts what is left into lines at each newline,
 * hashing each line (`hashString53`'s two lanes) as it writes it: a run of spaces survives, as one space, only
 * between two word characters (`return x`), so `epoch+1` and `epoch + 1` compare equal; a comma before a closing
 * bracket (a trailing comma) goes too. A space run or a comma is held until the next code shows whether it stays.
 * Hand-written over a buffer of character codes in one pass, because the judge profiles every new episode's program:
 * folding in a second pass and hashing the lines in a third took 0.109 ms per synthetic program against 0.085 (one
 * process), and the slice-and-join version before that was slower still.
 */
class LineFolder {
  readonly #out: Uint16Array;
  /** How many codes were written to the buffer. */
  written = 0;
  /** Per non-empty line: where it starts and ends in the buffer, its `hashString53`, and 1 when it has a digit. */
  starts: number[] = [];
  ends: number[] = [];
  hashes: number[] = [];
  digits: number[] = [];
  #previous = -1;
  #inSpaces = false;
  #spaceAfterWord = false;
  #pendingComma = false;
  #lineStart = 0;
  #first: number = hashLaneBases.first;
  #second: number = hashLaneBases.second;
  #hasDigit = 0;

  constructor(out: Uint16Array) {
    this.#out = out;
  }

  /** The next logical code. */
  push(code: number): void {
    if (isSpaceCode(code)) {
      if (!this.#inSpaces) {
        this.#inSpaces = true;
        this.#spaceAfterWord = isWordCode(this.#previous);
      }
      this.#previous = code;
      return;
    }
    if (this.#pendingComma) {
      this.#pendingComma = false;
      if (!isClosingCode(code)) this.#write(44);
    }
    if (this.#inSpaces) {
      this.#inSpaces = false;
      if (this.#spaceAfterWord && isWordCode(code)) this.#write(32);
    }
    this.#previous = code;
    if (code === 44) this.#pendingComma = true;
    else if (code === 10) this.#endLine();
    else this.#write(code);
  }

  /** Writes what is held at the end of the text and ends the last line; returns the number of lines. */
  finish(): number {
    if (this.#pendingComma) {
      this.#pendingComma = false;
      this.#write(44);
    }
    this.#endLine();
    return this.starts.length;
  }

  #write(code: number): void {
    this.#out[this.written++] = code;
    this.#first = stepHashLane(this.#first, code, hashLanePrimes.first);
    this.#second = stepHashLane(this.#second, code, hashLanePrimes.second);
    if (code >= 48 && code <= 57) this.#hasDigit = 1;
  }

  #endLine(): void {
    if (this.written > this.#lineStart) {
      this.starts.push(this.#lineStart);
      this.ends.push(this.written);
      this.hashes.push(finishHashLanes(this.#first, this.#second));
      this.digits.push(this.#hasDigit);
    }
    // The newline itself is kept in the buffer, as a separator no line includes.
    this.#out[this.written++] = 10;
    this.#lineStart = this.written;
    this.#first = hashLaneBases.first;
    this.#second = hashLaneBases.second;
    this.#hasDigit = 0;
  }
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
