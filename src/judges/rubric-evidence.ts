import type { ConceptCategory } from '../concepts/concept.js';
import type { ConceptExtractor } from '../concepts/concept-extractor.js';
import { inferredSweep } from './inferred-sweep.js';
import type { EpisodeProfile } from './episode-profile.js';
import type { InputModality } from './input-modality.js';
import type { JudgedEpisode } from './judge.js';
import { compareLines, coveringEpisode, mostSimilarEpisode } from './line-comparison.js';
import type { RunHistory } from './run-history.js';
import { settingChangeOf, type SettingChange } from './setting-change.js';
import { inferredSettingLoop } from './setting-loop.js';
import { namesPlainSetting } from './setting-words.js';

// Categories whose new members are a new element of method (rubric level 2). Families, data sources, evaluation
// words and hyper-parameter search are judged separately or not at all.
const mechanismCategories: ReadonlySet<ConceptCategory> = new Set<ConceptCategory>([
  'model',
  'architecture',
  'activation',
  'learning-paradigm',
  'representation',
  'feature-engineering',
  'preprocessing',
  'augmentation',
  'validation',
  'ensembling',
  'loss',
  'regulariser',
  'optimiser',
  'schedule',
  'training-technique',
  'uncertainty',
  'postprocessing',
  'retrieval',
  'search',
]);

/** What a reader would point at when scoring an episode against the earlier episodes of its run. */
export interface RubricEvidence {
  /** AI-Scientist-v2 marks the episode as a seed re-run or an aggregation over seeds. */
  readonly seedRun: boolean;
  /** An earlier episode with the same normalised code, or null. */
  readonly sameCodeAs: string | null;
  /** An earlier episode with the same plan, or null. */
  readonly samePlanAs: string | null;
  /** The episode compared line by line: the parent when known, else the most similar earlier episode; null for the first. */
  readonly referenceId: string | null;
  readonly referenceIsParent: boolean;
  /** The reference (or else another earlier episode) whose code this one's differs from at most in numeric literals, such as a seed. */
  readonly numbersOnlyChangeOf: string | null;
  /**
   * The settings the episode changes against the reference, the program otherwise the same (values, or a component
   * swapped for one of the same kind: `settingChangeOf`), or null.
   */
  readonly settingChange: SettingChange | null;
  /** Every line changed against the reference only reports, plots or saves results. */
  readonly reportingOnlyChange: boolean;
  /** Substantive lines (not reporting, not brackets) added and removed against the reference. */
  readonly addedLines: number;
  readonly removedLines: number;
  /** Fraction of the episode's substantive lines that no earlier episode has. */
  readonly novelLineFraction: number;
  /** Added lines that the reference lacks but another earlier episode has: a trick carried over from a branch. */
  readonly borrowedLines: number;
  /** An earlier episode that has every substantive line of this one (a copy or a cut-down version of it), or null. */
  readonly coveredBy: string | null;
  /** AI-Scientist-v2's hyper-parameter (sweep) and ablation names. */
  readonly sweepName: string | null;
  readonly ablationName: string | null;
  /**
   * Without either header: the plain setting an added loop studies (`inferredSettingLoop`), the code's own
   * reading of what AI-Scientist-v2 calls a setting ablation.
   */
  readonly settingLoop: string | null;
  /** The sweep or ablation name (or the setting loop) names a plain setting (`batch_size`, `Network Width`), not a mechanism. */
  readonly plainSettingName: boolean;
  /** Concepts of the code that no earlier episode's code has. */
  readonly newConcepts: readonly string[];
  /** Those of them that are elements of method (a regulariser, a loss, an architecture part, a model, ...). */
  readonly newMechanisms: readonly string[];
  /** New mechanisms that a hyper-parameter switches on (a regulariser, an optimiser, a schedule, ...), or that the sweep or ablation name itself names. */
  readonly switchedOnMechanisms: readonly string[];
  /** Model paradigms, input modalities and learning paradigms (transfer, self-supervised, meta-learning, ...) new to the run's code. */
  readonly newParadigms: readonly string[];
  readonly newModalities: readonly InputModality[];
  readonly newLearningParadigms: readonly string[];
  /** Model families new to the run's code (a new family within a known paradigm is exploratory). */
  readonly newFamilies: readonly string[];
  /** Continuous evidence of the novelty core by metric id (nearest-neighbour, concept-fuzzy, ...). */
  readonly novelty: Readonly<Record<string, number>>;
}

/**
 * Collects the rubric evidence of `episode` (profiled as `profile`) against the earlier episodes in `history`:
 * duplicates, numbers-only and reporting-only changes against the episode it builds on, lines carried over from
 * other earlier episodes, seed flags, sweep and ablation names, concepts new to the run's code by kind, and the
 * novelty scores.
 */
