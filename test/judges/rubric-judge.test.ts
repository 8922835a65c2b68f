import { describe, expect, it } from 'vitest';
import { InvalidOptionsError } from '../../src/errors/invalid-options-error.js';
import type { JudgedEpisode, JudgeInput } from '../../src/judges/judge.js';
import { JudgeVerdictSchema, type JudgeVerdict } from '../../src/judges/judge-verdict.js';
import { RubricJudge } from '../../src/judges/rubric-judge.js';
import {
  baseline,
  episode,
  gradientBoostingCode,
  logTarget,
  newRegulariser,
  numbersOnly,
  pretrainedTransformer,
  ratioFeatures,
  recombined,
  sameCode,
  seedRerun,
} from './rubric-judge-fixtures.js';

const judge = new RubricJudge();
let runCounter = 0;

/** Judges `episode` against `earlier` in a run of its own. */
function verdictOf(judged: JudgedEpisode, earlier: readonly JudgedEpisode[], novelty?: Record<string, number>): JudgeVerdict {
  runCounter += 1;
  const verdict = judge.verdict({ runId: `run-${runCounter}`, episode: judged, earlier, ...(novelty ? { novelty } : {}) });
  // Every verdict is a valid judge verdict.
  expect(JudgeVerdictSchema.parse(verdict)).toEqual(verdict);
  return verdict;
}

describe('RubricJudge on hand-made episodes', () => {
  it('a seed re-run is routine, and says so', () => {
    const verdict = verdictOf(seedRerun, [baseline]);
    expect(verdict).toMatchObject({ score: 0, label: 'Routine', modes: [], judge: 'rubric-v1' });
    expect(verdict.rationale).toMatch(/seeds/);
    expect(verdict.confidence).toBeGreaterThan(0.9);
  });

  it('a change of numeric literals only is routine', () => {
    const verdict = verdictOf(numbersOnly, [baseline]);
    expect(verdict.score).toBe(0);
    expect(verdict.rationale).toMatch(/only in numeric literals/);
  });

  it('the same normalised code as an earlier episode is routine', () => {
    const verdict = verdictOf(sameCode, [baseline, logTarget]);
    expect(verdict.score).toBe(0);
    expect(verdict.rationale).toContain('same normalised code as episode e0');
  });

  it('a change of what is printed or saved only is routine', () => {
    const logging = episode(
      'logging',
      'Log more.',
      `${gradientBoostingCode}print("done")\nimport json\njson.dump({"ok": 1}, open("out.json", "w"))\n`,
      { parentEpisodeId: 'e0' },
    );
    const verdict = verdictOf(logging, [baseline]);
    expect(verdict.score).toBe(0);
    expect(verdict.rationale).toMatch(/logging, plotting or saving/);
  });

  it('a new regulariser within the same model family is exploratory', () => {
    const verdict = verdictOf(newRegulariser, [baseline], { 'nearest-neighbour': 0.3 });
    expect(verdict).toMatchObject({ score: 2, label: 'Exploratory', modes: ['exploratory'] });
    expect(verdict.rationale).toContain('early-stopping');
    expect(verdict.rationale).toContain('distance 0.30');
  });

  it('carrying a component of one branch into another is combinational', () => {
    const verdict = verdictOf(recombined, [baseline, logTarget, ratioFeatures], { 'nearest-neighbour': 0.2 });
    expect(verdict).toMatchObject({ score: 1, label: 'Combinational', modes: ['combinational'] });
    expect(verdict.rationale).toContain('2 of 2 added lines come from earlier episodes other than episode features');
  });

  it('fine-tuning a pretrained transformer after gradient boosting is transformational', () => {
    const verdict = verdictOf(pretrainedTransformer, [baseline, logTarget], { 'nearest-neighbour': 0.8 });
    expect(verdict).toMatchObject({ score: 4, label: 'Transformational', modes: ['transformational'] });
    expect(verdict.rationale).toMatch(/transformer models/);
    expect(verdict.rationale).toMatch(/text input/);
  });

  it('sweeps are routine unless they switch on a new mechanism', () => {
    const sweep = (id: string, name: string, code: string) =>
      episode(id, `Sweep ${name}.`, code, { parentEpisodeId: 'e0', metadata: { hyperparameterName: name } });
    const learningRate = sweep(
      'lr',
      'learning_rate',
      gradientBoostingCode.replace('model = lgb', 'for learning_rate in [0.1, 0.05]:\n    model = lgb'),
    );
    expect(verdictOf(learningRate, [baseline]).score).toBe(0);
    const earlyStopping = sweep('es', 'early_stopping_rounds', newRegulariser.code);
    const verdict = verdictOf(earlyStopping, [baseline]);
    expect(verdict.score).toBe(2);
    expect(verdict.rationale).toMatch(/switches on a mechanism new to the run \(early-stopping\)/);
  });

  it('an ablation of a component is exploratory, one of a plain setting routine', () => {
    const ablation = (id: string, name: string) =>
      episode(id, `Ablation: ${name}.`, ratioFeatures.code.replace('num_leaves=31', 'num_leaves=15'), { metadata: { ablationName: name } });
    expect(verdictOf(ablation('feature', 'Engineered Feature Removal Ablation'), [baseline]).score).toBe(2);
    expect(verdictOf(ablation('depth', 'Tree Depth Ablation'), [baseline]).score).toBe(0);
  });

  it('scores the first episode by convention', () => {
    expect(verdictOf(baseline, []).score).toBe(2);
  });
});

