import { detectCodeLanguage } from '../embedder/code-language.js';

const isSpace = (code: number): boolean => code === 32 || (code >= 9 && code <= 13) || code === 160;
const isWord = (code: number): boolean =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code > 127;

/**
 * Code with comments removed and whitespace folded, so two programs that differ only in comments, blank lines
 * or indentation compare equal. String and numeric literals are kept: changing them changes the program.
 * Python code (as `detectCodeLanguage` tells) has `#` comments, and `//` stays floor division; C-family code has
 * `//` and `/* *\/` comments. Single, double and triple quotes delimit strings in both.
 */
export function normaliseCode(code: string): string {
  const python = detectCodeLanguage(code) === 'python';
  const parts: string[] = [];
  let lastCharacterIsWord = false;
  let pendingSpace = false;
  const emit = (text: string): void => {
    // One space survives only where it separates two word characters (`return x`, not `x = 1`).
    if (pendingSpace && lastCharacterIsWord && isWord(text.charCodeAt(0))) parts.push(' ');
    pendingSpace = false;
    parts.push(text);
    lastCharacterIsWord = isWord(text.charCodeAt(text.length - 1));
  };
  let index = 0;
  let runStart = -1;
  // Ordinary characters are copied in runs rather than one by one.
  const flushRun = (): void => {
    if (runStart >= 0) emit(code.slice(runStart, index));
    runStart = -1;
  };
  while (index < code.length) {
    const character = code.charCodeAt(index);
    const next = code.charCodeAt(index + 1);
    if ((python && character === 35) /* # */ || (!python && character === 47 /* / */ && next === 47)) {
      flushRun();
      const end = code.indexOf('\n', index);
      index = end === -1 ? code.length : end;
      pendingSpace = true;
    } else if (!python && character === 47 && next === 42 /* * */) {
      flushRun();
      const end = code.indexOf('*/', index + 2);
      index = end === -1 ? code.length : end + 2;
      pendingSpace = true;
    } else if (character === 34 /* " */ || character === 39 /* ' */) {
      flushRun();
      const quote = code[index]!;
      const delimiter = code.startsWith(quote.repeat(3), index) ? quote.repeat(3) : quote;
      let end = index + delimiter.length;
      while (end < code.length && !code.startsWith(delimiter, end)) {
        if (code.charCodeAt(end) === 92 /* \ */) end += 1;
        else if (delimiter.length === 1 && code.charCodeAt(end) === 10) break;
        end += 1;
      }
      end = Math.min(code.length, end + delimiter.length);
      emit(code.slice(index, end));
      index = end;
    } else if (isSpace(character)) {
      flushRun();
      pendingSpace = true;
      index += 1;
    } else {
      if (runStart < 0) runStart = index;
      index += 1;
    }
  }
  flushRun();
  return parts.join('');
}
