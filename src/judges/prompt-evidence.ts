import { profileEpisode } from './episode-profile.js';
import { inferredSweep } from './inferred-sweep.js';
import type { JudgeInput } from './judge.js';
import { mostSimilarEpisode, substantiveChanges } from './line-comparison.js';
import { similarityWindow } from './similarity-window.js';

/** What boden measured about the current episode, for the LLM judge's decomposed prompt. Holds no agent text. */
export interface PromptEvidence {
  /** The novelty core's scores of the episode against the run, by metric id. */
  readonly novelty: readonly (readonly [string, number])[];
  /** The episode's concepts, and those of them no earlier episode has (when the caller extracted concepts). */
  readonly concepts: readonly string[] | null;
  readonly newConcepts: readonly string[] | null;
  /** The earlier episode it builds on, else the one whose lines overlap it most: its 1-based number, or null. */
  readonly closest: number | null;
  /** Substantive code lines added to and dropped from that episode (comments, layout and numbers ignored). */
  readonly added: number | null;
  readonly removed: number | null;
  /** The hyper-parameter the change sweeps, when it is only a sweep (`inferredSweep`). */
  readonly sweep: string | null;
}

/** The evidence of `input`: the same line comparison and sweep reading the cheap judge uses, and the caller's scores. */
export function promptEvidence(input: JudgeInput): PromptEvidence {
  const profile = profileEpisode(input.episode);
  const parentIndex =
    input.episode.parentEpisodeId == null ? -1 : input.earlier.findIndex((episode) => episode.id === input.episode.parentEpisodeId);
  // Only the parent and the episodes the line comparison reads are profiled, not the whole run.
  const windowStart = Math.max(0, input.earlier.length - similarityWindow);
  const recent = parentIndex >= 0 ? [] : input.earlier.slice(windowStart).map((episode) => profileEpisode(episode));
  const reference = parentIndex >= 0 ? profileEpisode(input.earlier[parentIndex]!) : mostSimilarEpisode(profile, recent);
  const closest = reference === undefined ? null : parentIndex >= 0 ? parentIndex + 1 : windowStart + recent.indexOf(reference) + 1;
  const changes = reference === undefined ? undefined : substantiveChanges(profile, reference);
  const concepts = input.concepts?.episode ?? null;
  const seen = new Set([...(input.concepts?.earlier.values() ?? [])].flat());
  return {
    novelty: Object.entries(input.novelty ?? {})
      .filter(([, value]) => Number.isFinite(value))
      .sort(([left], [right]) => left.localeCompare(right)),
    concepts: concepts === null ? null : [...concepts],
    newConcepts: concepts === null ? null : concepts.filter((concept) => !seen.has(concept)),
    closest,
    added: changes?.added.length ?? null,
    removed: changes?.removed.length ?? null,
    sweep: reference === undefined ? null : inferredSweep(profile, reference),
  };
}

/** The evidence as the lines the prompt quotes. */
export function renderPromptEvidence(evidence: PromptEvidence): string {
  const lines: string[] = [];
  if (evidence.closest === null) lines.push('Closest earlier episode: none (the first episode).');
  else
    lines.push(
      `Closest earlier episode: ${evidence.closest} (${evidence.added} substantive code lines added, ${evidence.removed} dropped against it).`,
    );
  if (evidence.sweep !== null) lines.push(`The change against it only sweeps the value of "${evidence.sweep}" over literal values.`);
  if (evidence.concepts !== null)
    lines.push(
      `Concepts in the episode: ${evidence.concepts.join(', ') || 'none found'}; new to the run: ${evidence.newConcepts!.join(', ') || 'none'}.`,
    );
  if (evidence.novelty.length > 0)
    lines.push(
      `Novelty against the run (0 a copy, 1 unlike anything earlier): ${evidence.novelty.map(([metric, value]) => `${metric} ${Number(value.toPrecision(3))}`).join(', ')}.`,
    );
  return lines.join('\n');
}