describe('RubricJudge as a Judge', () => {
  it('judge() resolves to the synchronous verdict and rejects once aborted', async () => {
    const input: JudgeInput = { runId: 'async', episode: newRegulariser, earlier: [baseline] };
    const fresh = new RubricJudge();
    expect(await fresh.judge(input)).toEqual(fresh.verdict(input));
    await expect(fresh.judge(input, { signal: AbortSignal.abort() })).rejects.toThrow();
    expect(fresh.specificationVersion).toBe('v1');
  });

  it('gives the same verdicts incrementally, from scratch, and after a history that is not a prefix', () => {
    const run = [baseline, logTarget, ratioFeatures, recombined, numbersOnly, newRegulariser, seedRerun, pretrainedTransformer];
    const incremental = new RubricJudge();
    const inOrder = run.map((judged, index) => incremental.verdict({ runId: 'r', episode: judged, earlier: run.slice(0, index) }));
    const fromScratch = run.map((judged, index) =>
      new RubricJudge().verdict({ runId: 'r', episode: judged, earlier: run.slice(0, index) }),
    );
    expect(inOrder).toEqual(fromScratch);
    // A different earlier list (here: reversed) rebuilds the history rather than trusting the cache.
    const reversed = [...run.slice(0, 4)].reverse();
    expect(incremental.verdict({ runId: 'r', episode: numbersOnly, earlier: reversed })).toEqual(
      new RubricJudge().verdict({ runId: 'r', episode: numbersOnly, earlier: reversed }),
    );
  });

  it('keeps at most maxCachedRuns runs and forgets a run on request', () => {
    const small = new RubricJudge({ maxCachedRuns: 1 });
    const first = small.verdict({ runId: 'a', episode: logTarget, earlier: [baseline] });
    small.verdict({ runId: 'b', episode: logTarget, earlier: [baseline] });
    small.forgetRun('b');
    expect(small.verdict({ runId: 'a', episode: logTarget, earlier: [baseline] })).toEqual(first);
  });

  it('rejects bad options with the option named', () => {
    expect(() => new RubricJudge({ maxCachedRuns: 0 })).toThrow(InvalidOptionsError);
    expect(() => new RubricJudge({ parameters: { transformationalDistance: 2 } })).toThrow(/parameters\.transformationalDistance/);
  });
});
