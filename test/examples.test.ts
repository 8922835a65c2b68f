import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAideGreedyExample } from '../examples/aide-greedy-loop.js';
import { runEvolutionaryExample } from '../examples/evolutionary-loop.js';
import { runLangChainAgentExample } from '../examples/langchain-agent.js';
import { runLangChainOperatorExample } from '../examples/langchain-operator-loop.js';
import { runLangGraphTreeSearchExample } from '../examples/langgraph-tree-search.js';
import { runMctsExample } from '../examples/mcts-loop.js';
import { runQualityDiversityExample } from '../examples/quality-diversity-loop.js';
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

  it('runs AIDE with a quality-diversity archive over concepts: watching only, then choosing parents', async () => {
    const printed: string[] = [];
    const watching = await runQualityDiversityExample({ budget: 20, archived: false, print: (text) => printed.push(text) });
    const choosing = await runQualityDiversityExample({ budget: 20, archived: true, print: (text) => printed.push(text) });
    for (const report of [watching, choosing]) {
      expect(report.evaluated).toBe(20);
      expect(report.coverage).toBe(report.cells.length);
      expect(report.coverage).toBeGreaterThan(0);
      // Every filled cell counts at most 1 with the metric's range [0, 1].
      expect(report.qdScore).toBeGreaterThan(0);
      expect(report.qdScore).toBeLessThanOrEqual(report.coverage);
    }
    expect(watching.cells.every((cell) => cell.endsWith('(0 visits)'))).toBe(true);
    expect(choosing.cells.some((cell) => !cell.endsWith('(0 visits)'))).toBe(true);
    expect(printed[1]).toMatch(/coverage \d+ cells; QD-score \d\.\d{3}/);
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

  it.each([
    ['greedy', 'AIDE greedy', ['draft', 'improve']],
    ['mcts', 'MCTS', ['draft', 'improve']],
    ['evolutionary', 'Evolutionary search', ['draft']],
  ] as const)(
    'runs the search as a LangGraph graph (policy %s) through the real client, to its budget',
    async (policy, title, operators) => {
      const printed: string[] = [];
      const before = server.requests.length;
      const report = await runLangGraphTreeSearchExample({
        baseURL: server.baseURL,
        model: 'fake-chat',
        apiKey: 'test',
        budget: 6,
        policy,
        print: (text) => printed.push(text),
      });
      expect(report.journal.length + report.rejections).toBeGreaterThanOrEqual(6);
      expect(report.journal.length).toBeGreaterThan(0);
      expect(server.requests.length - before).toBeGreaterThanOrEqual(report.journal.length);
      expect(report.journal.map((node) => node.operator)).toEqual(expect.arrayContaining([...operators]));
      expect(report.journal.some((node) => node.operator !== 'draft')).toBe(true);
      expect(printed[0]).toContain(`=== ${title} as a LangGraph graph, with fake-chat ===`);
      expect(printed[0]).toContain('--- shaping events ---');
    },
  );
});

describe('LangChain agent example (createAgent + bodenMiddleware) against a fake OpenAI-compatible server', () => {
  /** A scripted "model": boosting, a near-copy of it, tuned boosting; when the system prompt carries the directive, kNN and then linear. */
  const plans = [
    { plan: 'Gradient boosting with default settings.', pipeline: { model: { family: 'boosting' } } },
    { plan: 'Gradient boosting with default settings again.', pipeline: { model: { family: 'boosting' } } },
    { plan: 'Gradient boosting with more, slower trees.', pipeline: { model: { family: 'boosting', estimators: 200, learningRate: 0.1 } } },
    {
      plan: 'Gradient boosting, shallower trees.',
      pipeline: { model: { family: 'boosting', estimators: 200, learningRate: 0.1, maxDepth: 3 } },
    },
    // Tuning that does not help: the run stalls.
    { plan: 'Gradient boosting with fewer trees.', pipeline: { model: { family: 'boosting', estimators: 50 } } },
    { plan: 'Gradient boosting with deeper trees.', pipeline: { model: { family: 'boosting', maxDepth: 10 } } },
    { plan: 'Gradient boosting with a larger minimum child weight.', pipeline: { model: { family: 'boosting', minChildWeight: 20 } } },
  ];
  const directed = [
    {
      plan: 'k nearest neighbours on scaled inputs.',
      pipeline: { model: { family: 'knn', neighbors: 7 }, preprocessing: { scaling: 'standard' } },
    },
    { plan: 'A ridge regression.', pipeline: { model: { family: 'linear', alpha: 1 } } },
  ];
  const systemText = (body: Record<string, unknown>) =>
    JSON.stringify((body.messages as { role: string; content: unknown }[]).filter((message) => message.role === 'system'));

  it('cross-validates the experiments for real, refuses the near-copy, and follows the directive once the run stalls', async () => {
    let toolTurns = 0;
    let directedTurns = 0;
    const server = await startFakeOpenAiServer({
      chat: (body) => {
        const answered = (body.messages as { role: string }[]).filter((message) => message.role === 'tool').length;
        const next =
          systemText(body).includes('Novelty directive') && directedTurns < directed.length
            ? directed[directedTurns++]!
            : plans[toolTurns++];
        if (next === undefined) return 'The best pipeline is gradient boosting with 200 trees.';
        return { content: null, toolCalls: [{ name: 'run_experiment', arguments: next, id: `call_${answered}` }] };
      },
    });
    try {
      const printed: string[] = [];
      const report = await runLangChainAgentExample({
        baseURL: server.baseURL,
        model: 'fake-chat',
        apiKey: 'test',
        maxSteps: 12,
        print: (text) => printed.push(text),
      });
      expect(report.task).toBe('cars-mpg');
      // The copy of the first experiment was refused and never cross-validated.
      expect(report.experiments[1]).toMatchObject({ accepted: false, score: null });
      expect(report.evaluated).toBe(report.experiments.filter((experiment) => experiment.accepted).length);
      // Real 5-fold CV RMSE on cars-mpg: between the card's top-1 (2.69) and its baseline (7.83).
      for (const experiment of report.experiments.filter((item) => item.accepted)) expect(experiment.score!).toBeGreaterThan(2.6);
      expect(report.best!).toBeLessThan(4);
      expect(report.modeChanges).toBeGreaterThan(0);
      expect(directedTurns).toBeGreaterThan(0);
      expect(report.answer).toContain('best pipeline');
      expect(printed.join('\n')).toContain('refused (near-duplicate)');
    } finally {
      await server.close();
    }
  }, 120_000);
});
