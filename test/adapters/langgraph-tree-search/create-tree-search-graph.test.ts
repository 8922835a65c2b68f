import { ChatOpenAI } from '@langchain/openai';
import { MemorySaver } from '@langchain/langgraph';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CheckpointMismatchError,
  createLangChainMctsOperators,
  createTreeSearchGraph,
} from '../../../adapters/langgraph-tree-search/index.js';
import { createMctsSearch, createUctSelector } from '../../../adapters/mcts/index.js';
import { createAideGreedySearch, createAideGreedySelector, type AideNode } from '../../../adapters/aide-greedy/index.js';
import { createScriptedResearch } from '../../../examples/support/scripted-research.js';
import { InvalidOptionsError } from '../../../src/errors/invalid-options-error.js';
import {
  adaptiveExploration,
  conceptDescriptors,
  createNoveltyScorer,
  noveltyGate,
  qualityDiversityArchive,
  scorerNoveltySource,
  wrapSelector,
  type QualityDiversityArchive,
} from '../../../src/index.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../fakes/fake-openai-server.js';

const families = [
  ['Gradient boosting on the raw features.', 'import lightgbm as lgb\nmodel = lgb.LGBMRegressor()'],
  ['Ridge regression on standardised features.', 'from sklearn.linear_model import Ridge\nmodel = Ridge()'],
  ['A small MLP trained with Adam.', 'import torch\nnet = torch.nn.Sequential(torch.nn.Linear(8, 64), torch.nn.ReLU())'],
] as const;
/** What the scripted model answers a novelty directive with: an idea none of the drafts had. */
const offPrior = [
  'k nearest neighbours on scaled inputs.',
  'from sklearn.neighbors import KNeighborsRegressor\nmodel = KNeighborsRegressor(n_neighbors=7)',
] as const;

const components = [
  '\nfrom sklearn.decomposition import PCA\nX = PCA(n_components=8).fit_transform(X)',
  '\nfrom sklearn.preprocessing import TargetEncoder\nX = TargetEncoder().fit_transform(X, y)',
  '\nX["ratio"] = X["a"] / X["b"]',
  '\nfrom sklearn.model_selection import KFold\ncv = KFold(10)',
];

/**
 * A scripted model (one per fake server, answering in request order): drafts boosting twice (the second a copy for
 * the gate), then ridge and the MLP; an improvement adds the next component to its parent's code (target encoding
 * crashes: AIDE's policy then debugs by a random draw); a debug prompt gets a fix; the novelty directive gets kNN.
 */
function scriptedModel() {
  let drafts = 0;
  let improvements = 0;
  return (body: Record<string, unknown>): string => {
    const prompt = JSON.stringify(body.messages);
    const answer = (plan: string, code: string) => `${plan}\n\`\`\`python\n${code}\n\`\`\``;
    if (prompt.includes('Novelty directive')) return answer(offPrior[0], `${offPrior[1]}\n# directed ${improvements}`);
    if (prompt.includes('had a bug')) return answer('Drop the target encoding that broke.', `${families[0][1]}\n# fixed ${improvements}`);
    if (prompt.includes('Combine the two previous solutions'))
      return answer('Blend the two solutions.', `${families[1][1]}\n${families[2][1]}\n# blend ${improvements++}`);
    if (prompt.includes('Improve the previous solution')) {
      const previous = prompt.slice(prompt.indexOf('<previous_code>'));
      const family = [...families, offPrior].find(([, code]) => previous.includes(code.split('\n')[0]!)) ?? families[0];
      const component = components[improvements++ % components.length]!;
      return answer(`${family[0]} Adding a component.`, `${family[1]}${component}\n# improvement ${improvements}`);
    }
    const family = families[[0, 0, 1, 2][drafts++] ?? drafts % families.length]!;
    return answer(family[0], family[1]);
  };
}

const servers: FakeOpenAiServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

async function scriptedServer() {
  const server = await startFakeOpenAiServer({ chat: scriptedModel() });
  servers.push(server);
  return {
    server,
    model: new ChatOpenAI({ model: 'scripted', apiKey: 'not-needed', maxRetries: 0, configuration: { baseURL: server.baseURL } }),
  };
}

