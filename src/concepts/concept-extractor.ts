import { z } from 'zod';
import type { EmbeddingInput } from '../embedder/embedder.js';
import { IdentifierTable } from '../embedder/identifier-table.js';
import { identifierHashBases, stepFirstHash, stepSecondHash } from '../embedder/identifier-tokens.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { InvalidOptionsError, type OptionIssue } from '../errors/invalid-options-error.js';
import { checkArgument } from '../options/check-argument.js';
import { parseOptions } from '../options/parse-options.js';
import type { Concept, ConceptCategory, ModelParadigm } from './concept.js';
import { ConceptEmbeddings } from './concept-embeddings.js';
import {
  conceptExtractorOptionsSchema,
  type ConceptExtractorOptions,
  type ResolvedConceptExtractorOptions,
} from './concept-extractor-options.js';
import { conceptWords, phraseBreak } from './concept-words.js';

/** What `extract` reads: a plan and the code, both text. */
const ExtractInputSchema = z.object({ plan: z.string(), code: z.string() });
/** What `extractFromText` reads (made once: building a schema costs more than checking with it). */
const TextSchema = z.string();
/** One alias compiled to the word sequence it matches. */
interface Phrase {
  readonly words: readonly string[];
  readonly conceptId: string;
}

/**
 * Finds the concepts of a vocabulary (by default the curated `conceptVocabulary` of ML techniques) in an
 * episode's plan and code. Aliases match as whole-word sequences in any spelling (`LGBMClassifier`,
 * `lightgbm`, `LightGBM` → `lightgbm`; `cross-validation`, `cross_val_score` → `cross-validation`), the
 * longest alias first, so `StratifiedKFold` is `stratified-k-fold` and not also `k-fold`. Comments and
 * strings are read too: model and dataset names often live there (`"bert-base-uncased"`, `"ag_news"`).
 * Also gives each concept's category, family, paradigm and an embedding for the fuzzy metric. Matches line by line
 * and memoises each line's concepts (`memoisedLines`), as most lines of an episode were in an earlier one; with the
 * memo on it also remembers the concepts of the last long text whole, which the scorer and then the rubric judge read.
 */
export class ConceptExtractor {
  readonly #options: ResolvedConceptExtractorOptions;
  readonly #byId: ReadonlyMap<string, Concept>;
  readonly #wholeWords = new Set<string>();
  readonly #phrasesByFirstWord = new Map<string, Phrase[]>();
  readonly #embeddings: ConceptEmbeddings;
  // Concepts of a line by two 32-bit hashes and the length of the line (not by the line: a line cut from an episode
  // would keep the whole episode's code alive), in typed arrays (no number or entry object per line for the GC).
  readonly #memo: IdentifierTable<readonly string[]> | undefined;
  // The concepts of the last long text matched: the scorer and then the rubric judge read the same program in turn.
  #lastText: string | undefined;
  #lastIds: readonly string[] = noConcepts;

