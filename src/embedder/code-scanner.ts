import { asciiBytes } from './ascii-bytes.js';
import { characterFlags, digitFlag, identifierFlag, lowerFlag, upperFlag } from './character-flags.js';
import { IdentifierTable } from './identifier-table.js';
import {
  codeTermHash,
  extendDottedHash,
  identifierHashBases,
  identifierKey,
  identifierTokens,
  stepFirstHash,
  stepSecondHash,
  type IdentifierKey,
  type IdentifierTokens,
} from './identifier-tokens.js';
import { expandAlias, readPythonImportCached, type AliasExpansion } from './python-import-aliases.js';
import { splitIdentifier } from './split-identifier.js';

const nameString = /^[A-Za-z][\w.\-/]{1,63}$/;
// Identifiers repeat within an episode and across a run, so their tokens are memoised.
const identifierTable = new IdentifierTable<IdentifierTokens>(17);
const selfKey = identifierKey('self');
const thisKey = identifierKey('this');
const clsKey = identifierKey('cls');

/**
 * Receives each token of `scanCodeTerms`: `hash` is `codeTermHash(token)` and the token's text is
 * `(prefix + code.slice(start, end)).toLowerCase()`, which only sinks that need it build.
 */
export type CodeTermSink = (hash: number, prefix: string, start: number, end: number) => void;

const importKey = identifierKey('import');
const fromKey = identifierKey('from');

/**
 * One pass over the characters of a code string: skips comments, string literals, numbers and whitespace,
 * resolves Python import aliases from their statement on, and hands `sink` the tokens of every identifier
 * and dotted name (see `tokenizeCode`).
 */
export class CodeScanner {
  readonly #code: string;
  // The code as ASCII bytes (`asciiBytes`): what the scanner reads; `#code` is only sliced.
  readonly #bytes: Uint8Array;
  readonly #length: number;
  readonly #python: boolean;
  readonly #keepNameStrings: boolean;
  readonly #sink: CodeTermSink;
  // Import aliases seen so far, by the first hash of their name, and a 32-bit filter of those hashes that
  // spares most identifiers the map look-up.
  #aliases: Map<number, AliasExpansion> | undefined;
  #aliasFilter = 0;
  // Set by `#readIdentifier`: where the identifier ends and its two hashes as written.
  #end = 0;
  #firstHash = 0;
  #secondHash = 0;

  /** A scanner of `code`; `python` picks Python's comment and string syntax over C's. */
  constructor(code: string, python: boolean, keepNameStrings: boolean, sink: CodeTermSink) {
    this.#code = code;
    this.#bytes = asciiBytes(code);
    this.#length = code.length;
    this.#python = python;
    this.#keepNameStrings = keepNameStrings;
    this.#sink = sink;
  }