export function extractRubricEvidence(options: {
  readonly episode: JudgedEpisode;
  readonly profile: EpisodeProfile;
  /** The profile of the earlier episode `episode.parentEpisodeId` names, when the history has it. */
  readonly parent?: EpisodeProfile | undefined;
  readonly history: RunHistory;
  readonly extractor: ConceptExtractor;
  readonly novelty?: Readonly<Record<string, number>> | undefined;
}): RubricEvidence {
  const { episode, profile, history, extractor } = options;
  const flags = episode.flags ?? [];
  const metadata = episode.metadata ?? {};
  const ablationName = typeof metadata.ablationName === 'string' ? metadata.ablationName : null;
  const parent = options.parent;
  const reference = parent ?? mostSimilarEpisode(profile, history.recent);
  // The agent's own sweep header when it writes one, else the sweep its code shows (any wording, any agent).
  const sweepName =
    typeof metadata.hyperparameterName === 'string'
      ? metadata.hyperparameterName
      : reference === undefined
        ? null
        : inferredSweep(profile, reference);
  const headerless = ablationName === null && typeof metadata.hyperparameterName !== 'string' && sweepName === null;
  const settingLoop = headerless && reference !== undefined ? inferredSettingLoop(profile, reference) : null;
  const changes = reference === undefined ? undefined : compareLines(profile, reference, history);
  const novelty = history.novelty(profile);
  const categoryOf = (id: string) => extractor.categoryOf(id);
  return {
    seedRun: flags.includes('seed') || flags.includes('seed-aggregation'),
    sameCodeAs: history.sameCodeAs(profile) ?? null,
    samePlanAs: history.samePlanAs(profile) ?? null,
    referenceId: reference?.id ?? null,
    referenceIsParent: parent !== undefined,
    numbersOnlyChangeOf:
      reference !== undefined && reference.maskedHash === profile.maskedHash ? reference.id : (history.sameMaskedCodeAs(profile) ?? null),
    settingChange: reference === undefined ? null : settingChangeOf(profile, reference, extractor),
    reportingOnlyChange: changes !== undefined && changes.added + changes.removed === 0 && changes.reporting > 0,
    addedLines: changes?.added ?? profile.substantiveLines.size,
    removedLines: changes?.removed ?? 0,
    novelLineFraction: profile.substantiveLines.size === 0 ? 0 : novelty.novelLines.length / profile.substantiveLines.size,
    borrowedLines: changes?.borrowed ?? 0,
    // A substantive line no earlier episode has rules every one out without comparing.
    coveredBy: novelty.novelLines.length > 0 ? null : (coveringEpisode(profile, history.recent)?.id ?? null),
    sweepName,
    ablationName,
    settingLoop,
    plainSettingName: [sweepName, ablationName, settingLoop].some((name) => name !== null && namesPlainSetting(name)),
    newConcepts: novelty.concepts,
    newMechanisms: novelty.concepts.filter((id) => mechanismCategories.has(categoryOf(id))),
    switchedOnMechanisms: switchedOn(novelty.concepts, [sweepName, ablationName, settingLoop], history, extractor),
    newParadigms: novelty.paradigms,
    newModalities: novelty.modalities,
    newLearningParadigms: novelty.concepts.filter((id) => categoryOf(id) === 'learning-paradigm'),
    newFamilies: novelty.families,
    novelty: options.novelty ?? {},
  };
}

// Mechanisms a hyper-parameter turns on: a sweep over one of them is more than a new grid.
const switchCategories: ReadonlySet<ConceptCategory> = new Set<ConceptCategory>([
  'regulariser',
  'optimiser',
  'schedule',
  'activation',
  'augmentation',
  'training-technique',
]);

// A name names a component of a method, not a model (`hidden_layer_size` is not a new multilayer perceptron).
const namedCategories: ReadonlySet<ConceptCategory> = new Set([...mechanismCategories].filter((category) => category !== 'model'));

/** New code concepts of the switch categories, plus new concepts the sweep or ablation names name. */
function switchedOn(
  newConcepts: readonly string[],
  names: readonly (string | null)[],
  history: RunHistory,
  extractor: ConceptExtractor,
): string[] {
  const found = new Set(newConcepts.filter((id) => switchCategories.has(extractor.categoryOf(id))));
  for (const name of names) {
    if (name === null) continue;
    for (const id of extractor.extractFromText(name))
      if (!history.hasConcept(id) && namedCategories.has(extractor.categoryOf(id))) found.add(id);
  }
  return [...found].sort();
}
