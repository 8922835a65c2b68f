import { CodeScanner, type CodeTermSink } from './code-scanner.js';
import { detectCodeLanguage, type CodeLanguage } from '../text/code-language.js';

/** Options of `tokenizeCode` and `scanCodeTerms`. */
export interface CodeTokenizerOptions {
  /** Syntax of comments and strings; `auto` (the default) guesses it with `detectCodeLanguage`. */
  readonly language?: CodeLanguage | 'auto';
  /** Keep string literals that look like names (`"roberta-base"`, `"ag_news"`) as tokens; default false. */
  readonly keepNameStrings?: boolean;
}

/** Receives each token of `scanCodeTerms` (declared where the scanner consumes it). */
export type { CodeTermSink } from './code-scanner.js';

/**
 * The method-bearing words of `code`, lower-cased: identifiers whole and split into words
 * (`LGBMClassifier` → `lgbmclassifier`, `lgbm`, `classifier`), dotted names whole and as parts
 * (`torch.optim.AdamW` → `torch`, `optim`, `adamw`, `adam`, `torch.optim.adamw`), Python import aliases
 * resolved from their import statement on (`np.zeros` → `numpy.zeros`). Comments, string literals, numeric
 * literals, whitespace, keywords and one-letter names are dropped: they are style, or hyper-parameters that
 * belong to the judge.
 */
export function tokenizeCode(code: string, options: CodeTokenizerOptions = {}): string[] {
  const tokens: string[] = [];
  scanCodeTerms(code, options, (_hash, prefix, start, end) => {
    tokens.push((prefix + code.slice(start, end)).toLowerCase());
  });
  return tokens;
}

/**
 * `tokenizeCode` without building strings: hands each token's hash and position to `sink` in one pass over
 * the characters. This is the embedder's hot path.
 */
export function scanCodeTerms(code: string, options: CodeTokenizerOptions, sink: CodeTermSink): void {
  const language = options.language === undefined || options.language === 'auto' ? detectCodeLanguage(code) : options.language;
  new CodeScanner(code, language === 'python', options.keepNameStrings === true, sink).run();
}
