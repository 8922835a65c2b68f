import { spearman } from '../statistics/spearman.js';
import { decideRubricScore } from '../judges/rubric-decision.js';
import type { RubricExample } from './rubric-examples.js';
import {
  parseRubricJudgeParameters,
  rubricDecisionRules,
  type RubricDecisionRule,
  type RubricJudgeParameters,
  type RubricJudgeParametersInput,
} from '../judges/rubric-judge-parameters.js';

const steps = (from: number, to: number, step: number): number[] =>
  Array.from({ length: Math.round((to - from) / step) + 1 }, (_, index) => Math.round((from + index * step) * 1000) / 1000);

/**
 * The values each fitted threshold is searched over. 1.01 turns the transformational rule off; the recombination
 * share stops at 1, since an episode whose every added line comes from other earlier episodes recombines by the
 * rubric's definition.
 */
export const rubricParameterGrids = {
  transformationalKinds: [1, 2, 3],
  transformationalDistance: [...steps(0.3, 0.8, 0.025), 1.01],
  routineDistance: steps(0, 0.3, 0.025),
  recombinationShare: steps(0.5, 1, 0.05),
} as const satisfies Record<string, readonly number[]>;

/** The fitted thresholds, in the order coordinate search visits them. */
export type FittedRubricParameter = keyof typeof rubricParameterGrids;

/** Options of `fitRubricJudge`. */
export interface FitRubricJudgeOptions {
  /** Starting point (and the values of every parameter not fitted); default the schema's defaults. */
  readonly initial?: RubricJudgeParametersInput;
  /** Most rounds of coordinate search; it stops earlier once a round changes nothing. */
  readonly maxRounds?: number;
}

/** A fitted parameter set with its in-sample Spearman ρ. */
export interface RubricJudgeFit {
  readonly parameters: RubricJudgeParameters;
  readonly rho: number;
  readonly rounds: number;
}

/** How the parameters are fitted, in one line: written into the parameters' provenance. */
export const rubricFitProcedure =
  'coordinate search over fixed grids of transformationalKinds, transformationalDistance, routineDistance and recombinationShare maximising ' +
  "Spearman's rho between verdict scores and labels (ties: median of the best values), then each rule's reliability (and the overall one, its prior) counted on the same examples";

/**
 * Fits the rubric judge's thresholds on labelled examples: deterministic coordinate search over
 * `rubricParameterGrids`, each threshold in turn set to the grid value maximising Spearman's ρ between the
 * decided scores and the labels, until a round changes nothing. Among equally good values it takes the median,
 * the one farthest inside the plateau. Then counts, per decision rule, how often its score matched the label:
 * the reliabilities that verdict confidences derive from. Pure: the same examples give the same parameters.
 */
export function fitRubricJudge(examples: readonly RubricExample[], options: FitRubricJudgeOptions = {}): RubricJudgeFit {
  let parameters = parseRubricJudgeParameters({ ...options.initial, reliability: {}, priorReliability: undefined, provenance: undefined });
  const labels = examples.map((example) => example.label);
  const rhoOf = (candidate: RubricJudgeParameters): number => {
    const rho = spearman(
      examples.map((example) => decideRubricScore(example.evidence, candidate).score),
      labels,
    );
    return Number.isNaN(rho) ? -Infinity : rho;
  };
  const maxRounds = options.maxRounds ?? 20;
  let rounds = 0;
  for (let changed = true; changed && rounds < maxRounds; rounds += 1) {
    changed = false;
    for (const name of Object.keys(rubricParameterGrids) as FittedRubricParameter[]) {
      const grid = rubricParameterGrids[name];
      const values = grid.map((value) => rhoOf({ ...parameters, [name]: value }));
      const best = Math.max(...values);
      const optimal = grid.filter((_, index) => values[index]! >= best - 1e-12);
      const chosen = optimal[Math.floor((optimal.length - 1) / 2)]!;
      if (chosen !== parameters[name]) {
        parameters = { ...parameters, [name]: chosen };
        changed = true;
      }
    }
  }
  const records = new Map<RubricDecisionRule, { correct: number; total: number }>();
  let correct = 0;
  for (const example of examples) {
    const decision = decideRubricScore(example.evidence, parameters);
    const record = records.get(decision.rule) ?? { correct: 0, total: 0 };
    records.set(decision.rule, record);
    record.total += 1;
    if (decision.score === example.label) {
      record.correct += 1;
      correct += 1;
    }
  }
  // In rule order, so refitting on the same labels rewrites the JSON byte for byte.
  const reliability = Object.fromEntries(rubricDecisionRules.filter((rule) => records.has(rule)).map((rule) => [rule, records.get(rule)!]));
  const rho = rhoOf(parameters);
  const fitted = parseRubricJudgeParameters({
    ...parameters,
    reliability,
    priorReliability: examples.length === 0 ? 0.5 : correct / examples.length,
    provenance: {
      procedure: rubricFitProcedure,
      labels: examples.length,
      runs: new Set(examples.map((example) => example.group)).size,
      inSampleRho: Number.isFinite(rho) ? rho : null,
      crossValidatedRho: null,
    },
  });
  return { parameters: fitted, rho, rounds };
}
