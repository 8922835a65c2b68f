import { createSeededRandom, type RandomSource } from '../../src/index.js';

/** A modelling approach of the scripted task: its concept id, code, and the score range refinements climb. */
interface Paradigm {
  readonly concept: string;
  readonly plan: string;
  readonly imports: string;
  readonly model: string;
  /** Score of the plain draft. */
  readonly base: number;
  /** What refinements approach but never pass: the paradigm's ceiling. */
  readonly ceiling: number;
}

const paradigm = (concept: string, plan: string, imports: string, model: string, base: number, ceiling: number): Paradigm => ({
  concept,
  plan,
  imports,
  model,
  base,
  ceiling,
});

// In the order a directed agent tries them: the multilayer perceptron has the highest ceiling of all.
const paradigms: readonly Paradigm[] = [
  paradigm('lightgbm', 'Train a LightGBM regressor', 'import lightgbm as lgb', 'lgb.LGBMRegressor', 0.8, 0.84),
  paradigm('xgboost', 'Train an XGBoost regressor', 'import xgboost as xgb', 'xgb.XGBRegressor', 0.79, 0.835),
  paradigm(
    'random-forest',
    'Fit a random forest',
    'from sklearn.ensemble import RandomForestRegressor',
    'RandomForestRegressor',
    0.76,
    0.79,
  ),
  paradigm(
    'multilayer-perceptron',
    'Train a multilayer perceptron',
    'from sklearn.neural_network import MLPRegressor',
    'MLPRegressor',
    0.78,
    0.88,
  ),
  paradigm(
    'gaussian-process',
    'Fit a Gaussian process regressor',
    'from sklearn.gaussian_process import GaussianProcessRegressor',
    'GaussianProcessRegressor',
    0.74,
    0.8,
  ),
  paradigm(
    'extra-trees',
    'Fit extremely randomised trees',
    'from sklearn.ensemble import ExtraTreesRegressor',
    'ExtraTreesRegressor',
    0.75,
    0.78,
  ),
  paradigm('support-vector-machine', 'Fit a support vector regressor (SVR)', 'from sklearn.svm import SVR', 'SVR', 0.72, 0.75),
  paradigm('ridge-regression', 'Fit a ridge regression', 'from sklearn.linear_model import Ridge', 'Ridge', 0.7, 0.73),
];

/** The paradigms an unprompted agent keeps returning to: its P-creativity collapses. */
const habits = ['lightgbm', 'xgboost', 'lightgbm', 'random-forest', 'xgboost', 'lightgbm', 'extra-trees'];

const techniques: readonly { readonly plan: string; readonly line: string }[] = [
  { plan: 'add target encoding of the categorical columns', line: 'X = TargetEncoder().fit_transform(X, y)  # target encoding' },
  { plan: 'standardise the features with a StandardScaler', line: 'X = StandardScaler().fit_transform(X)' },
  { plan: 'use early stopping on a hold-out fold', line: 'fit_params = {"early_stopping_rounds": 50}  # early stopping' },
  { plan: 'apply a log transform of the target', line: 'y = np.log1p(y)  # log transform' },
  {
    plan: 'add polynomial features of the numeric columns',
    line: 'X = PolynomialFeatures(degree=2).fit_transform(X)  # polynomial features',
  },
  { plan: 'run feature selection by importance', line: 'X = SelectFromModel(model).fit_transform(X, y)  # feature selection' },
  { plan: 'average several seeds (seed averaging)', line: 'predictions = np.mean(seed_runs, axis=0)  # seed averaging' },
];

/** A plan and its code, as every scripted operator returns. */
export interface ScriptedProposal {
  readonly plan: string;
  readonly code: string;
}

/** A deterministic stand-in for an LLM research agent and its evaluator (no network, no code execution). */
export interface ScriptedResearch {
  /** A new solution; with a novelty directive it picks a paradigm the directive does not name. */
  draft(directive?: string): ScriptedProposal;
  /** One atomic change: a new technique, or (half the time) a hyperparameter tweak that only changes numbers. */
  improve(parent: ScriptedProposal, directive?: string): ScriptedProposal;
  /** Removes the bug (most of the time). */
  debug(parent: ScriptedProposal): ScriptedProposal;
  /** Blends two solutions' predictions. */
  crossover(first: ScriptedProposal, second: ScriptedProposal): ScriptedProposal;
  /** The "validation metric" read off the code (higher is better), or buggy. */
  evaluate(proposal: ScriptedProposal): { metric: number | null; buggy: boolean };
}

