import type { ConceptExtractor } from '../concepts/concept-extractor.js';
import type { EpisodeProfile } from './episode-profile.js';
import { modalityOf, type InputModality } from './input-modality.js';

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
 * time, and looks for an episode's concepts only in the physical lines the run has not seen (a line seen before
 * brings only concepts seen before), so judging episode k costs the work of episode k's new lines, not of all k
 * earlier episodes.
 */
export class RunHistory {
  readonly #extractor: ConceptExtractor;
  readonly #profiles: EpisodeProfile[] = [];
  readonly #byId = new Map<string, EpisodeProfile>();
  readonly #codeOwners = new Map<string, string>();
  readonly #planOwners = new Map<string, string>();
  readonly #maskedOwners = new Map<string, string>();
  readonly #lines = new Set<string>();
  readonly #rawLines = new Set<string>();
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

  /** The earlier episodes, in the order they were added. */
  get profiles(): readonly EpisodeProfile[] {
    return this.#profiles;
  }

  /** Adds an episode (after it was judged). */
  add(profile: EpisodeProfile): void {
    const novelty = this.novelty(profile);
    this.#profiles.push(profile);
    this.#byId.set(profile.id, profile);
    if (!this.#codeOwners.has(profile.codeKey)) this.#codeOwners.set(profile.codeKey, profile.id);
    if (profile.planKey !== '' && !this.#planOwners.has(profile.planKey)) this.#planOwners.set(profile.planKey, profile.id);
    if (!this.#maskedOwners.has(profile.maskedKey)) this.#maskedOwners.set(profile.maskedKey, profile.id);
    for (const line of novelty.novelLines) this.#lines.add(line);
    for (const line of profile.rawLines) this.#rawLines.add(line);
    for (const id of novelty.concepts) this.#concepts.add(id);
    for (const family of novelty.families) this.#families.add(family);
    for (const paradigm of novelty.paradigms) this.#paradigms.add(paradigm);
    for (const modality of novelty.modalities) this.#modalities.add(modality);
  }

  /** What `profile` brings that no episode of the history has. */
  novelty(profile: EpisodeProfile): ProfileNovelty {
    const last = this.#lastNovelty;
    if (last !== undefined && last.profile === profile && last.size === this.#profiles.length) return last.novelty;
    const novelLines = [...profile.substantiveLines].filter((line) => !this.#lines.has(line));
    const novelText = [...profile.rawLines].filter((line) => !this.#rawLines.has(line));
    const concepts = this.#extractor.extractFromText(novelText.join('\n')).filter((id) => !this.#concepts.has(id));
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
    const novelty = { novelLines, concepts, families: [...families].sort(), paradigms: [...paradigms].sort(), modalities: [...modalities].sort() };
    this.#lastNovelty = { profile, size: this.#profiles.length, novelty };
    return novelty;
  }

  /** The earlier episode with this id, if any. */
  profile(id: string): EpisodeProfile | undefined {
    return this.#byId.get(id);
  }

  /** Id of the first earlier episode with the same normalised code. */
  sameCodeAs(profile: EpisodeProfile): string | undefined {
    return this.#codeOwners.get(profile.codeKey);
  }

  /** Id of the first earlier episode with the same plan (plans too short to name an approach never match). */
  samePlanAs(profile: EpisodeProfile): string | undefined {
    return profile.planKey === '' ? undefined : this.#planOwners.get(profile.planKey);
  }

  /** Id of the first earlier episode whose code differs from this one's at most in numeric literals. */
  sameMaskedCodeAs(profile: EpisodeProfile): string | undefined {
    return this.#maskedOwners.get(profile.maskedKey);
  }

  /** Whether a masked substantive line occurs in some earlier episode. */
  hasLine(line: string): boolean {
    return this.#lines.has(line);
  }

  /** Whether a concept occurs in some earlier episode's code. */
  hasConcept(id: string): boolean {
    return this.#concepts.has(id);
  }
}
