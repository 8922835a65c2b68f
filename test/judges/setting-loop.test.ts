import { describe, expect, it } from 'vitest';
import { profileEpisode } from '../../src/judges/episode-profile.js';
import { RubricJudge } from '../../src/judges/rubric-judge.js';
import { inferredSettingLoop } from '../../src/judges/setting-loop.js';

const base = {
  id: 'base',
  plan: 'Train a small CNN with Adam on the images; report validation accuracy.',
  code: [
    'import torch',
    'class CNN(torch.nn.Module):',
    '    def __init__(self):',
    '        self.conv = torch.nn.Conv2d(1, 16, 3)',
    'model = CNN()',
    'opt = torch.optim.Adam(model.parameters(), lr=1e-3)',
    'for epoch in range(10):',
    '    train(model, opt)',
    'print(evaluate(model))',
  ].join('\n'),
  summary: null,
};
/** The CNN takes a width, and the script trains one model per width: a study of a plain setting. */
const widthStudy = base.code
  .replace(
    '    def __init__(self):\n        self.conv = torch.nn.Conv2d(1, 16, 3)',
    '    def __init__(self, width):\n        self.conv = torch.nn.Conv2d(1, width, 3)',
  )
  .replace('model = CNN()', 'widths = [8, 16, 32]\nfor width in widths:\n    model = CNN(width)');
const loopOf = (code: string) => inferredSettingLoop(profileEpisode({ ...base, id: 'next', code }), profileEpisode(base));

describe('inferredSettingLoop', () => {
  it('reads an added loop over a literal list of a plain setting, with the rest of the code threaded through', () => {
    expect(loopOf(widthStudy)).toBe('width');
    expect(
      loopOf(
        base.code.replace(
          'opt = torch.optim.Adam(model.parameters(), lr=1e-3)',
          'for lr in [1e-2, 1e-3]:\n    opt = torch.optim.Adam(model.parameters(), lr=lr)',
        ),
      ),
    ).toBe('lr');
  });

  it('is none for a loop over a list the change does not write, over a mechanism, or one the reference had', () => {
    expect(loopOf(widthStudy.replace('widths = [8, 16, 32]\n', ''))).toBeNull();
    expect(
      loopOf(base.code.replace('model = CNN()', 'schemes = ["xavier", "kaiming"]\nfor scheme in schemes:\n    model = CNN(init=scheme)')),
    ).toBeNull();
    expect(
      inferredSettingLoop(
        profileEpisode({ ...base, id: 'again', code: `${widthStudy}\n# again` }),
        profileEpisode({ ...base, code: widthStudy }),
      ),
    ).toBeNull();
  });

  it("gives a width study the same routine verdict with or without AI-Scientist-v2's ablation header", () => {
    const judge = new RubricJudge();
    const plan = 'We extend the CNN to take a width parameter and train it at widths 8, 16 and 32.';
    const withHeader = judge.verdict({
      runId: 'header',
      episode: { id: 'study', plan, code: widthStudy, summary: null, metadata: { ablationName: 'Network Width Ablation' } },
      earlier: [base],
    });
    const withoutHeader = judge.verdict({
      runId: 'plain',
      episode: { id: 'study', plan, code: widthStudy, summary: null },
      earlier: [base],
    });
    expect([withHeader.score, withoutHeader.score]).toEqual([0, 0]);
    expect(withoutHeader.rationale).toContain('loops over values of the plain setting "width"');
  });
});