/** A scripted research agent that drifts into refining a few habitual paradigms unless told otherwise. */
export function createScriptedResearch(seed = 0): ScriptedResearch {
  const random: RandomSource = createSeededRandom(seed);
  let drafts = 0;
  const withBug = (code: string): string => (random() < 0.2 ? `${code}\n# bug: KeyError on column "price"\nX["price"].fillna(` : code);
  const render = (paradigm: Paradigm, refinements: number, lines: readonly string[], estimators: number, plan: string) => ({
    plan,
    code: [
      `# approach: ${paradigm.concept}`,
      `# refinements: ${refinements}`,
      paradigm.imports,
      'from sklearn.model_selection import cross_val_score',
      ...lines,
      `model = ${paradigm.model}(n_estimators=${estimators})`,
      'print(cross_val_score(model, X, y, cv=5).mean())',
    ].join('\n'),
  });

  return {
    draft(directive) {
      const concept = habits[drafts % habits.length]!;
      drafts += 1;
      const unnamed = directive === undefined ? undefined : paradigms.find((paradigm) => !directive.includes(paradigm.concept));
      const paradigm = unnamed ?? paradigms.find((each) => each.concept === concept)!;
      const proposal = render(paradigm, 0, [], 100, `${paradigm.plan} with 5-fold cross-validation.`);
      return { ...proposal, code: withBug(proposal.code) };
    },
    improve(parent) {
      const { paradigm, refinements, lines, estimators } = parse(parent.code);
      const unused = techniques.filter((technique) => !lines.includes(technique.line));
      // A blend is improved by refining its first member.
      if (paradigm === undefined) {
        return renderBlend(membersOf(parent.code).map(([concept, count], index) => [concept, index === 0 ? count + 1 : count]));
      }
      if (unused.length === 0 || random() < 0.5) {
        const next = render(
          paradigm,
          refinements + 1,
          lines,
          estimators + 100,
          `${paradigm.plan}; tune n_estimators to ${estimators + 100}.`,
        );
        return { ...next, code: withBug(next.code) };
      }
      const technique = unused[Math.floor(random() * unused.length)]!;
      const next = render(paradigm, refinements + 1, [...lines, technique.line], estimators, `${paradigm.plan}; ${technique.plan}.`);
      return { ...next, code: withBug(next.code) };
    },
    debug(parent) {
      if (random() < 0.3) return { plan: `${parent.plan} (attempted fix)`, code: parent.code.replace('KeyError', 'IndexError') };
      return { plan: `${parent.plan} (fixed)`, code: parent.code.split('\n# bug:')[0]! };
    },
    crossover(first, second) {
      const members = new Map<string, number>();
      for (const [concept, refinements] of [...membersOf(first.code), ...membersOf(second.code)]) {
        members.set(concept, Math.max(refinements, members.get(concept) ?? 0));
      }
      return renderBlend([...members]);
    },
    evaluate(proposal) {
      if (proposal.code.includes('# bug:')) return { metric: null, buggy: true };
      if (proposal.code.includes('# approach: blend')) {
        const scores = membersOf(proposal.code).map(([concept, refinements]) =>
          score(
            paradigms.find((paradigm) => paradigm.concept === concept),
            refinements,
            proposal.code,
          ),
        );
        return { metric: Math.max(0, ...scores) + 0.004, buggy: false };
      }
      const { paradigm, refinements } = parse(proposal.code);
      return paradigm === undefined ? { metric: null, buggy: true } : { metric: score(paradigm, refinements, proposal.code), buggy: false };
    },
  };
}

/** A blend of paradigms, each with its refinement count. */
function renderBlend(members: readonly (readonly [string, number])[]): ScriptedProposal {
  const concepts = members.map(([concept]) => concept);
  return {
    plan: `Blend the predictions of ${concepts.join(' and ')} with a weighted average blend.`,
    code: [
      '# approach: blend',
      `# blend-of: ${members.map(([concept, refinements]) => `${concept}:${refinements}`).join(', ')}`,
      ...concepts.map((concept) => paradigms.find((paradigm) => paradigm.concept === concept)!.imports),
      'prediction = np.mean([member.predict(X_test) for member in members], axis=0)  # weighted average blend',
    ].join('\n'),
  };
}

/** The paradigms in a solution with their refinement counts: one, or a blend's members. */
function membersOf(code: string): [string, number][] {
  const blend = /^# blend-of: (.*)$/m.exec(code);
  if (blend !== null) return blend[1]!.split(', ').map((member) => [member.split(':')[0]!, Number(member.split(':')[1])]);
  const { paradigm, refinements } = parse(code);
  return paradigm === undefined ? [] : [[paradigm.concept, refinements]];
}

function parse(code: string) {
  const concept = /^# approach: (.*)$/m.exec(code)?.[1];
  const techniqueLines = techniques.map((technique) => technique.line).filter((line) => code.includes(line));
  return {
    paradigm: paradigms.find((paradigm) => paradigm.concept === concept),
    refinements: Number(/^# refinements: (\d+)$/m.exec(code)?.[1] ?? 0),
    lines: techniqueLines,
    estimators: Number(/n_estimators=(\d+)/.exec(code)?.[1] ?? 100),
  };
}

/** Refinements climb towards the paradigm's ceiling with diminishing returns; a tiny code-dependent jitter. */
function score(paradigm: Paradigm | undefined, refinements: number, code: string): number {
  if (paradigm === undefined) return 0;
  let hash = 0;
  for (let index = 0; index < code.length; index += 1) hash = (hash * 31 + code.charCodeAt(index)) >>> 0;
  return paradigm.base + (paradigm.ceiling - paradigm.base) * (1 - 0.6 ** refinements) + (hash % 1000) / 1e6;
}

/**
 * The scripted research as the operators every adapter takes (AIDE's, MCTS's and the evolutionary solver's shapes all
 * accept them): draft, improve, debug and crossover, each reading only the directive and its parents.
 */
export function scriptedOperators(research: ScriptedResearch) {
  return {
    draft: ({ directive }: { readonly directive?: string }) => research.draft(directive),
    improve: ({ parent, directive }: { readonly parent: ScriptedProposal; readonly directive?: string }) =>
      research.improve(parent, directive),
    debug: ({ parent }: { readonly parent: ScriptedProposal }) => research.debug(parent),
    crossover: ({ parents: [first, second] }: { readonly parents: readonly [ScriptedProposal, ScriptedProposal] }) =>
      research.crossover(first, second),
  };
}
