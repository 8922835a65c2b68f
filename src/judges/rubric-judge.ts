import type { ConceptExtractor } from '../concepts/concept-extractor.js';
import { defaultConceptExtractor } from '../concepts/default-concept-extractor.js';
import { parseOptions } from '../options/parse-options.js';
import { profileEpisode, type EpisodeProfile } from './episode-profile.js';
import type { JudgedEpisode, Judge, JudgeInput } from './judge.js';
import { rubricLabel, type CreativityMode, type JudgeVerdict } from './judge-verdict.js';
import { decideRubricScore } from './rubric-decision.js';
import { extractRubricEvidence, type RubricEvidence } from './rubric-evidence.js';
import { rubricJudgeOptionsSchema, type RubricJudgeOptions } from './rubric-judge-options.js';
import { fittedRubricJudgeParameters, type RubricJudgeParameters } from './rubric-judge-parameters.js';
import { similarityWindow } from './similarity-window.js';
import { explainRubricDecision } from './rubric-rationale.js';
import { RunHistory } from './run-history.js';

/** What the judge remembers of one run: the history of earlier episodes and the profiles it made last (bounded). */
interface RunState {
  history: RunHistory;
  readonly profiles: Map<string, EpisodeProfile>;
}

const modesByScore: readonly (readonly CreativityMode[])[] = [
  [],
  ['combinational'],
  ['exploratory'],
  ['combinational', 'exploratory'],
  ['transformational'],
];

/**
 * The cheap default judge: decides the rubric level from evidence a reader would use (seed re-runs, duplicate or
 * numbers-only or logging-only changes, sweeps and ablations, code concepts new to the run by kind, lines carried
 * over from other branches, a new model paradigm, input modality or learning paradigm) with a small decision list
 * whose thresholds were fitted on the dev labels (`rubric-judge-parameters.json`), and names that evidence in its
 * rationale. No LLM, no network. The novelty scores in `JudgeInput.novelty` are its continuous distance evidence
 * (the parameters were fitted with the default novelty core's; without them it falls back on the share of lines
 * new to the run). `JudgeInput.concepts` is not read: the judge finds code concepts itself, in new lines only.
 *
 * Fast and small on long runs: the union of earlier episodes grows incrementally while `earlier` extends the list
 * of the previous call (any other `earlier` rebuilds it), keeping whole profiles only of the latest episodes
 * (`RunHistory`); the profiles made last are cached by id (so an id must identify an episode's content within a run),
 * and a parent older than those is profiled again from its text in `earlier`. Verdict cost and memory per episode do
 * not grow with the run (`bench/judge-scaling-bench.ts`).
 *
 * @example
 * const judge = new RubricJudge();
 * const verdict = await judge.judge({ runId: 'run', episode, earlier, novelty: scores.scores });
 */
export class RubricJudge implements Judge {
  readonly specificationVersion = 'v1' as const;
  /** Provenance written into every verdict. */
  readonly id: string;
  /** The decision thresholds and rule reliabilities in use. */
  readonly parameters: RubricJudgeParameters;
  readonly #extractor: ConceptExtractor;
  readonly #maxCachedRuns: number;
  readonly #maxCachedProfiles: number;
  readonly #runs = new Map<string, RunState>();

  /** Validates `options` (throws `InvalidOptionsError` naming a bad option). */
  constructor(options: RubricJudgeOptions = {}) {
    const parsed = parseOptions(rubricJudgeOptionsSchema, options, 'RubricJudge');
    this.id = parsed.id;
    this.parameters = parsed.parameters ?? fittedRubricJudgeParameters;
    this.#extractor = parsed.extractor ?? defaultConceptExtractor();
    this.#maxCachedRuns = parsed.maxCachedRuns;
    this.#maxCachedProfiles = parsed.maxCachedProfiles;
  }

