import { describe, expect, it } from 'vitest';
import { profileEpisode } from '../../src/judges/episode-profile.js';
import { inferredSweep } from '../../src/judges/inferred-sweep.js';
import { RubricJudge } from '../../src/judges/rubric-judge.js';

const base = {
  id: 'base',
  plan: 'Train a two-layer MLP with Adam (learning rate 1e-3) on the tabular features; report validation accuracy.',
  code: [
    'import torch',
    'net = torch.nn.Sequential(torch.nn.Linear(8, 64), torch.nn.ReLU(), torch.nn.Linear(64, 2))',
    'opt = torch.optim.Adam(net.parameters(), lr=1e-3)',
    'for epoch in range(20):',
    '    train(net, opt)',
    'print(evaluate(net))',
  ].join('\n'),
  summary: null,
};
const sweepCode = base.code.replace(
  'opt = torch.optim.Adam(net.parameters(), lr=1e-3)',
  'for lr in [1e-2, 1e-3, 1e-4]:\n    opt = torch.optim.Adam(net.parameters(), lr=lr)',
);
const sweepOf = (code: string) => inferredSweep(profileEpisode({ ...base, id: 'next', code }), profileEpisode(base));

describe('inferredSweep', () => {
  it('reads a loop over literal values that replaces one literal as a sweep of that variable', () => {
    expect(sweepOf(sweepCode)).toBe('lr');
    // A changed call without a loop is no sweep; a loop over strings that replaces one is.
    expect(sweepOf(base.code.replace('torch.optim.Adam(net.parameters(), lr=1e-3)', 'make_optimiser("adam", net)'))).toBeNull();
    const byName = base.code.replace('opt = torch.optim.Adam(net.parameters(), lr=1e-3)', 'opt = make_optimiser("adam", net)');
    expect(
      inferredSweep(
        profileEpisode({
          ...base,
          id: 'n',
          code: byName.replace('opt = make_optimiser("adam", net)', 'for name in ("adam", "sgd"):\n    opt = make_optimiser(name, net)'),
        }),
        profileEpisode({ ...base, code: byName }),
      ),
    ).toBe('name');
    // A literal loop whose variable replaces nothing is no sweep.
    expect(sweepOf(base.code.replace('for epoch in range(20):', 'for epochs in range(5):\n    pass\nfor epoch in range(20):'))).toBeNull();
  });

  it('is no sweep when the loop comes with any other change', () => {
    expect(sweepOf(sweepCode.replace('torch.nn.ReLU()', 'torch.nn.GELU()'))).toBeNull();
    expect(sweepOf(sweepCode.replace('print(evaluate(net))', 'print(evaluate(net))\nnet = torch.compile(net)'))).toBeNull();
    // Removing a line is an ablation, not a sweep.
    expect(sweepOf(base.code.replace('    train(net, opt)\n', ''))).toBeNull();
  });

  it("gives a sweep the same verdict however its plan words it, with or without AI-Scientist-v2's header", () => {
    const judge = new RubricJudge();
    const plans = [
      'Hyperparam tuning name: learning_rate. We try learning rates 1e-2, 1e-3 and 1e-4 for the same MLP.',
      'Sweep the learning rate of the same MLP over 1e-2, 1e-3 and 1e-4 and keep the best.',
      'Keep the model as it is and only vary the step size of Adam (0.01, 0.001, 0.0001).',
    ];
    const verdicts = plans.map((plan, index) =>
      judge.verdict({ runId: `paraphrase-${index}`, episode: { id: 'sweep', plan, code: sweepCode, summary: null }, earlier: [base] }),
    );
    expect(verdicts.map((verdict) => verdict.score)).toEqual([0, 0, 0]);
    for (const verdict of verdicts) expect(verdict.rationale).toContain('a sweep of the hyper-parameter "lr"');
  });

  it('gives an ablation (a component removed) the same verdict in any wording: 2, as the rubric says', () => {
    const judge = new RubricJudge();
    const withDropout = { ...base, code: base.code.replace('torch.nn.ReLU(), ', 'torch.nn.ReLU(), torch.nn.Dropout(0.5), ') };
    const plans = [
      'Ablation name: no_dropout. Remove the dropout layer and retrain.',
      'Remove the dropout layer from the network and retrain it to see what it contributes.',
      'Retrain without dropout to measure its effect.',
    ];
    const scores = plans.map(
      (plan, index) =>
        judge.verdict({
          runId: `ablation-${index}`,
          episode: { id: 'ablated', plan, code: base.code, summary: null },
          earlier: [withDropout],
        }).score,
    );
    expect(scores).toEqual([2, 2, 2]);
  });
});
