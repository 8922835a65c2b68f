import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAideGreedyExample } from '../examples/aide-greedy-loop.js';
import { runEvolutionaryExample } from '../examples/evolutionary-loop.js';
import { runLangChainOperatorExample } from '../examples/langchain-operator-loop.js';
import { runMctsExample } from '../examples/mcts-loop.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from './fakes/fake-openai-server.js';

describe('scripted examples (tiny budgets)', () => {
  it.each([
    ['AIDE greedy', runAideGreedyExample],
    ['MCTS', runMctsExample],
    ['evolutionary', runEvolutionaryExample],
  ] as const)('%s runs unshaped and shaped, printing the tree and the shaping events', async (_name, example) => {
    const printed: string[] = [];
    const unshaped = await example({ budget: 12, shaped: false, print: (text) => printed.push(text) });
    const shaped = await example({ budget: 12, shaped: true, print: (text) => printed.push(text) });
    expect(unshaped.evaluated).toBeGreaterThan(0);
    expect(shaped.evaluated).toBeGreaterThan(0);
    expect(unshaped.shaping).toBeUndefined();
    expect(shaped.shaping?.selections).toBeGreaterThan(0);
    expect(printed[0]).toContain('(unshaped)');
    expect(printed[1]).toContain('(shaped)');
    expect(printed[1]).toContain('--- shaping events ---');
    expect(printed[1]).toMatch(/\[draft\]/);
  });

  it('switches to explore mode and back within a longer AIDE run', async () => {
    const report = await runAideGreedyExample({ budget: 40, seed: 2 });
    expect(report.shaping?.modeChanges).toBeGreaterThan(0);
    expect(report.shaping?.rejections).toBeGreaterThan(0);
  });
});

describe('LangChain operator example against a fake OpenAI-compatible server', () => {
  let server: FakeOpenAiServer;
  let replies = 0;

  beforeAll(async () => {
    server = await startFakeOpenAiServer({
      chat: (body) => {
        replies += 1;
        const prompt = JSON.stringify(body.messages);
        if (prompt.includes('Novelty directive')) {
          return 'Switch paradigm: a multilayer perceptron on standardised features.\n```python\nfrom sklearn.neural_network import MLPRegressor\nfrom sklearn.preprocessing import StandardScaler\nprint(score)\n```';
        }
        if (prompt.includes('had a bug')) return 'Fix the missing import.\n```python\nimport lightgbm as lgb\nprint(score)\n```';
        if (replies % 4 === 0) return 'I could not write code this time.';
        const technique = ['target encoding', 'early stopping', 'seed averaging', 'feature selection'][replies % 4];
        return `Train LightGBM with ${technique}.\n\`\`\`python\nimport lightgbm as lgb\n# ${technique}\nmodel = lgb.LGBMRegressor(n_estimators=${100 * replies})\nprint(score)\n\`\`\``;
      },
    });
  });

  afterAll(async () => {
    await server.close();
  });

  it('drafts, improves and debugs through the real client, with shaping', async () => {
    const report = await runLangChainOperatorExample({ baseURL: server.baseURL, model: 'fake-chat', apiKey: 'test', budget: 6 });
    expect(report.evaluated).toBeGreaterThan(0);
    const chats = server.requests.filter((request) => request.path === '/v1/chat/completions');
    expect(chats.length).toBeGreaterThanOrEqual(report.evaluated);
    expect(JSON.stringify(chats[0]?.body)).toContain('Kaggle grandmaster');
    expect(report.tree).toMatch(/\[(improve|debug)\]/);
  });
});
