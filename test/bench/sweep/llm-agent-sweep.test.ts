import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSweep } from '../../../bench/sweep/run-sweep.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../fakes/fake-openai-server.js';
import { useTemporaryDirectory } from '../../support/temporary-directory.js';

const directory = useTemporaryDirectory('boden-llm-sweep-');
let server: FakeOpenAiServer;
let failing: FakeOpenAiServer;
const extra: FakeOpenAiServer[] = [];

beforeAll(async () => {
  // The fake model answers every prompt with a ridge regression whose alpha grows with each request.
  let requests = 0;
  server = await startFakeOpenAiServer({
    chat: () =>
      JSON.stringify({
        plan: 'Ridge regression on the standardised features.',
        config: { model: { family: 'linear', alpha: 2 ** requests++ } },
      }),
  });
  failing = await startFakeOpenAiServer({
    chat: () => ({ content: null, finishReason: 'stop' }),
    script: Array.from({ length: 50 }, () => ({ kind: 'status' as const, status: 400 })),
  });
});
afterAll(async () => {
  await server.close();
  await failing.close();
  await Promise.all(extra.map((each) => each.close()));
});

describe('a sweep with the LLM agent', () => {
  it('runs every cell with the model behind an OpenAI-compatible server', async () => {
    const result = await runSweep({
      tasks: ['boston'],
      policies: ['aide'],
      arms: ['unshaped'],
      seeds: 1,
      episodes: 3,
      out: join(directory, 'llm'),
      memo: join(directory, 'memo'),
      workers: 1,
      agent: { kind: 'llm', model: 'fake-model', baseURL: server.baseURL },
    });
    expect(result.failures).toEqual([]);
    const [record] = result.records;
    expect(record!.agent).toBe('llm/fake-model');
    expect(record!.episodes).toHaveLength(3);
    expect(record!.episodes.every((episode) => episode.status === 'ok' && episode.configKey.includes('"linear"'))).toBe(true);
    expect(server.requests.filter((request) => request.path.endsWith('/chat/completions')).length).toBe(3);
    // The directory now holds the LLM's runs: resuming it with the simulated agent is refused, naming the setting.
    await expect(
      runSweep({
        tasks: ['boston'],
        arms: ['unshaped'],
        seeds: 2,
        episodes: 3,
        out: join(directory, 'llm'),
        memo: join(directory, 'memo'),
        workers: 1,
      }),
    ).rejects.toThrow(/\(agent\).*llm\/fake-model agent, not simulated/);
  }, 120_000);

  it('runs the same LLM agent through the LangGraph graph with --agent langchain, and gets the runs of the adapters', async () => {
    // A fresh fake model per sweep, and one run at a time, so both sweeps see the same answers in the same order.
    const ridgeModel = async () => {
      let requests = 0;
      const model = await startFakeOpenAiServer({
        chat: () =>
          JSON.stringify({
            plan: 'Ridge regression on the standardised features.',
            config: { model: { family: 'linear', alpha: 2 ** requests++ } },
          }),
      });
      extra.push(model);
      return model;
    };
    const sweep = async (kind: 'llm' | 'langchain') =>
      runSweep({
        tasks: ['boston'],
        policies: ['aide', 'mcts'],
        arms: ['unshaped', 'adaptive'],
        seeds: 1,
        episodes: 4,
        out: join(directory, `through-${kind}`),
        memo: join(directory, 'memo'),
        workers: 1,
        concurrency: 1,
        agent: { kind, model: 'fake-model', baseURL: (await ridgeModel()).baseURL },
      });
    const adapters = await sweep('llm');
    const graph = await sweep('langchain');
    expect(graph.failures).toEqual([]);
    expect(graph.records.map((record) => record.agent)).toEqual([
      'langchain/fake-model',
      'langchain/fake-model',
      'langchain/fake-model',
      'langchain/fake-model',
    ]);
    const searchOf = (records: typeof graph.records) =>
      records.map((record) => ({
        policy: record.policy,
        arm: record.arm,
        configs: record.episodes.map((episode) => episode.configKey),
        parents: record.episodes.map((episode) => episode.parentIds),
      }));
    expect(searchOf(graph.records)).toEqual(searchOf(adapters.records));
    expect(graph.records.every((record) => record.episodes.length === 4)).toBe(true);
  }, 120_000);

  it('reports a run whose model keeps failing as a failure and stores nothing for it', async () => {
    const failures: string[] = [];
    const result = await runSweep(
      {
        tasks: ['boston'],
        arms: ['unshaped'],
        seeds: 1,
        episodes: 2,
        out: join(directory, 'failing'),
        memo: join(directory, 'memo'),
        workers: 1,
        agent: { kind: 'llm', model: 'fake-model', baseURL: failing.baseURL },
      },
      { onFailure: ({ cell }) => failures.push(cell.id) },
    );
    expect(failures).toEqual(['boston/aide/unshaped/seed-1']);
    expect(result.records).toEqual([]);
    expect(String(result.failures[0]!.error)).toMatch(/400/);
  }, 120_000);
});