  /** Scans the whole code, calling the sink for each token in order. */
  run(): void {
    const bytes = this.#bytes;
    const code = this.#code;
    const length = this.#length;
    let index = 0;
    while (index < length) {
      const character = bytes[index]!;
      if (character === 32 || character === 10) {
        index += 1;
        continue;
      }
      const flags = characterFlags[character]!;
      if ((flags & identifierFlag) !== 0 && (flags & digitFlag) === 0) {
        index = this.#scanName(index);
      } else if ((flags & digitFlag) !== 0 || (character === 46 && (this.#flagsAt(index + 1) & digitFlag) !== 0)) {
        index = this.#numberEnd(index);
      } else if (character === 35 && (this.#python || this.#atLineStart(index))) {
        index = this.#lineEnd(index);
      } else if (character === 47 && !this.#python && bytes[index + 1] === 47) {
        index = this.#lineEnd(index);
      } else if (character === 47 && !this.#python && bytes[index + 1] === 42) {
        const close = code.indexOf('*/', index + 2);
        index = close < 0 ? length : close + 2;
      } else if (character === 34 || character === 39 || (character === 96 && !this.#python)) {
        index = this.#readString(index, this.#python);
      } else {
        index += 1;
      }
    }
  }

  /** Reads the string, import statement or dotted name starting at `start`; returns where it ends. */
  #scanName(start: number): number {
    const code = this.#code;
    const bytes = this.#bytes;
    this.#readIdentifier(start);
    let position = this.#end;
    const length = position - start;
    if (this.#python) {
      const after = bytes[position]!;
      if ((after === 34 || after === 39) && length <= 2 && isPythonStringPrefix(code.slice(start, position))) {
        return this.#readString(position, true, /[fF]/.test(code.slice(start, position)));
      }
      if ((this.#isKey(importKey, length) || this.#isKey(fromKey, length)) && this.#atLineStart(start)) {
        for (const [name, qualified] of readPythonImportCached(code, start)) {
          const alias = expandAlias(name, qualified);
          (this.#aliases ??= new Map()).set(alias.key.first, alias);
          this.#aliasFilter |= 1 << (alias.key.first & 31);
        }
      }
    }
    let chainHash: number;
    let chainPrefix = '';
    let chainStart = start;
    let identifierCount = 1;
    const alias = (this.#aliasFilter & (1 << (this.#firstHash & 31))) === 0 ? undefined : this.#aliases?.get(this.#firstHash);
    if (alias !== undefined && this.#isKey(alias.key, length)) {
      for (const token of alias.tokens) this.#sink(token.hash, token.text, 0, 0);
      chainHash = alias.hash;
      chainPrefix = alias.qualified;
      chainStart = position;
      identifierCount = alias.identifierCount;
    } else if (this.#continuesChain(position) && this.#isReceiver(length)) {
      // `self.encoder` and `encoder` name the same thing.
      chainStart = position + 1;
      this.#readIdentifier(chainStart);
      chainHash = this.#emitIdentifier(chainStart);
      position = this.#end;
    } else {
      chainHash = this.#emitIdentifier(start);
    }
    while (this.#continuesChain(position)) {
      const identifierStart = position + 1;
      this.#readIdentifier(identifierStart);
      chainHash = extendDottedHash(chainHash, this.#emitIdentifier(identifierStart));
      position = this.#end;
      identifierCount += 1;
    }
    if (identifierCount > 1) this.#sink(chainHash, chainPrefix, chainStart, position);
    return position;
  }

  /** Finds the end of the identifier at `start` and hashes it as written, twice (for `identifierTable`). */
  #readIdentifier(start: number): void {
    const bytes = this.#bytes;
    const length = this.#length;
    let first = identifierHashBases.first;
    let second = identifierHashBases.second;
    let index = start;
    for (; index < length; index += 1) {
      const character = bytes[index]!;
      if ((characterFlags[character]! & identifierFlag) === 0) break;
      first = stepFirstHash(first, character);
      second = stepSecondHash(second, character);
    }
    this.#end = index;
    this.#firstHash = first;
    this.#secondHash = second;
  }

  #isKey(key: IdentifierKey, length: number): boolean {
    return this.#firstHash === key.first && this.#secondHash === key.second && length === key.length;
  }

  #isReceiver(length: number): boolean {
    return this.#isKey(selfKey, length) || this.#isKey(thisKey, length) || this.#isKey(clsKey, length);
  }

  /** Emits the identifier just read (at `start`) whole and its words; returns the hash of its lower-cased text. */
  #emitIdentifier(start: number): number {
    const length = this.#end - start;
    let entry = identifierTable.get(this.#firstHash, this.#secondHash, length);
    if (entry === undefined) {
      entry = identifierTokens(this.#code.slice(start, this.#end));
      identifierTable.set(this.#firstHash, this.#secondHash, length, entry);
    }
    const tokens = entry.tokens;
    for (let index = 0; index < tokens.length; index += 3)
      this.#sink(tokens[index]!, '', start + tokens[index + 1]!, start + tokens[index + 2]!);
    return entry.hash;
  }

  #continuesChain(position: number): boolean {
    return this.#bytes[position] === 46 && (this.#flagsAt(position + 1) & (upperFlag | lowerFlag)) !== 0;
  }

  /** Skips the string literal opening at `quoteIndex`; emits its text when it looks like a name and that is wanted. */
  #readString(quoteIndex: number, python: boolean, formatted = false): number {
    const code = this.#code;
    const bytes = this.#bytes;
    const length = this.#length;
    const quote = bytes[quoteIndex]!;
    if (python && bytes[quoteIndex + 1] === quote && bytes[quoteIndex + 2] === quote) {
      for (let index = quoteIndex + 3; index < length; index += 1) {
        const character = bytes[index]!;
        if (character === 92) index += 1;
        else if (character === quote && bytes[index + 1] === quote && bytes[index + 2] === quote) return index + 3;
      }
      return length;
    }
    for (let index = quoteIndex + 1; index < length; index += 1) {
      const character = bytes[index]!;
      if (character === 92) {
        index += 1;
      } else if (character === quote) {
        if (this.#keepNameStrings && !formatted) this.#emitNameString(code.slice(quoteIndex + 1, index));
        return index + 1;
      } else if (character === 10 && quote !== 96) {
        return index; // an unterminated one-line string ends at the line's end
      }
    }
    return length;
  }

  #emitNameString(text: string): void {
    if (!nameString.test(text)) return;
    const whole = text.toLowerCase();
    this.#sink(codeTermHash(whole), whole, 0, 0);
    for (const part of splitIdentifier(text)) {
      if (part.length >= 2 && part !== whole && (characterFlags[part.charCodeAt(0)]! & digitFlag) === 0)
        this.#sink(codeTermHash(part), part, 0, 0);
    }
  }

  /** End of a numeric literal: digits, `.`, `_`, letters (`0x1f`, `3j`, `1e`) and an exponent's sign. */
  #numberEnd(from: number): number {
    const bytes = this.#bytes;
    let index = from;
    while (index < this.#length) {
      const character = bytes[index]!;
      if ((characterFlags[character]! & identifierFlag) !== 0 || character === 46) {
        index += 1;
      } else if (
        (character === 43 || character === 45) &&
        (bytes[index - 1]! | 32) === 101 &&
        (this.#flagsAt(index + 1) & digitFlag) !== 0
      ) {
        index += 1;
      } else {
        break;
      }
    }
    return index;
  }

  #flagsAt(index: number): number {
    return index < this.#length ? characterFlags[this.#bytes[index]!]! : 0;
  }

  #lineEnd(from: number): number {
    const newline = this.#code.indexOf('\n', from);
    return newline < 0 ? this.#length : newline;
  }

  #atLineStart(index: number): boolean {
    let cursor = index - 1;
    while (cursor >= 0 && (this.#bytes[cursor] === 32 || this.#bytes[cursor] === 9)) cursor -= 1;
    return cursor < 0 || this.#bytes[cursor] === 10;
  }
}

function isPythonStringPrefix(prefix: string): boolean {
  const lower = prefix.toLowerCase();
  return (
    lower === 'r' || lower === 'b' || lower === 'u' || lower === 'f' || lower === 'rb' || lower === 'br' || lower === 'fr' || lower === 'rf'
  );
}
