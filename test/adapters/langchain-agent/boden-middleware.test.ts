import { ChatOpenAI } from '@langchain/openai';
import { MemorySaver } from '@langchain/langgraph';
import { createAgent, tool } from 'langchain';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bodenMiddleware } from '../../../adapters/langchain-agent/index.js';
import { InvalidOptionsError } from '../../../src/errors/invalid-options-error.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../fakes/fake-openai-server.js';

/** The experiments the scripted model asks for, in order; then it answers in words. */
const script = [
  { plan: 'Gradient boosting on the raw features.', code: 'import lightgbm as lgb\nmodel = lgb.LGBMRegressor(n_estimators=300)' },
  {
    plan: 'Gradient boosting on the raw features, more trees.',
    code: 'import lightgbm as lgb\nmodel = lgb.LGBMRegressor(n_estimators=300)\n# more trees',
  },
  { plan: 'Ridge regression on standardised features.', code: 'from sklearn.linear_model import Ridge\nmodel = Ridge(alpha=1.0)' },
  {
    plan: 'Gradient boosting again with a smaller learning rate.',
    code: 'import lightgbm as lgb\nmodel = lgb.LGBMRegressor(n_estimators=300, learning_rate=0.05)',
  },
  {
    plan: 'A small MLP with Adam.',
    code: 'import torch\nnet = torch.nn.Sequential(torch.nn.Linear(8, 64), torch.nn.ReLU(), torch.nn.Linear(64, 1))',
  },
];

/** A message's text: OpenAI content is a string or a list of text blocks. */
const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((block: { text?: string }) => block.text ?? '').join('')
      : '';

const servers: FakeOpenAiServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

/** A fake server whose "model" asks for the next scripted experiment after each tool answer. */
async function scriptedModel() {
  const server = await startFakeOpenAiServer({
    chat: (body) => {
      const toolAnswers = (body.messages as { role: string }[]).filter((message) => message.role === 'tool').length;
      const next = script[toolAnswers];
      return next === undefined
        ? 'Done: the boosting model is best.'
        : { content: null, toolCalls: [{ name: 'run_experiment', arguments: next, id: `call_${toolAnswers}` }] };
    },
  });
  servers.push(server);
  const model = new ChatOpenAI({ model: 'scripted', apiKey: 'not-needed', maxRetries: 0, configuration: { baseURL: server.baseURL } });
  return { server, model };
}

/** The experiment tool: a "metric" from the code, and the calls it actually ran. */
function experimentTool() {
  const ran: string[] = [];
  const runExperiment = tool(
    async ({ code }: { plan: string; code: string }) => {
      ran.push(code);
      return String(code.includes('torch') ? 0.9 : code.includes('Ridge') ? 0.7 : 0.8);
    },
    {
      name: 'run_experiment',
      description: 'Runs an ML experiment and returns its validation score.',
      schema: z.object({ plan: z.string(), code: z.string() }),
    },
  );
  return { runExperiment, ran };
}

async function runAgent(middleware: ReturnType<typeof bodenMiddleware>[] = []) {
  const { server, model } = await scriptedModel();
  const { runExperiment, ran } = experimentTool();
  const agent = createAgent({ model, tools: [runExperiment], systemPrompt: 'You are an ML engineer. Use run_experiment.', middleware });
  const result = await agent.invoke({ messages: [{ role: 'user', content: 'Predict house prices.' }] });
  return {
    server,
    ran,
    result: result as unknown as {
      messages: { content: unknown }[];
      boden?: { experiments: { id: string; accepted: boolean; valid: boolean | null; novelty: number | null }[]; mode: string };
    },
  };
}