  /** Validates `options` (throws `InvalidOptionsError` naming a bad option or vocabulary entry) and compiles the aliases. */
  constructor(options: ConceptExtractorOptions = {}) {
    this.#options = parseOptions(conceptExtractorOptionsSchema, options, 'ConceptExtractor');
    const vocabulary = this.#options.vocabulary;
    this.#byId = new Map(vocabulary.map((concept) => [concept.id, concept]));
    this.#compile(vocabulary);
    this.#embeddings = new ConceptEmbeddings(vocabulary);
    this.#memo =
      this.#options.memoisedLines === 0
        ? undefined
        : new IdentifierTable<readonly string[]>(Math.ceil(Math.log2(2 * this.#options.memoisedLines)));
  }

  /** Every concept of the vocabulary, in vocabulary order. */
  get vocabulary(): readonly Concept[] {
    return this.#options.vocabulary;
  }

  /** Length of every `conceptEmbedding` vector. */
  get embeddingDimensions(): number {
    return this.#embeddings.dimensions;
  }

  /** Sorted unique ids of the concepts in the plan and the code of `input`. */
  extract(input: EmbeddingInput): string[] {
    checkArgument(ExtractInputSchema, input, 'input');
    const found = new Set<string>();
    this.#match(input.plan, found);
    this.#match(input.code, found);
    return this.#finish(found);
  }

  /** Sorted unique ids of the concepts in one text. */
  extractFromText(text: string): string[] {
    checkArgument(TextSchema, text, 'text');
    const found = new Set<string>();
    this.#match(text, found);
    return this.#finish(found);
  }

  /** The concept with this id, or undefined. */
  concept(id: string): Concept | undefined {
    return this.#byId.get(id);
  }

  /** The category of concept `id`; throws `InvalidArgumentError` for an unknown id. */
  categoryOf(id: string): ConceptCategory {
    return this.#known(id).category;
  }

  /** `ids` grouped by category, each group sorted; categories without ids are absent. */
  groupByCategory(ids: Iterable<string>): Partial<Record<ConceptCategory, string[]>> {
    const groups: Partial<Record<ConceptCategory, string[]>> = {};
    for (const id of ids) (groups[this.categoryOf(id)] ??= []).push(id);
    for (const group of Object.values(groups)) group.sort();
    return groups;
  }

  /** The ancestors of concept `id`, nearest first (`lightgbm` → `gradient-boosted-trees`, `tree-ensemble`). */
  ancestorsOf(id: string): string[] {
    const ancestors: string[] = [];
    for (let parent = this.#known(id).parent; parent !== undefined; parent = this.#byId.get(parent)?.parent) ancestors.push(parent);
    return ancestors;
  }

  /** The model family of a model or model family (itself for a family); undefined for other concepts. */
  familyOf(id: string): string | undefined {
    const concept = this.#known(id);
    if (concept.category === 'model-family') return concept.id;
    if (concept.category !== 'model') return undefined;
    return this.ancestorsOf(id).find((ancestor) => this.#byId.get(ancestor)?.category === 'model-family');
  }

  /** The paradigm of a model or model family (inherited from its family); undefined for other concepts. */
  paradigmOf(id: string): ModelParadigm | undefined {
    this.#known(id);
    return this.#embeddings.paradigmOf(id);
  }

  /**
   * The concept's deterministic unit vector for the fuzzy concept-novelty metric: weighted facets of the
   * concept, its ancestors, paradigm and category (see `ConceptEmbeddings`), so concepts of one family are
   * closer than concepts of one paradigm or category, and unrelated ones are orthogonal. Shared: do not modify.
   */
  conceptEmbedding(id: string): Float32Array {
    this.#known(id);
    return this.#embeddings.vector(id)!;
  }

  #known(id: string): Concept {
    const concept = this.#byId.get(id);
    if (concept === undefined)
      throw new InvalidArgumentError({ argument: 'id', reason: `no concept ${JSON.stringify(id)} in the vocabulary` });
    return concept;
  }

  #finish(found: Set<string>): string[] {
    if (this.#options.includeAncestors) for (const id of [...found]) for (const ancestor of this.ancestorsOf(id)) found.add(ancestor);
    return [...found].sort();
  }

  /**
   * The concepts of `text`, line by line through the memo. Exact, not an approximation: a newline breaks every
   * phrase (`conceptWords`), so the concepts of a text are the union of those of its lines; and blanks around a line
   * (tabs, carriage returns, spaces: codes up to 32, none of them letters, digits or breaks) only separate words.
   */
  #match(text: string, found: Set<string>): void {
    const memo = this.#memo;
    if (memo === undefined) {
      this.#matchWords(text, found);
      return;
    }
    if (text.length >= lastTextMinimum) {
      if (text !== this.#lastText) {
        const textFound = new Set<string>();
        this.#matchLines(text, textFound, memo);
        this.#lastText = text;
        this.#lastIds = [...textFound];
      }
      for (const id of this.#lastIds) found.add(id);
      return;
    }
    this.#matchLines(text, found, memo);
  }

  /** `#match` through the line memo. */
  #matchLines(text: string, found: Set<string>, memo: IdentifierTable<readonly string[]>): void {
    for (let lineStart = 0; lineStart <= text.length; ) {
      let lineEnd = text.indexOf('\n', lineStart);
      if (lineEnd === -1) lineEnd = text.length;
      // Keyed without the line's indentation and trailing blanks, which never change its words.
      let start = lineStart;
      let end = lineEnd;
      while (start < end && text.charCodeAt(start) <= 32) start += 1;
      while (end > start && text.charCodeAt(end - 1) <= 32) end -= 1;
      lineStart = lineEnd + 1;
      if (start === end) continue;
      let first = identifierHashBases.first;
      let second = identifierHashBases.second;
      for (let index = start; index < end; index += 1) {
        const character = text.charCodeAt(index);
        first = stepFirstHash(first, character);
        second = stepSecondHash(second, character);
      }
      let ids = memo.get(first, second, end - start);
      if (ids === undefined) {
        const lineFound = new Set<string>();
        this.#matchWords(text.slice(start, end), lineFound);
        ids = lineFound.size === 0 ? noConcepts : [...lineFound];
        memo.set(first, second, end - start, ids);
      }
      for (const id of ids) found.add(id);
    }
  }

  /** Greedy longest-alias-first matching over the word stream of `text`. */
  #matchWords(text: string, found: Set<string>): void {
    const words = conceptWords(text, this.#wholeWords);
    let index = 0;
    while (index < words.length) {
      const candidates = this.#phrasesByFirstWord.get(words[index]!);
      let matched = 1;
      if (candidates !== undefined) {
        for (const phrase of candidates) {
          if (matchesAt(words, index, phrase.words)) {
            found.add(phrase.conceptId);
            matched = phrase.words.length;
            break;
          }
        }
      }
      index += matched;
    }
  }

  #compile(vocabulary: readonly Concept[]): void {
    // Single-word aliases are matched as whole tokens, so register them before splitting the others.
    for (const concept of vocabulary) {
      for (const alias of concept.aliases) {
        if (isSingleWord(alias)) this.#wholeWords.add(alias.toLowerCase()).add(pluralOf(alias.toLowerCase()));
      }
    }
    const owners = new Map<string, string>();
    const issues: OptionIssue[] = [];
    const plurals: Phrase[] = [];
    vocabulary.forEach((concept, conceptIndex) => {
      concept.aliases.forEach((alias, aliasIndex) => {
        const words = isSingleWord(alias)
          ? [alias.toLowerCase()]
          : conceptWords(alias, this.#wholeWords).filter((word) => word !== phraseBreak);
        const key = words.join(' ');
        const owner = owners.get(key);
        if (words.length === 0) {
          issues.push({ path: `vocabulary.${conceptIndex}.aliases.${aliasIndex}`, message: `alias ${JSON.stringify(alias)} has no words` });
        } else if (owner !== undefined && owner !== concept.id) {
          issues.push({
            path: `vocabulary.${conceptIndex}.aliases.${aliasIndex}`,
            message: `alias ${JSON.stringify(alias)} already names ${owner}`,
          });
        } else if (owner === undefined) {
          owners.set(key, concept.id);
          this.#addPhrase({ words, conceptId: concept.id });
          const last = words[words.length - 1]!;
          if (/^[a-z]{3,}$/.test(last) && !last.endsWith('s'))
            plurals.push({ words: [...words.slice(0, -1), pluralOf(last)], conceptId: concept.id });
        }
      });
    });
    if (issues.length > 0) throw new InvalidOptionsError({ target: 'ConceptExtractor', issues });
    // Plurals come last, so an explicit alias always wins over a generated plural.
    for (const plural of plurals) {
      const key = plural.words.join(' ');
      if (owners.has(key)) continue;
      owners.set(key, plural.conceptId);
      this.#addPhrase(plural);
    }
  }

  #addPhrase(phrase: Phrase): void {
    const phrases = this.#phrasesByFirstWord.get(phrase.words[0]!) ?? [];
    phrases.push(phrase);
    phrases.sort((left, right) => right.words.length - left.words.length);
    this.#phrasesByFirstWord.set(phrase.words[0]!, phrases);
  }
}

const noConcepts: readonly string[] = Object.freeze([]);
// Texts shorter than this are matched again rather than compared with the last one (plans, lines, single words).
const lastTextMinimum = 512;

function matchesAt(words: readonly string[], start: number, phrase: readonly string[]): boolean {
  if (start + phrase.length > words.length) return false;
  for (let offset = 1; offset < phrase.length; offset += 1) if (words[start + offset] !== phrase[offset]) return false;
  return true;
}

function isSingleWord(alias: string): boolean {
  return /^[A-Za-z0-9]+$/.test(alias);
}

/** English plural of a word (`tree` → `trees`, `strategy` → `strategies`, `box` → `boxes`). */
function pluralOf(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(?:s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}
