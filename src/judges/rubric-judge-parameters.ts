import { z } from 'zod';
import { parseOptions } from '../options/parse-options.js';
import fittedParameters from './rubric-judge-parameters.json' with { type: 'json' };

/**
 * The rules of the rubric judge's decision list, in the order they are tried (see `decideRubricScore`); the
 * first that applies decides the score.
 */
export const rubricDecisionRules = [
  'first-episode',
  'seed-run',
  'same-code',
  'numbers-only',
  'reporting-only',
  'same-plan',
  'setting-change',
  'transformational',
  'sweep-new-mechanism',
  'sweep',
  'plain-setting-ablation',
  'recombination',
  'near-duplicate',
  'ablation',
  'new-mechanism',
  'new-code',
] as const;

/** One rule of `rubricDecisionRules`. */
export type RubricDecisionRule = (typeof rubricDecisionRules)[number];

/** How often a rule's score matched the label on the examples the parameters were fitted on. */
export const RuleReliabilitySchema = z.strictObject({
  correct: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});

/**
 * The rubric judge's fitted parameters: four thresholds of the decision list and each rule's
 * reliability, from which a verdict's confidence is derived. `npm run fit:judge` refits them on the dev labels
 * and rewrites `rubric-judge-parameters.json`; the defaults here are the values a reader would pick unfitted.
 */
export const RubricJudgeParametersSchema = z.strictObject({
  version: z.literal(1).default(1),
  /** The novelty metric whose score is the judge's continuous distance evidence (1 − max cosine similarity). */
  distanceMetric: z.string().min(1).default('nearest-neighbour'),
  /** How many kinds of reframing (new model paradigm, input modality, learning paradigm) make an episode transformational. */
  transformationalKinds: z.number().int().min(1).max(3).default(2),
  /** ... and from which distance to the nearest earlier episode on (> 1: never). */
  transformationalDistance: z.number().min(0).max(1.01).default(0.5),
  /** An episode closer than this to an earlier one, with no new mechanism and no other decisive evidence, is routine (0: never). */
  routineDistance: z.number().min(0).max(1).default(0),
  /** Share of the added lines taken from earlier episodes other than the reference from which an episode recombines. */
  recombinationShare: z.number().min(0).max(1).default(0.9),
  /** Distance from a threshold at which a threshold decision is fully trusted; nearer, its confidence falls to half. */
  marginScale: z.number().positive().default(0.1),
  /** Share of right verdicts over all fitting labels: the prior of every rule's reliability. */
  priorReliability: z.number().min(0).max(1).default(0.5),
  /** Each rule's record on the fitting labels; a rule without one is trusted at `priorReliability`. */
  reliability: z.partialRecord(z.enum(rubricDecisionRules), RuleReliabilitySchema).default({}),
  /** Where the parameters came from: the fitting procedure and its in-sample and cross-validated Spearman ρ. */
  provenance: z
    .strictObject({
      procedure: z.string(),
      labels: z.number().int().nonnegative(),
      runs: z.number().int().nonnegative(),
      inSampleRho: z.number().nullable(),
      crossValidatedRho: z.number().nullable(),
    })
    .optional(),
});

/** Parameters as written in JSON or passed by a caller (defaults not yet filled in). */
export type RubricJudgeParametersInput = z.input<typeof RubricJudgeParametersSchema>;
/** Parameters with every default filled in. */
export type RubricJudgeParameters = z.infer<typeof RubricJudgeParametersSchema>;

/** Validates parameters (e.g. a JSON file's contents); throws `InvalidOptionsError` naming a bad field. */
export function parseRubricJudgeParameters(input: unknown): RubricJudgeParameters {
  return parseOptions(RubricJudgeParametersSchema, input, 'RubricJudgeParameters');
}

/** The checked-in parameters fitted on the dev labels (`src/judges/rubric-judge-parameters.json`). */
export const fittedRubricJudgeParameters: RubricJudgeParameters = parseRubricJudgeParameters(fittedParameters);
