import type { JudgeVerdict } from './judge-verdict.js';

/** An episode as a judge reads it. */
export interface JudgedEpisode {
  readonly id: string;
  readonly plan: string;
  readonly code: string;
  readonly summary: string | null;
  /** The validation score, shown for context only: the rubric judges novelty, not quality. */
  readonly score?: number;
  /** The episode it builds on, when known. */
  readonly parentEpisodeId?: string | null;
  /** `seed` and `seed-aggregation` (AI-Scientist-v2 seed re-runs). */
  readonly flags?: readonly string[];
  /** Format extras, e.g. AI-Scientist-v2's `ablationName` and `hyperparameterName`. */
  readonly metadata?: Readonly<Record<string, string | number | boolean | null>>;
}

/** What a judge is asked: is `episode` new relative to `earlier`? */
export interface JudgeInput {
  /** The run (or corpus) the episode belongs to, for caches and events. */
  readonly runId: string;
  readonly episode: JudgedEpisode;
  /** The run's earlier episodes in run order (or, for H-creativity, the nearest corpus solutions). */
  readonly earlier: readonly JudgedEpisode[];
  /** Continuous evidence from the novelty core, by metric id (e.g. `nearest-neighbour`), when available. */
  readonly novelty?: Readonly<Record<string, number>>;
  /** Concepts of the episode and of each earlier episode by id, when the caller extracted them. */
  readonly concepts?: { readonly episode: readonly string[]; readonly earlier: ReadonlyMap<string, readonly string[]> };
}

/**
 * Role: scores an episode 0-4 on Boden's rubric against earlier episodes. Implementations: `RubricJudge` (cheap,
 * offline, no LLM), `LlmJudge` (LangChain chat model), `EscalatingJudge` (cheap first, LLM when unsure).
 * A judge degrades rather than throws during a search: a failing LLM call yields a fallback verdict.
 */
export interface Judge {
  readonly specificationVersion: 'v1';
  /**
   * Provenance, e.g. `rubric-v1`: a verdict's `judge` field names the judge that decided it (this one, or for a
   * composite such as `EscalatingJudge` and a fallback, the inner judge whose verdict stands).
   */
  readonly id: string;
  judge(input: JudgeInput, options?: { signal?: AbortSignal }): Promise<JudgeVerdict>;
}
