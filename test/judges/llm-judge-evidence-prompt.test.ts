import { describe, expect, it } from 'vitest';
import { LlmJudge } from '../../src/judges/llm-judge.js';
import { answer, chatModel, episode, scripted, serve } from './llm-judge-fixtures.js';

const base = episode(0, {
  plan: 'Train a two-layer MLP with Adam (learning rate 1e-3) on the tabular features.',
  code: 'import torch\nnet = torch.nn.Sequential(torch.nn.Linear(8, 64), torch.nn.ReLU())\nopt = torch.optim.Adam(net.parameters(), lr=1e-3)\ntrain(net, opt)',
});
const other = episode(1);
const sweep = episode(2, {
  plan: 'Keep the model and only vary the step size of Adam.',
  code: 'import torch\nnet = torch.nn.Sequential(torch.nn.Linear(8, 64), torch.nn.ReLU())\nfor lr in [1e-2, 1e-3, 1e-4]:\n    opt = torch.optim.Adam(net.parameters(), lr=lr)\ntrain(net, opt)',
});
const input = {
  runId: 'evidence',
  episode: sweep,
  earlier: [base, other],
  novelty: { 'nearest-neighbour': 0.12, centroid: 0.4 },
  concepts: {
    episode: ['adam', 'multilayer-perceptron'],
    earlier: new Map([
      ['node-0', ['adam', 'multilayer-perceptron']],
      ['node-1', ['lightgbm']],
    ]),
  },
};

/** The system and user messages of the judge's first request. */
function messages(body: unknown): { system: string; user: string } {
  const sent = (body as { messages: { role: string; content: unknown }[] }).messages;
  const text = (content: unknown) =>
    typeof content === 'string' ? content : (content as { text: string }[]).map((block) => block.text).join('');
  return {
    system: text(sent.find((message) => message.role === 'system')!.content),
    user: text(sent.find((message) => message.role === 'user')!.content),
  };
}

describe('LlmJudge prompt: evidence', () => {
  it('shows the model what boden measured, quoted as data, with the decomposed procedure; the plain prompt does not', async () => {
    const server = await serve({ chat: scripted(answer(0), answer(0)) });
    const nonces = ['a1b2c3d4e5f60718', 'f0e1d2c3b4a59687'];
    const withEvidence = new LlmJudge({ model: chatModel(server), prompt: 'evidence', cache: false, nonce: () => nonces[0]! });
    expect((await withEvidence.judge(input)).score).toBe(0);
    const plain = new LlmJudge({ model: chatModel(server), cache: false, nonce: () => nonces[1]! });
    await plain.judge(input);
    const [evidenceRequest, plainRequest] = server.requests.map((request) => messages(request.body));
    const section = /## Evidence \(measured by boden from the texts\)\n<data-a1b2c3d4e5f60718>\n([\s\S]*?)\n<\/data-a1b2c3d4e5f60718>/.exec(
      evidenceRequest!.user,
    );
    expect(section, evidenceRequest!.user.slice(-1200)).not.toBeNull();
    const evidence = section![1]!;
    // The closest earlier episode is the MLP (episode 1 of 2), not the boosting one; the change is only a sweep.
    expect(evidence).toContain('Closest earlier episode: 1 (2 substantive code lines added, 1 dropped against it).');
    expect(evidence).toContain('only sweeps the value of "lr"');
    expect(evidence).toContain('new to the run: none');
    expect(evidence).toContain('nearest-neighbour 0.12');
    expect(evidenceRequest!.system).toContain('Read the evidence section');
    expect(plainRequest!.user).not.toContain('## Evidence');
    expect(plainRequest!.system).not.toContain('Read the evidence section');
  });

  it('refuses an unknown prompt kind, naming the option', () => {
    expect(() => new LlmJudge({ model: { invoke() {}, withStructuredOutput() {} } as never, prompt: 'fancy' as never })).toThrow(/prompt/);
  });
});