  /** The verdict on `input.episode` against `input.earlier`; never calls out, so it only rejects when aborted. */
  async judge(input: JudgeInput, options: { signal?: AbortSignal } = {}): Promise<JudgeVerdict> {
    options.signal?.throwIfAborted();
    return this.verdict(input);
  }

  /** `judge` without the promise: the same verdict, synchronously. */
  verdict(input: JudgeInput): JudgeVerdict {
    const evidence = this.evidence(input);
    const decision = decideRubricScore(evidence, this.parameters);
    return {
      score: decision.score,
      label: rubricLabel(decision.score),
      modes: [...modesByScore[decision.score]!],
      rationale: explainRubricDecision(decision, evidence),
      confidence: decision.confidence,
      judge: this.id,
    };
  }

  /** The evidence the verdict is decided from (for fitting, reports and debugging). */
  evidence(input: JudgeInput): RubricEvidence {
    const state = this.#state(input.runId);
    const history = this.#history(state, input);
    const profile = this.#profile(state, input.episode);
    const parentIndex = input.episode.parentEpisodeId == null ? undefined : history.indexOf(input.episode.parentEpisodeId);
    const parent = parentIndex === undefined ? undefined : this.#profile(state, input.earlier[parentIndex]!);
    return extractRubricEvidence({ episode: input.episode, profile, parent, history, extractor: this.#extractor, novelty: input.novelty });
  }

  /** Drops what the judge remembers of a run (call it when a run ends). */
  forgetRun(runId: string): void {
    this.#runs.delete(runId);
  }

  #state(runId: string): RunState {
    let state = this.#runs.get(runId);
    if (state === undefined) state = { history: new RunHistory(this.#extractor), profiles: new Map() };
    // Re-inserting keeps the map in least-recently-judged order for eviction.
    this.#runs.delete(runId);
    this.#runs.set(runId, state);
    if (this.#runs.size > this.#maxCachedRuns) this.#runs.delete(this.#runs.keys().next().value!);
    return state;
  }

  /** The history of `input.earlier`: the cached one extended when `earlier` extends it, else rebuilt. */
  #history(state: RunState, input: JudgeInput): RunHistory {
    if (!extendsHistory(input.earlier, state.history)) state.history = new RunHistory(this.#extractor);
    for (let index = state.history.size; index < input.earlier.length; index += 1) {
      const episode = input.earlier[index]!;
      state.history.add(this.#profile(state, episode));
    }
    return state.history;
  }

  /** The profile of `episode`, from the run's cache (least recently used dropped first) or made now. */
  #profile(state: RunState, episode: JudgedEpisode): EpisodeProfile {
    const cached = state.profiles.get(episode.id);
    state.profiles.delete(episode.id);
    const profile = cached !== undefined && cached.code === episode.code && cached.plan === episode.plan ? cached : profileEpisode(episode);
    state.profiles.set(episode.id, profile);
    if (state.profiles.size > this.#maxCachedProfiles) state.profiles.delete(state.profiles.keys().next().value!);
    return profile;
  }
}

/**
 * Whether `earlier` starts with the episodes of `history`: compares the ids of the latest `similarityWindow`
 * episodes and of those 2^k before the latest, so the check costs O(log n), not a scan of the run. An `earlier`
 * that agrees at all those positions but differs elsewhere (a run rewritten in its middle under the same id) would
 * be judged against the history as it was; a caller that rewrites a run gives it a new run id.
 */
function extendsHistory(earlier: readonly JudgedEpisode[], history: RunHistory): boolean {
  const size = history.size;
  if (size > earlier.length) return false;
  for (let index = size - 1; index >= Math.max(0, size - similarityWindow); index -= 1) {
    if (earlier[index]!.id !== history.idAt(index)) return false;
  }
  for (let distance = similarityWindow; distance < size; distance *= 2) {
    if (earlier[size - 1 - distance]!.id !== history.idAt(size - 1 - distance)) return false;
  }
  return size === 0 || earlier[0]!.id === history.idAt(0);
}
