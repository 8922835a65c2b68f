/** Comment and string syntax: Python's (`#`, triple quotes, `r`/`f`/`b` prefixes) or C's (`//`, `/* … *\/`, backticks). */
export type CodeLanguage = 'python' | 'c-family';

const pythonMarker =
  /^[ \t]*(?:def[ \t]+[A-Za-z_]\w*[ \t]*\(|class[ \t]+[A-Za-z_]\w*[ \t]*[(:]|from[ \t]+[\w.]+[ \t]+import[ \t]|import[ \t]+[\w.]+(?:[ \t]+as[ \t]+\w+)?[ \t]*(?:,|#|\r?$)|if[ \t]+__name__)/m;
const cFamilyMarker = /^[ \t]*(?:\/\/|\/\*)|[;{}][ \t]*\r?$/m;

/**
 * Guesses the comment syntax of `code`: Python when a Python-only statement appears, C-family when `//`,
 * `/*` or lines ending in `;`, `{`, `}` do, else Python (whose `#` comments R, shell and Julia share).
 */
export function detectCodeLanguage(code: string): CodeLanguage {
  // The embedder, the duplicate check and the rubric judge each ask about the same program in turn: remember the last.
  if (code === lastCode) return lastLanguage;
  lastLanguage = pythonMarker.test(code) ? 'python' : cFamilyMarker.test(code) ? 'c-family' : 'python';
  lastCode = code;
  return lastLanguage;
}

let lastCode: string | undefined;
let lastLanguage: CodeLanguage = 'python';
