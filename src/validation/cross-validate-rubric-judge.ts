import { decideRubricScore } from '../judges/rubric-decision.js';
import type { RubricExample } from './rubric-examples.js';
import { fitRubricJudge, type FitRubricJudgeOptions } from './fit-rubric-judge.js';
import type { RubricDecisionRule, RubricJudgeParameters } from '../judges/rubric-judge-parameters.js';

/** One example scored by parameters fitted without its run. */
export interface HeldOutRubricScore {
  readonly group: string;
  readonly episodeId: string;
  readonly label: number;
  readonly score: number;
  readonly confidence: number;
  readonly rule: RubricDecisionRule;
}

/** The pooled held-out scores of a leave-one-run-out cross-validation, and each fold's parameters. */
export interface RubricCrossValidation {
  /** Every example once, scored by the fold that held its run out, in input order. */
  readonly heldOut: readonly HeldOutRubricScore[];
  readonly folds: readonly { readonly group: string; readonly parameters: RubricJudgeParameters }[];
}

/**
 * Leave-one-run-out cross-validation of the rubric judge: for each run (example `group`), fits the parameters on
 * the other runs with `fitRubricJudge` and scores the held-out run's examples with them. Pooling the held-out
 * scores gives a ρ that is honest about generalising to unseen runs; confidences come from the fold's own
 * reliabilities, so their calibration can be checked the same way.
 */
export function crossValidateRubricJudge(examples: readonly RubricExample[], options: FitRubricJudgeOptions = {}): RubricCrossValidation {
  const groups = [...new Set(examples.map((example) => example.group))];
  const scored = new Map<RubricExample, HeldOutRubricScore>();
  const folds = groups.map((group) => {
    const { parameters } = fitRubricJudge(
      examples.filter((example) => example.group !== group),
      options,
    );
    for (const example of examples) {
      if (example.group !== group) continue;
      const decision = decideRubricScore(example.evidence, parameters);
      scored.set(example, {
        group,
        episodeId: example.episodeId,
        label: example.label,
        score: decision.score,
        confidence: decision.confidence,
        rule: decision.rule,
      });
    }
    return { group, parameters };
  });
  return { heldOut: examples.map((example) => scored.get(example)!), folds };
}
