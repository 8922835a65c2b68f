import type { ConceptExtractor } from '../concepts/concept-extractor.js';
import { hashString53 } from '../text/string-hash.js';
import type { EpisodeProfile } from './episode-profile.js';
import { Hash53Set } from './hash53-set.js';
import { modalityOf, type InputModality } from './input-modality.js';
import { similarityWindow } from './similarity-window.js';

/** What an episode brings that the history lacks: substantive lines, and code concepts. */
export interface ProfileNovelty {
  /** Masked substantive lines no earlier episode has. */
  readonly novelLines: readonly string[];
  /** Code concepts (sorted) no earlier episode's code has, with their model families, paradigms and input modalities. */
  readonly concepts: readonly string[];
  readonly families: readonly string[];
  readonly paradigms: readonly string[];
  readonly modalities: readonly InputModality[];
}

/**
 * The union of a run's earlier episodes as the rubric judge compares against it: which programs, plans, substantive
 * lines, code concepts, model families, paradigms and input modalities were already there. Grows one episode at a
 * time. An episode's new code concepts are those of its code the history lacks: the concept extractor reads the code
 * line by line through its memo, where the scorer has usually just put the same lines, so judging episode k costs
 * the work of episode k's own text, not of all k earlier episodes.
 *
 * Small on long runs: it keeps whole profiles only of the latest `similarityWindow` episodes (the ones the line
 * comparison reads); of the rest, ids and 53-bit hashes (`hashString53`) of their programs and substantive lines,
 * about a hundred bytes an episode plus 16 to 32 bytes per distinct substantive line of the run (`Hash53Set`). An
 * older episode's profile (a parent) is the caller's to rebuild from its text, by `indexOf`.
 */
export class RunHistory {
  readonly #extractor: ConceptExtractor;
  readonly #ids: string[] = [];
  readonly #indexById = new Map<string, number>();
  #recent: EpisodeProfile[] = [];
  readonly #codeOwners = new Map<number, string>();
  readonly #planOwners = new Map<number, string>();
  readonly #maskedOwners = new Map<number, string>();
  readonly #lines = new Hash53Set();
  readonly #concepts = new Set<string>();
  readonly #families = new Set<string>();
  readonly #paradigms = new Set<string>();
  readonly #modalities = new Set<InputModality>();
  // The novelty of the episode judged last, reused when that episode joins the history right after.
  #lastNovelty: { profile: EpisodeProfile; size: number; novelty: ProfileNovelty } | undefined;

  /** A history of no episodes; `extractor` finds the concepts of new lines. */
  constructor(extractor: ConceptExtractor) {
    this.#extractor = extractor;
  }

  /** How many episodes were added. */
  get size(): number {
    return this.#ids.length;
  }

  /** Profiles of the latest episodes, oldest first: at least the latest `similarityWindow` (up to twice as many). */
  get recent(): readonly EpisodeProfile[] {
    return this.#recent;
  }

  /** Id of the episode added `index`-th (from 0). */
  idAt(index: number): string | undefined {
    return this.#ids[index];
  }

  /** Position of the latest added episode with this id, if any. */
  indexOf(id: string): number | undefined {
    return this.#indexById.get(id);
  }

  /** Adds an episode (after it was judged). */
  add(profile: EpisodeProfile): void {
    const novelty = this.novelty(profile);
    this.#indexById.set(profile.id, this.#ids.length);
    this.#ids.push(profile.id);
    this.#recent.push(profile);
    // Trimmed in batches so adding stays O(1) amortised.
    if (this.#recent.length >= 2 * similarityWindow) this.#recent = this.#recent.slice(-similarityWindow);
    setIfAbsent(this.#codeOwners, profile.codeHash, profile.id);
    if (profile.planHash !== null) setIfAbsent(this.#planOwners, profile.planHash, profile.id);
    setIfAbsent(this.#maskedOwners, profile.maskedHash, profile.id);
    // The union of line hashes: adding the lines already there is a no-op, so the profile's hashes need no filter.
    for (const hash of profile.substantiveHashes) this.#lines.add(hash);
    for (const id of novelty.concepts) this.#concepts.add(id);
    for (const family of novelty.families) this.#families.add(family);
    for (const paradigm of novelty.paradigms) this.#paradigms.add(paradigm);
    for (const modality of novelty.modalities) this.#modalities.add(modality);
  }

  /** What `profile` brings that no episode of the history has. */
  novelty(profile: EpisodeProfile): ProfileNovelty {
    const last = this.#lastNovelty;
    if (last !== undefined && last.profile === profile && last.size === this.#ids.length) return last.novelty;
    const novelLines = linesNotIn(profile.substantiveLines, profile.substantiveHashes, this.#lines);
    // Exactly the concepts of the lines new to the run, less those already known: a newline ends every phrase, and
    // every line seen before had its concepts added when it was new.
    const concepts = this.#extractor.extractFromText(profile.code).filter((id) => !this.#concepts.has(id));
    const families = new Set<string>();
    const paradigms = new Set<string>();
    const modalities = new Set<InputModality>();
    for (const id of concepts) {
      const family = this.#extractor.familyOf(id);
      const paradigm = this.#extractor.paradigmOf(id);
      const modality = modalityOf(id);
      if (family !== undefined && !this.#families.has(family)) families.add(family);
      if (paradigm !== undefined && !this.#paradigms.has(paradigm)) paradigms.add(paradigm);
      if (modality !== undefined && !this.#modalities.has(modality)) modalities.add(modality);
    }
    const novelty = {
      novelLines,
      concepts,
      families: [...families].sort(),
      paradigms: [...paradigms].sort(),
      modalities: [...modalities].sort(),
    };
    this.#lastNovelty = { profile, size: this.#ids.length, novelty };
    return novelty;
  }

  /** Id of the first earlier episode with the same normalised code. */
  sameCodeAs(profile: EpisodeProfile): string | undefined {
    return this.#codeOwners.get(profile.codeHash);
  }

  /** Id of the first earlier episode with the same plan (plans too short to name an approach never match). */
  samePlanAs(profile: EpisodeProfile): string | undefined {
    return profile.planHash === null ? undefined : this.#planOwners.get(profile.planHash);
  }

  /** Id of the first earlier episode whose code differs from this one's at most in numeric literals. */
  sameMaskedCodeAs(profile: EpisodeProfile): string | undefined {
    return this.#maskedOwners.get(profile.maskedHash);
  }

  /** Whether a masked substantive line occurs in some earlier episode. */
  hasLine(line: string): boolean {
    return this.#lines.has(hashString53(line));
  }

  /** `hasLine` of the line with this `hashString53` (a profile's, hashed once). */
  hasLineHash(hash: number): boolean {
    return this.#lines.has(hash);
  }

  /** Whether a concept occurs in some earlier episode's code. */
  hasConcept(id: string): boolean {
    return this.#concepts.has(id);
  }
}

/** The lines of `lines` whose hash (`hashes`, in the set's order) is not in `known`, in order. */
function linesNotIn(lines: ReadonlySet<string>, hashes: Float64Array, known: Hash53Set): string[] {
  const missing: string[] = [];
  let index = 0;
  for (const line of lines) {
    if (!known.has(hashes[index]!)) missing.push(line);
    index += 1;
  }
  return missing;
}

function setIfAbsent<Key, Value>(map: Map<Key, Value>, key: Key, value: Value): void {
  if (!map.has(key)) map.set(key, value);
}