async function chatModel() {
  return (await scriptedServer()).model;
}

/** A deterministic stand-in for running the code: the family sets the metric, PCA adds a little, target encoding crashes. */
const evaluate = ({ code }: { code: string }) => ({
  buggy: code.includes('TargetEncoder'),
  metric:
    (code.includes('KNeighbors') ? 0.9 : code.includes('torch') ? 0.85 : code.includes('Ridge') ? 0.7 : 0.8) +
    (code.includes('PCA') ? 0.001 : 0),
});

const shaping = () => {
  const source = scorerNoveltySource({ scorer: createNoveltyScorer({ runId: 'graph' }) });
  return [noveltyGate({ source, threshold: 0.05 }), adaptiveExploration({ source, patience: 2, window: 2, threshold: 0.5 })];
};

describe('createTreeSearchGraph (real LangGraph and ChatOpenAI against the fake server)', () => {
  it('runs AIDE greedy search as select / propose / evaluate / observe, the gate keeping near-copies from evaluation', async () => {
    const evaluated: string[] = [];
    const graph = createTreeSearchGraph({
      model: await chatModel(),
      task: 'Predict house prices.',
      budget: 10,
      numDrafts: 3,
      shaping,
      evaluate: (node) => (evaluated.push(node.id), evaluate(node)),
    });
    const rejected: string[] = [];
    const modes: string[] = [];
    graph.events.on('candidate-rejected', (event) => rejected.push(event.id));
    graph.events.on('mode-changed', (event) => modes.push(event.to));
    const state = await graph.invoke({});
    expect(state.steps).toBe(10);
    expect(rejected.length).toBeGreaterThan(0);
    expect(state.rejections).toBe(rejected.length);
    for (const id of rejected) expect(evaluated).not.toContain(id);
    expect(state.journal.map((node) => node.id)).toEqual(evaluated);
    // Three drafts, then improvements of the best; once the run stalled the directive brought the off-prior idea.
    expect(state.journal.slice(0, 3).every((node) => node.operator === 'draft')).toBe(true);
    expect(state.journal.some((node) => node.operator === 'improve')).toBe(true);
    expect(state.journal.some((node) => node.buggy)).toBe(true);
    expect(modes).toContain('explore');
    expect(state.journal.some((node) => node.code.includes('KNeighbors'))).toBe(true);
  });

  it('resumes from its checkpoint after a crash in evaluation and ends with the journal of an uninterrupted run', async () => {
    const uninterrupted = await createTreeSearchGraph({
      model: await chatModel(),
      task: 'Predict house prices.',
      budget: 10,
      numDrafts: 3,
      shaping,
      evaluate,
    }).invoke({});

    const checkpointer = new MemorySaver();
    const thread = { configurable: { thread_id: 'crash' } };
    let calls = 0;
    const crashing = (node: { code: string }) => {
      calls += 1;
      if (calls === 5) throw new Error('the executor died');
      return evaluate(node);
    };
    const model = await chatModel();
    await expect(
      createTreeSearchGraph({
        model,
        task: 'Predict house prices.',
        budget: 10,
        numDrafts: 3,
        shaping,
        evaluate: crashing,
        checkpointer,
      }).invoke({}, thread),
    ).rejects.toThrow(/executor died/);
    // A new graph (as after a restart: fresh middleware) on the same checkpoint, resumed with no new input.
    const resumed = await createTreeSearchGraph({
      model,
      task: 'Predict house prices.',
      budget: 10,
      numDrafts: 3,
      shaping,
      evaluate: crashing,
      checkpointer,
    }).invoke(null, thread);
    expect(resumed.journal).toEqual(uninterrupted.journal);
    // The crash hit the evaluation of a buggy node; the resumed graph went on to debug it, as the uninterrupted run did.
    expect(resumed.journal.some((node) => node.operator === 'debug')).toBe(true);
    expect(resumed.rejections).toBe(uninterrupted.rejections);
  });

  const policies = {
    mcts: { policy: 'mcts', mcts: { numChildren: 3, maxDebugDepth: 2 } },
    evolutionary: {
      policy: 'evolutionary',
      evolutionary: { individualsPerGeneration: 3, generationsTillCrossover: 1, crossoverProbability: 0.5, maxDebugDepth: 2 },
    },
  } as const;

  it('runs MCTS as the mcts adapter does: the same journal as createMctsSearch with the same operators', async () => {
    const evaluated: string[] = [];
    const graph = createTreeSearchGraph({
      model: await chatModel(),
      task: 'Predict house prices.',
      budget: 12,
      shaping,
      evaluate: (node) => (evaluated.push(node.id), evaluate(node)),
      ...policies.mcts,
    });
    const scored: string[] = [];
    graph.events.on('node-scored', (event) => scored.push(event.id));
    const state = await graph.invoke({});
    expect(state.steps).toBe(12);
    expect(state.journal.map((node) => node.id)).toEqual(evaluated);
    expect(scored.length).toBeGreaterThan(0);
    expect(state.journal.slice(0, 3).map((node) => node.operator)).toEqual(['draft', 'draft', 'draft']);
    expect(state.journal.some((node) => node.operator === 'improve' && node.parents.length === 1)).toBe(true);
    expect(state.journal.some((node) => node.operator === 'debug')).toBe(true);

    // The adapter itself, driven directly with the graph's chat operators and a fresh scripted model.
    const direct = createMctsSearch({
      operators: createLangChainMctsOperators({ model: await chatModel(), task: 'Predict house prices.' }),
      evaluate,
      selector: wrapSelector({ selector: createUctSelector(), middleware: shaping() }),
      numChildren: 3,
      maxDebugDepth: 2,
    });
    await direct.run(12);
    expect(state.journal.map(({ id, operator, plan, code, metric }) => ({ id, operator, plan, code, metric }))).toEqual(
      direct.nodes.slice(1).map(({ id, operator, plan, code, metric }) => ({ id, operator, plan, code, metric })),
    );
  });

  it('runs the evolutionary solver with crossovers, one generation per graph step', async () => {
    let evaluations = 0;
    const state = await createTreeSearchGraph({
      model: await chatModel(),
      task: 'Predict house prices.',
      budget: 12,
      shaping,
      evaluate: (node) => ((evaluations += 1), evaluate(node)),
      ...policies.evolutionary,
    }).invoke({});
    expect(state.steps).toBe(12);
    expect(state.journal).toHaveLength(evaluations);
    expect(state.calls.filter((call) => call.kind === 'evaluation')).toHaveLength(evaluations);
    expect(state.journal.slice(0, 3).map((node) => node.operator)).toEqual(['draft', 'draft', 'draft']);
    expect(state.journal.some((node) => node.operator === 'crossover' && node.parents.length === 2)).toBe(true);
    expect(state.iterations).toBeGreaterThan(2);
  });

  for (const name of ['mcts', 'evolutionary'] as const) {
    it(`${name}: resumes after a crash mid-iteration with the journal of an uninterrupted run, no model call made twice`, async () => {
      const reference = await scriptedServer();
      const uninterrupted = await createTreeSearchGraph({
        model: reference.model,
        task: 'Predict house prices.',
        budget: 12,
        shaping,
        evaluate,
        ...policies[name],
      }).invoke({});

      const checkpointer = new MemorySaver();
      const thread = { configurable: { thread_id: `crash-${name}` } };
      let calls = 0;
      const crashing = (node: { code: string }) => {
        calls += 1;
        // The fifth evaluation is in the second iteration, after two of its calls completed.
        if (calls === 5) throw new Error('the executor died');
        return evaluate(node);
      };
      const { server, model } = await scriptedServer();
      const options = { model, task: 'Predict house prices.', budget: 12, shaping, evaluate: crashing, checkpointer, ...policies[name] };
      await expect(createTreeSearchGraph(options).invoke({}, thread)).rejects.toThrow(/executor died/);
      const resumed = await createTreeSearchGraph(options).invoke(null, thread);
      expect(resumed.journal).toEqual(uninterrupted.journal);
      expect(resumed.calls).toEqual(uninterrupted.calls);
      expect(resumed.rejections).toBe(uninterrupted.rejections);
      // The calls that completed before the crash were kept as LangGraph tasks, so the model answered each prompt once.
      expect(server.requests.filter((request) => request.path.endsWith('/chat/completions'))).toHaveLength(
        reference.server.requests.filter((request) => request.path.endsWith('/chat/completions')).length,
      );
      // Every evaluation ran once, the one that crashed twice.
      expect(calls).toBe(uninterrupted.journal.length + 1);
    });
  }

  it('restores a quality-diversity archive from the checkpoint: after a crash its cells, elites and visits are those of an uninterrupted run', async () => {
    // Each call of the factory makes a fresh archive (the same seeded draws); the last one made is the live search's.
    const archives: QualityDiversityArchive[] = [];
    const archiveShaping = () => {
      archives.push(qualityDiversityArchive({ descriptors: conceptDescriptors({ axes: ['paradigm', 'preprocessing'] }) }));
      return [archives.at(-1)!];
    };
    const reference = await scriptedServer();
    const discovered: string[] = [];
    const uninterruptedGraph = createTreeSearchGraph({
      model: reference.model,
      task: 'Predict house prices.',
      budget: 12,
      shaping: archiveShaping,
      evaluate,
      ...policies.evolutionary,
    });
    uninterruptedGraph.events.on('cell-discovered', ({ cell }) => discovered.push(cell));
    const uninterrupted = await uninterruptedGraph.invoke({});
    const uninterruptedCells = archives.at(-1)!.cells();
    expect(uninterruptedCells.length).toBeGreaterThan(1);
    expect(uninterruptedCells.reduce((sum, cell) => sum + cell.visits, 0)).toBeGreaterThan(0);
    expect(discovered).toEqual(uninterruptedCells.map((cell) => cell.key));

    const checkpointer = new MemorySaver();
    const thread = { configurable: { thread_id: 'crash-qd' } };
    let calls = 0;
    const crashing = (node: { code: string }) => {
      if ((calls += 1) === 5) throw new Error('the executor died');
      return evaluate(node);
    };
    const { model } = await scriptedServer();
    const options = {
      model,
      task: 'Predict house prices.',
      budget: 12,
      shaping: archiveShaping,
      evaluate: crashing,
      checkpointer,
      ...policies.evolutionary,
    };
    await expect(createTreeSearchGraph(options).invoke({}, thread)).rejects.toThrow(/executor died/);
    const resumed = await createTreeSearchGraph(options).invoke(null, thread);
    expect(resumed.journal).toEqual(uninterrupted.journal);
    expect(archives.at(-1)!.cells()).toEqual(uninterruptedCells);
  });

  it('resumes on the same graph object too: the half-updated search is rebuilt from the record', async () => {
    const uninterrupted = await createTreeSearchGraph({
      model: await chatModel(),
      task: 'Predict house prices.',
      budget: 12,
      shaping,
      evaluate,
      ...policies.mcts,
    }).invoke({});
    let calls = 0;
    const graph = createTreeSearchGraph({
      model: await chatModel(),
      task: 'Predict house prices.',
      budget: 12,
      shaping,
      evaluate: (node) => {
        calls += 1;
        if (calls === 8) throw new Error('the executor died');
        return evaluate(node);
      },
      checkpointer: new MemorySaver(),
      ...policies.mcts,
    });
    const thread = { configurable: { thread_id: 'same-graph' } };
    await expect(graph.invoke({}, thread)).rejects.toThrow(/executor died/);
    expect((await graph.invoke(null, thread)).journal).toEqual(uninterrupted.journal);
  });

  it('refuses to resume a checkpoint with a graph built for another search, naming the call that differs', async () => {
    const checkpointer = new MemorySaver();
    const thread = { configurable: { thread_id: 'other-options' } };
    const model = await chatModel();
    let calls = 0;
    const crashing = (node: { code: string }) => {
      calls += 1;
      if (calls === 5) throw new Error('the executor died');
      return evaluate(node);
    };
    await expect(
      createTreeSearchGraph({ model, task: 't', budget: 12, evaluate: crashing, checkpointer, ...policies.mcts }).invoke({}, thread),
    ).rejects.toThrow(/executor died/);
    const other = createTreeSearchGraph({ model, task: 't', budget: 12, evaluate, checkpointer, policy: 'mcts', mcts: { numChildren: 2 } });
    const failure = await other.invoke(null, thread).catch((error: unknown) => error);
    expect(CheckpointMismatchError.isInstance(failure)).toBe(true);
    // The first iteration (three drafts, three evaluations) is on record; two children per leaf make four calls of it.
    expect((failure as Error).message).toMatch(/the record holds 6 calls, but the search made 4 in as many iterations/);
    // Asked again, the same graph refuses again: the half-replayed search is not kept and run on live.
    const again = await other.invoke(null, thread).catch((error: unknown) => error);
    expect(CheckpointMismatchError.isInstance(again)).toBe(true);
  });

  it("takes the host's own operators instead of a model: greedy then runs as the aide-greedy adapter does", async () => {
    const host = () => {
      const research = createScriptedResearch(7);
      return {
        operators: {
          draft: () => research.draft(),
          improve: ({ parent }: { parent: AideNode }) => research.improve(parent),
          debug: ({ parent }: { parent: AideNode }) => research.debug(parent),
        },
        evaluate: (node: { plan: string; code: string }) => research.evaluate(node),
      };
    };
    const graph = await createTreeSearchGraph({ ...host(), budget: 15, seed: 4, shaping }).invoke({});
    const adapter = createAideGreedySearch({
      ...host(),
      seed: 4,
      selector: wrapSelector({ selector: createAideGreedySelector(), middleware: shaping() }),
    });
    await adapter.run(15);
    expect(graph.journal).toEqual(adapter.nodes);
    expect(graph.journal.some((node) => node.operator === 'debug' || node.operator === 'improve')).toBe(true);
  });

  it('refuses bad options with a typed error naming the option', async () => {
    const model = await chatModel();
    expect(() => createTreeSearchGraph({ model, task: 't', budget: 0, evaluate })).toThrow(InvalidOptionsError);
    expect(() => createTreeSearchGraph({ model, task: 't', budget: 0, evaluate })).toThrow(/budget/);
    expect(() => createTreeSearchGraph({ model, task: 't', budget: 3, evaluate, policy: 'beam' } as never)).toThrow(/policy/);
    expect(() => createTreeSearchGraph({ model, task: 't', budget: 3, evaluate, mcts: { numChildren: 2 } })).toThrow(
      /mcts: mcts settings given, but policy is 'greedy'/,
    );
    expect(() =>
      createTreeSearchGraph({ model, task: 't', budget: 3, evaluate, policy: 'evolutionary', evolutionary: { islands: 2 } } as never),
    ).toThrow(/evolutionary/);
    expect(() => createTreeSearchGraph({ model, task: 't', budget: 3, evaluate, policy: 'mcts', mcts: { numChildren: 0 } })).toThrow(
      /mcts\.numChildren/,
    );
    expect(() => createTreeSearchGraph({ budget: 3, evaluate })).toThrow(
      /model: give model and task \(chat-model operators\), or operators of your own/,
    );
    const operators = {
      draft: () => ({ plan: 'p', code: 'c' }),
      improve: () => ({ plan: 'p', code: 'c' }),
      debug: () => ({ plan: 'p', code: 'c' }),
    };
    expect(() => createTreeSearchGraph({ model, operators, budget: 3, evaluate })).toThrow(
      /operators: give either operators or a model, not both/,
    );
    expect(() => createTreeSearchGraph({ operators, budget: 3, evaluate, policy: 'evolutionary' })).toThrow(
      /operators: the evolutionary policy needs operators draft, improve, crossover, debug; missing crossover/,
    );
    const source = scorerNoveltySource({ scorer: createNoveltyScorer({ runId: 'backup' }) });
    expect(() =>
      createTreeSearchGraph({ operators, budget: 3, evaluate, shaping: () => ({ middleware: [], noveltyBackup: source }) }),
    ).toThrow(/shaping: noveltyBackup is the mcts policy's; policy is 'greedy'/);
  });
});
