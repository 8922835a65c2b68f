import { detachedString } from '../text/detached-string.js';
import { codeTermHash, identifierKey, identifierTokens, type IdentifierKey } from './identifier-tokens.js';

const importStatement = /import[ \t]+([^\n#;]+)/y;
const fromImportStatement = /from[ \t]+\.*([\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]*)/y;
const importClause = /^([A-Za-z_][\w.]*)(?:\s+as\s+([A-Za-z_]\w*))?$/;

/**
 * The local names bound by the Python `import` or `from … import` statement that starts at `index`, each
 * with the dotted name it stands for (`import numpy as np` → `np` = `numpy`; `from lightgbm import
 * LGBMClassifier` → `LGBMClassifier` = `lightgbm.LGBMClassifier`); empty when no such statement starts there.
 * The tokenizer resolves these aliases because how a file imports a name is style.
 */
export function readPythonImport(code: string, index: number): [name: string, qualified: string][] {
  const bindings: [string, string][] = [];
  importStatement.lastIndex = index;
  const plain = importStatement.exec(code);
  if (plain !== null) {
    for (const clause of (plain[1] ?? '').split(',')) {
      const parsed = importClause.exec(clause.trim());
      if (parsed?.[1] !== undefined && parsed[2] !== undefined) bindings.push([parsed[2], parsed[1]]);
    }
    return bindings;
  }
  fromImportStatement.lastIndex = index;
  const from = fromImportStatement.exec(code);
  if (from === null) return bindings;
  const module = from[1] ?? '';
  // A parenthesised list may span lines and carry comments; drop those before splitting.
  const names = (from[2] ?? '').replace(/#[^\n]*/g, '').replace(/[()\\]/g, ' ');
  for (const clause of names.split(',')) {
    const parsed = importClause.exec(clause.trim());
    if (parsed?.[1] === undefined || parsed[1].includes('.')) continue;
    bindings.push([parsed[2] ?? parsed[1], module === '' ? parsed[1] : `${module}.${parsed[1]}`]);
  }
  return bindings;
}

/** What an import alias stands for: its tokens, and the hash of its lower-cased dotted name. */
export interface AliasExpansion {
  /** The alias itself, e.g. `np`. */
  readonly key: IdentifierKey;
  /** The dotted name it stands for, e.g. `numpy`. */
  readonly qualified: string;
  /** `codeTermHash` of the lower-cased dotted name. */
  readonly hash: number;
  /** Number of identifiers in the dotted name. */
  readonly identifierCount: number;
  /** The tokens of each identifier of the dotted name (not the dotted whole, which depends on what follows). */
  readonly tokens: readonly { hash: number; text: string }[];
}

// The same imports open most episodes of a run; both memos never change a result.
const importCache = new Map<string, [string, string][]>();
const aliasCache = new Map<string, AliasExpansion>();

/** `readPythonImport`, memoised by the statement's line when it fits on one. */
export function readPythonImportCached(code: string, index: number): [name: string, qualified: string][] {
  const newline = code.indexOf('\n', index);
  const line = code.slice(index, newline < 0 ? code.length : newline);
  if (line.includes('(') && !line.includes(')')) return readPythonImport(code, index);
  let bindings = importCache.get(line);
  if (bindings === undefined) {
    if (importCache.size >= 10_000) importCache.clear();
    // Read from a copy: the key and the names cut from it must not keep the episode's code alive.
    const ownLine = detachedString(line);
    bindings = readPythonImport(ownLine, 0);
    importCache.set(ownLine, bindings);
  }
  return bindings;
}

/** The expansion of alias `name` of the dotted name `qualified` (memoised). */
export function expandAlias(name: string, qualified: string): AliasExpansion {
  const cacheKey = `${name} ${qualified}`;
  let alias = aliasCache.get(cacheKey);
  if (alias === undefined) {
    if (aliasCache.size >= 10_000) aliasCache.clear();
    const tokens: { hash: number; text: string }[] = [];
    const identifiers = qualified.split('.');
    for (const identifier of identifiers) {
      const entry = identifierTokens(identifier);
      for (let index = 0; index < entry.tokens.length; index += 3) {
        tokens.push({ hash: entry.tokens[index]!, text: identifier.slice(entry.tokens[index + 1], entry.tokens[index + 2]).toLowerCase() });
      }
    }
    alias = {
      key: identifierKey(name),
      qualified,
      hash: codeTermHash(qualified.toLowerCase()),
      identifierCount: identifiers.length,
      tokens,
    };
    aliasCache.set(cacheKey, alias);
  }
  return alias;
}