describe('bodenMiddleware for createAgent (real ChatOpenAI against the fake server)', () => {
  it("only measures without gate and adaptive: every request the model gets is byte-identical to the unwrapped agent's", async () => {
    const plain = await runAgent();
    const boden = bodenMiddleware();
    const wrapped = await runAgent([boden]);
    expect(wrapped.server.requests.length).toBe(script.length + 1);
    expect(wrapped.server.requests.map((request) => JSON.stringify(request.body))).toEqual(
      plain.server.requests.map((request) => JSON.stringify(request.body)),
    );
    expect(wrapped.ran).toEqual(plain.ran);
    // ... and it measured every experiment: the near-copies score low, the new ideas high.
    const experiments = wrapped.result.boden!.experiments;
    expect(experiments.map((experiment) => experiment.valid)).toEqual([true, true, true, true, true]);
    expect(experiments[1]!.novelty!).toBeLessThan(0.2);
    expect(experiments[4]!.novelty!).toBeGreaterThan(0.5);
    expect(boden.summary()).toMatchObject({ admitted: 5, observed: { valid: 5, invalid: 0 } });
  });

  it('with the gate, a near-duplicate never reaches the tool and the model hears which experiment it repeats', async () => {
    const boden = bodenMiddleware({ gate: { threshold: 0.2 } });
    const rejected: string[] = [];
    boden.events.on('candidate-rejected', (event) => rejected.push(event.id));
    const { ran, server } = await runAgent([boden]);
    expect(rejected).toEqual(['e2']);
    expect(ran).toHaveLength(script.length - 1);
    expect(ran).not.toContain(script[1]!.code);
    const toolMessages = (server.requests.at(-1)!.body as { messages: { role: string; content: string }[] }).messages.filter(
      (message) => message.role === 'tool',
    );
    expect(toolMessages[1]!.content).toMatch(
      /^Not run: this experiment repeats earlier experiment e1 \("Gradient boosting on the raw features\."\)/,
    );
  });

  it("puts the novelty directive into the system prompt only while the schedule explores, never into the user's messages", async () => {
    const boden = bodenMiddleware({ adaptive: { patience: 1, window: 1, threshold: 0.5 } });
    const modes: string[] = [];
    boden.events.on('mode-changed', (event) => modes.push(event.to));
    const { server } = await runAgent([boden]);
    expect(modes).toContain('explore');
    const systemOf = (index: number) =>
      (server.requests[index]!.body as { messages: { role: string; content: unknown }[] }).messages
        .filter((message) => message.role === 'system')
        .map((message) => textOf(message.content))
        .join('\n');
    const withDirective = server.requests.map((_, index) => systemOf(index).includes('Novelty directive:'));
    // The first request comes before any experiment: exploit mode, the agent's own prompt only.
    expect(systemOf(0)).toBe('You are an ML engineer. Use run_experiment.');
    expect(withDirective).toContain(true);
    expect(withDirective[0]).toBe(false);
    expect(systemOf(withDirective.indexOf(true))).toMatch(
      /^You are an ML engineer\. Use run_experiment\.\n\nNovelty directive:.*\nConcepts in this run's experiments so far: /s,
    );
    for (const request of server.requests) {
      for (const message of (request.body as { messages: { role: string; content: unknown }[] }).messages)
        if (message.role !== 'system') expect(textOf(message.content)).not.toContain('Novelty directive');
    }
  });

  it('refuses bad options with a typed error naming the option', () => {
    expect(() => bodenMiddleware({ tool: '' })).toThrow(InvalidOptionsError);
    expect(() => bodenMiddleware({ tool: '' })).toThrow(/tool/);
    expect(() => bodenMiddleware({ gate: { threshold: 2 } } as never)).toThrow(/gate\.threshold/);
    expect(() => bodenMiddleware({ outcome: 'number' } as never)).toThrow(/outcome/);
  });

  it('continues a checkpointed thread in a new process: the replayed run scores the next experiments as an uninterrupted one', async () => {
    // The model stops after three experiments until the user says "continue"; then it runs the other two.
    const server = await startFakeOpenAiServer({
      chat: (body) => {
        const messages = body.messages as { role: string; content: unknown }[];
        const toolAnswers = messages.filter((message) => message.role === 'tool').length;
        const resumed = messages.some((message) => message.role === 'user' && textOf(message.content) === 'continue');
        const next = toolAnswers < 3 || resumed ? script[toolAnswers] : undefined;
        return next === undefined
          ? 'Stopping here.'
          : { content: null, toolCalls: [{ name: 'run_experiment', arguments: next, id: `call_${toolAnswers}` }] };
      },
    });
    servers.push(server);
    const model = new ChatOpenAI({ model: 'scripted', apiKey: 'not-needed', maxRetries: 0, configuration: { baseURL: server.baseURL } });
    const options = { gate: { threshold: 0.2 }, adaptive: { patience: 1, window: 1 } } as const;
    const checkpointer = new MemorySaver();
    const thread = { configurable: { thread_id: 'resumed' } };
    const agentWith = (middleware: ReturnType<typeof bodenMiddleware>) =>
      createAgent({ model, tools: [experimentTool().runExperiment], middleware: [middleware], checkpointer });
    type Experiments = { boden: { experiments: { id: string; accepted: boolean; novelty: number | null }[] } };

    const first = bodenMiddleware(options);
    const before = (await agentWith(first).invoke(
      { messages: [{ role: 'user', content: 'Predict house prices.' }] },
      thread,
    )) as unknown as Experiments;
    expect(before.boden.experiments.map((experiment) => experiment.id)).toEqual(['e1', 'e2', 'e3']);
    // A new middleware (as after a restart) on the same thread.
    const restarted = bodenMiddleware(options);
    const after = (await agentWith(restarted).invoke(
      { messages: [{ role: 'user', content: 'continue' }] },
      thread,
    )) as unknown as Experiments;
    // The same five experiments in one uninterrupted run.
    const uninterrupted = bodenMiddleware(options);
    const { result } = await runAgent([uninterrupted]);
    expect(after.boden.experiments.map((experiment) => experiment.id)).toEqual(['e1', 'e2', 'e3', 'e4', 'e5']);
    expect(after.boden.experiments).toEqual(result.boden!.experiments);
    expect(restarted.summary()).toEqual(uninterrupted.summary());
  });

  it("replays the schedule's selections too: after a restart the directives alternate as in an uninterrupted run", async () => {
    // The model stops after two experiments until the user says "continue"; then it runs the other three.
    const stopping = (body: Record<string, unknown>) => {
      const messages = body.messages as { role: string; content: unknown }[];
      const toolAnswers = messages.filter((message) => message.role === 'tool').length;
      const resumed = messages.some((message) => message.role === 'user' && textOf(message.content) === 'continue');
      const next = toolAnswers < 2 || resumed ? script[toolAnswers] : undefined;
      return next === undefined
        ? 'Stopping here.'
        : { content: null, toolCalls: [{ name: 'run_experiment' as const, arguments: next, id: `call_${toolAnswers}` }] };
    };
    const server = await startFakeOpenAiServer({ chat: stopping });
    servers.push(server);
    const model = new ChatOpenAI({ model: 'scripted', apiKey: 'not-needed', maxRetries: 0, configuration: { baseURL: server.baseURL } });
    // Every selection while exploring moves the schedule on: `alternate` asks for a new idea, then a new component.
    const options = { adaptive: { patience: 1, window: 1, threshold: 0.99, drafts: 0, directiveAsk: 'alternate' } } as const;
    const checkpointer = new MemorySaver();
    const thread = { configurable: { thread_id: 'selections' } };
    const agentWith = (middleware: ReturnType<typeof bodenMiddleware>) =>
      createAgent({ model, tools: [experimentTool().runExperiment], middleware: [middleware], checkpointer });
    await agentWith(bodenMiddleware(options)).invoke({ messages: [{ role: 'user', content: 'Predict house prices.' }] }, thread);
    const resumedFrom = server.requests.length;
    const restarted = bodenMiddleware(options);
    await agentWith(restarted).invoke({ messages: [{ role: 'user', content: 'continue' }] }, thread);

    const reference = await startFakeOpenAiServer({ chat: stopping });
    servers.push(reference);
    const referenceModel = new ChatOpenAI({
      model: 'scripted',
      apiKey: 'not-needed',
      maxRetries: 0,
      configuration: { baseURL: reference.baseURL },
    });
    const uninterrupted = bodenMiddleware(options);
    const referenceAgent = createAgent({
      model: referenceModel,
      tools: [experimentTool().runExperiment],
      middleware: [uninterrupted],
      checkpointer: new MemorySaver(),
    });
    const referenceThread = { configurable: { thread_id: 'reference' } };
    await referenceAgent.invoke({ messages: [{ role: 'user', content: 'Predict house prices.' }] }, referenceThread);
    const referenceFrom = reference.requests.length;
    await referenceAgent.invoke({ messages: [{ role: 'user', content: 'continue' }] }, referenceThread);

    const systemPrompts = (requests: FakeOpenAiServer['requests']) =>
      requests.map((request) =>
        (request.body as { messages: { role: string; content: unknown }[] }).messages
          .filter((message) => message.role === 'system')
          .map((message) => textOf(message.content))
          .join('\n'),
      );
    const after = systemPrompts(server.requests.slice(resumedFrom));
    expect(after.some((prompt) => prompt.includes('Novelty directive'))).toBe(true);
    expect(after).toEqual(systemPrompts(reference.requests.slice(referenceFrom)));
    expect(restarted.summary()).toEqual(uninterrupted.summary());
  });

  it('takes several experiments asked for at once one at a time', async () => {
    const server = await startFakeOpenAiServer({
      chat: (body) =>
        (body.messages as { role: string }[]).some((message) => message.role === 'tool')
          ? 'Done.'
          : {
              content: null,
              toolCalls: [0, 2, 4].map((index) => ({ name: 'run_experiment', arguments: script[index]!, id: `call_${index}` })),
            },
    });
    servers.push(server);
    const model = new ChatOpenAI({ model: 'scripted', apiKey: 'not-needed', maxRetries: 0, configuration: { baseURL: server.baseURL } });
    const boden = bodenMiddleware();
    const result = (await createAgent({ model, tools: [experimentTool().runExperiment], middleware: [boden] }).invoke({
      messages: [{ role: 'user', content: 'Go.' }],
    })) as unknown as {
      boden: { experiments: { id: string; plan: string; valid: boolean | null }[] };
    };
    expect(result.boden.experiments.map((experiment) => experiment.id).sort()).toEqual(['e1', 'e2', 'e3']);
    expect(result.boden.experiments.map((experiment) => experiment.plan).sort()).toEqual(
      [script[0]!.plan, script[2]!.plan, script[4]!.plan].sort(),
    );
    expect(boden.summary()).toMatchObject({ admitted: 3, observed: { valid: 3, invalid: 0 } });
  });

  it('counts a tool that throws as a failed experiment before the error reaches the agent', async () => {
    const server = await startFakeOpenAiServer({
      chat: () => ({ content: null, toolCalls: [{ name: 'run_experiment', arguments: script[4]!, id: 'call_0' }] }),
    });
    servers.push(server);
    const model = new ChatOpenAI({ model: 'scripted', apiKey: 'not-needed', maxRetries: 0, configuration: { baseURL: server.baseURL } });
    const crashing = tool(
      async (_input: { plan: string; code: string }): Promise<string> => {
        throw new Error('CUDA out of memory');
      },
      { name: 'run_experiment', description: 'Runs an experiment.', schema: z.object({ plan: z.string(), code: z.string() }) },
    );
    const boden = bodenMiddleware();
    await expect(
      createAgent({ model, tools: [crashing], middleware: [boden] }).invoke({ messages: [{ role: 'user', content: 'Go.' }] }),
    ).rejects.toThrow(/CUDA out of memory/);
    expect(boden.summary()).toMatchObject({ admitted: 1, observed: { valid: 0, invalid: 1 } });
  });
});
