import { detectCodeLanguage } from '../embedder/code-language.js';

// Characters where the scanner has work to do; everything between them is copied as one slice. Braces continue a
// statement in Python (a dict literal) but delimit blocks of statements in C-family code, so only Python counts them.
const pythonSpecial = /[\n#"'()[\]{}\\]/g;
const cFamilySpecial = /[\n/"'`()[\]\\]/g;
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

/**
 * The logical lines of `code` as a reader compares two versions of a program: comments and blank lines dropped, a
 * statement spread over several lines by brackets (or a backslash) joined into one, layout spaces (strings included:
 * the lines are comparison keys) and trailing commas dropped; and the same lines with every run of digits masked
 * (also inside names and strings: `lr=0.01`, `fc3`, `"seed_42"`), so two programs that differ only in
 * hyper-parameter values, seeds or the number of a repeated layer have the same masked lines. Python (`#`) or C-family (`//`, `/* *\/`) comments, by
 * `detectCodeLanguage`; Python's `//` is floor division.
 */
export function codeLines(code: string): CodeLines {
  const text = foldLayout(logicalText(code, detectCodeLanguage(code) === 'python'));
  // Masking keeps the line structure, so the two splits stay index for index.
  const all = text.split('\n');
  const allMasked = text.replace(digitRun, numberMask).split('\n');
  const lines: string[] = [];
  const masked: string[] = [];
  all.forEach((line, index) => {
    if (line === '') return;
    lines.push(line);
    masked.push(allMasked[index]!);
  });
  return { lines, masked };
}

/**
 * `code` without comments, with each logical line on one physical line: newlines inside brackets, inside strings
 * and after a backslash become spaces. Copies the text between special characters as slices.
 */
function logicalText(code: string, python: boolean): string {
  const special = python ? pythonSpecial : cFamilySpecial;
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  special.lastIndex = 0;
  for (let match = special.exec(code); match !== null; match = special.exec(code)) {
    const index = match.index;
    const character = code[index]!;
    if (character === '(' || character === '[' || character === '{') {
      depth += 1;
    } else if (character === ')' || character === ']' || character === '}') {
      if (depth > 0) depth -= 1;
    } else if (character === '\n') {
      // Inside brackets the statement goes on; outside, the line ends and the bracket count starts afresh.
      if (depth > 0) {
        parts.push(code.slice(start, index), ' ');
        start = index + 1;
      }
    } else if (character === '\\') {
      // A backslash continuation joins the next line; elsewhere (outside strings) a backslash is rare and kept.
      if (code[index + 1] === '\n') {
        parts.push(code.slice(start, index), ' ');
        start = index + 2;
        special.lastIndex = start;
      }
    } else if (character === '/' && code[index + 1] !== '/' && code[index + 1] !== '*') {
      // Division, not a comment.
    } else if (character === '#' || character === '/') {
      parts.push(code.slice(start, index));
      start = character === '/' && code[index + 1] === '*' ? blockCommentEnd(code, index) : lineEnd(code, index);
      special.lastIndex = start;
    } else {
      const end = stringEnd(code, index, python);
      parts.push(code.slice(start, index), code.slice(index, end).replace(/\n/g, ' '));
      start = end;
      special.lastIndex = start;
    }
  }
  parts.push(code.slice(start));
  return parts.join('');
}

const isWordCode = (code: number): boolean =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code > 127;
const isSpaceCode = (code: number): boolean => code === 32 || code === 9 || code === 13 || code === 11 || code === 12;
const isClosingCode = (code: number): boolean => code === 41 || code === 93 || code === 125;

/**
 * Drops layout in one pass: a run of spaces survives, as one space, only between two word characters (`return x`),
 * so `epoch+1` and `epoch + 1` compare equal; a comma before a closing bracket (a trailing comma) goes too.
 */
function foldLayout(text: string): string {
  const parts: string[] = [];
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (isSpaceCode(code)) {
      let end = index + 1;
      while (end < text.length && isSpaceCode(text.charCodeAt(end))) end += 1;
      parts.push(text.slice(start, index));
      if (index > 0 && end < text.length && isWordCode(text.charCodeAt(index - 1)) && isWordCode(text.charCodeAt(end))) parts.push(' ');
      start = end;
      index = end - 1;
    } else if (code === 44 /* , */) {
      let next = index + 1;
      while (next < text.length && isSpaceCode(text.charCodeAt(next))) next += 1;
      if (next < text.length && isClosingCode(text.charCodeAt(next))) {
        parts.push(text.slice(start, index));
        start = index + 1;
      }
    }
  }
  parts.push(text.slice(start));
  return parts.join('');
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
