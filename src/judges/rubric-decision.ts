import type { RubricEvidence } from './rubric-evidence.js';
import type { RubricDecisionRule, RubricJudgeParameters } from './rubric-judge-parameters.js';

/** The rubric judge's decision: the score, the rule that gave it, and how far to trust it. */
export interface RubricDecision {
  /** 0 Routine … 4 Transformational. */
  readonly score: number;
  readonly rule: RubricDecisionRule;
  /** In [0, 1]: the rule's reliability on the fitting labels, lowered when a distance decided near its threshold. */
  readonly confidence: number;
  /** The distance evidence used: the novelty core's (see `distanceMetric`), else the share of lines no earlier episode has. */
  readonly distance: number;
}

/**
 * Decides an episode's rubric score from its evidence with an ordered decision list; the first rule that applies
 * wins. Routine first, on evidence a reader would accept at a glance (a seed re-run, the same code, a change of
 * numbers or of logging only, the same plan; a change of settings in the same program, at most 1); then a
 * transformational reframing (enough kinds of it among a new model paradigm, a new input modality and a new learning
 * paradigm, far from every earlier episode); then sweeps and ablations by whether they switch on a new mechanism;
 * then recombination (added lines carried over from other earlier episodes); then nearness to an earlier episode
 * without a new mechanism; and finally a new mechanism or new code, which is exploratory. Pure: the same evidence and parameters give the same decision.
 */
export function decideRubricScore(evidence: RubricEvidence, parameters: RubricJudgeParameters): RubricDecision {
  const distance = distanceOf(evidence, parameters);
  const decide = (score: number, rule: RubricDecisionRule, margin?: number): RubricDecision => ({
    score,
    rule,
    confidence: confidenceOf(rule, margin, parameters),
    distance,
  });
  if (evidence.referenceId === null) return decide(2, 'first-episode');
  if (evidence.seedRun) return decide(0, 'seed-run');
  if (evidence.sameCodeAs !== null) return decide(0, 'same-code');
  if (evidence.numbersOnlyChangeOf !== null) return decide(0, 'numbers-only');
  if (evidence.reportingOnlyChange) return decide(0, 'reporting-only');
  if (evidence.samePlanAs !== null) return decide(0, 'same-plan');
  // The method of the reference with a setting changed: never exploratory, whatever the plan says. A value is a
  // hyper-parameter (routine); a component swapped for one of the same kind (a scaler for a scaler) is at most
  // combinational, one below the rubric's "a different optimizer" (2) that a swap of a kind of its own still gets.
  if (evidence.settingChange !== null) return decide(evidence.settingChange.kind === 'component' ? 1 : 0, 'setting-change');
  if (reframingKinds(evidence) >= parameters.transformationalKinds && distance >= parameters.transformationalDistance) {
    return decide(4, 'transformational', distance - parameters.transformationalDistance);
  }
  if (evidence.sweepName !== null) return evidence.switchedOnMechanisms.length > 0 ? decide(2, 'sweep-new-mechanism') : decide(0, 'sweep');
  if (
    (evidence.ablationName !== null || evidence.settingLoop !== null) &&
    evidence.plainSettingName &&
    evidence.switchedOnMechanisms.length === 0
  ) {
    return decide(0, 'plain-setting-ablation');
  }
  // Lines from two sources, the reference and other branches: not a copy of any single earlier episode.
  const borrowedShare = evidence.addedLines === 0 ? 0 : evidence.borrowedLines / evidence.addedLines;
  if (borrowedShare >= parameters.recombinationShare && evidence.coveredBy === null) {
    return decide(evidence.newMechanisms.length > 0 ? 3 : 1, 'recombination');
  }
  if (distance < parameters.routineDistance && evidence.newMechanisms.length === 0) {
    return decide(0, 'near-duplicate', parameters.routineDistance - distance);
  }
  if (evidence.ablationName !== null) return decide(2, 'ablation');
  if (evidence.newMechanisms.length > 0) return decide(2, 'new-mechanism');
  return decide(2, 'new-code');
}

/** How many kinds of reframing the episode shows: a new model paradigm, a new input modality, a new learning paradigm. */
export function reframingKinds(evidence: RubricEvidence): number {
  return [evidence.newParadigms, evidence.newModalities, evidence.newLearningParadigms].filter((found) => found.length > 0).length;
}

/** The distance evidence: the configured novelty metric when given, else the share of never-seen lines. */
export function distanceOf(evidence: RubricEvidence, parameters: RubricJudgeParameters): number {
  const distance = evidence.novelty[parameters.distanceMetric];
  return distance !== undefined && Number.isFinite(distance) ? distance : evidence.novelLineFraction;
}

// Weight, in labels, of the prior in a rule's reliability: a rule seen on two labels is half prior, half record.
const priorWeight = 2;

/**
 * A rule's reliability, its record on the fitting labels shrunk towards the overall share of right verdicts
 * ((correct + 2 · prior) / (total + 2): a rare rule is not trusted on one or two lucky labels), times a factor that
 * falls from 1 to 0.5 as a distance decision approaches its threshold: a verdict that a small change of distance
 * would flip is less sure than one far from any threshold.
 */
function confidenceOf(rule: RubricDecisionRule, margin: number | undefined, parameters: RubricJudgeParameters): number {
  const record = parameters.reliability[rule] ?? { correct: 0, total: 0 };
  const reliability = (record.correct + priorWeight * parameters.priorReliability) / (record.total + priorWeight);
  const closeness = margin === undefined ? 1 : Math.min(1, 0.5 + Math.abs(margin) / (2 * parameters.marginScale));
  return Math.max(0, Math.min(1, reliability * closeness));
}
