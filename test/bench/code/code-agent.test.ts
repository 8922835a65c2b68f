import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openChatRecording, RecordingMissError } from '../../../bench/agents/chat-recording.js';
import { parseCodeAgentAnswer } from '../../../bench/code/code-agent-answer.js';
import { renderCodeMemory } from '../../../bench/code/code-agent-prompt.js';
import { createCodeAgent } from '../../../bench/code/code-agent.js';
import { createPackingCodeTask } from '../../../bench/code/packing-code-task.js';
import { parsePackingOutput } from '../../../bench/packing/packing-python.js';
import { startScriptedModelServer, type ScriptedModelServer } from '../../../bench/code/scripted-model-server.js';
import { withRealBug, type ScriptedWriter } from '../../../bench/code/scripted-model.js';
import { loadPackingTaskCard } from '../../../bench/packing/packing-task-card.js';
import type { PackingProgram } from '../../../bench/packing/packing-program.js';
import { renderPackingCode } from '../../../bench/packing/render-packing-program.js';
import { createSimulatedPackingAgent } from '../../../bench/packing/simulated-packing-agent.js';
import { useTemporaryDirectory } from '../../support/temporary-directory.js';

const directory = useTemporaryDirectory('boden-code-agent-');
const card = await loadPackingTaskCard();
const task = createPackingCodeTask(card, { cpuSeconds: 60, memoryMegabytes: 2048 });

// The scripted model with the simulated packing agent; its "program" is the agent's own rendering (never run here).
const writers: { agents: Map<number, ScriptedWriter<PackingProgram>>; asked: { task: string; seed: number }[] } = {
  agents: new Map(),
  asked: [],
};
const server: ScriptedModelServer = await startScriptedModelServer(({ task: name, seed }) => {
  writers.asked.push({ task: name, seed });
  const writer = {
    agent: createSimulatedPackingAgent({ seed, budget: 20, bugRate: 0 }),
    python: (config: unknown) => `${renderPackingCode(config as PackingProgram)}\n# seed ${seed}\n`,
  };
  writers.agents.set(seed, writer);
  return writer as ScriptedWriter<unknown>;
});
afterAll(() => server.close());

const agentOf = (run: string, seed: number, extra: Partial<Parameters<typeof createCodeAgent>[0]> = {}) =>
  createCodeAgent({ task, model: server.model, baseURL: server.baseURL, run, seed, providerRetries: 0, ...extra });

describe('parseCodeAgentAnswer', () => {
  it('takes the prose before the first block as the plan and the longest python block as the program', () => {
    const answer = 'Use rings.\n\n```python\nx = 1\n```\nand the whole:\n```python\nimport numpy as np\nprint(1)\n```';
    expect(parseCodeAgentAnswer(answer)).toEqual({ plan: 'Use rings.', code: 'import numpy as np\nprint(1)\n' });
    expect(parseCodeAgentAnswer('<think>```python\nbad()\n```</think>Plan.\n```\nprint(2)\n```')).toEqual({
      plan: 'Plan.',
      code: 'print(2)\n',
    });
    expect(parseCodeAgentAnswer('Only prose, no program.')).toEqual({
      problem: 'the answer holds no code block',
      plan: 'Only prose, no program.',
    });
    expect(parseCodeAgentAnswer('Plan.\n```json\n{}\n```')).toMatchObject({
      problem: 'the answer holds no Python code block with a program in it',
    });
  });
});

describe('the code agent against the scripted model (an OpenAI-compatible server on 127.0.0.1)', () => {
  it("sends the run's key and seed, and the scripted model answers as the simulated agent of that seed would", async () => {
    const agent = agentOf('circle-packing-26.seed-7.aaaa', 7);
    const draft = await agent.operators.draft({});
    expect(writers.asked.at(-1)).toEqual({ task: 'circle-packing-26', seed: 7 });
    // The same seed's simulated agent, asked directly, drafts the same program.
    const twin = createSimulatedPackingAgent({ seed: 7, budget: 20, bugRate: 0 });
    await twin.operators.draft({});
    expect(draft.code).toBe(`${renderPackingCode(twin.proposals[0]!.config)}\n# seed 7\n`);
    expect(draft.plan).toBe(twin.proposals[0]!.plan);
    agent.observe(draft.code, { score: 1.5, error: null, output: '' });
    // An improvement of its draft is the simulated agent's improvement of the same parent.
    const improved = await agent.operators.improve({ parent: { code: draft.code } });
    await twin.operators.improve({ parent: { code: twin.proposals[0]!.code } });
    expect(improved.code).toBe(`${renderPackingCode(twin.proposals[1]!.config)}\n# seed 7\n`);
    expect(agent.usage).toMatchObject({ calls: 2, repairRequests: 0, answersWithoutProgram: 0 });
  });

  it('records every exchange; a replay answers the same run identically with no server, and a changed prompt is an error naming the run and step', async () => {
    const recordings = join(directory, 'recording');
    const recorded = agentOf('circle-packing-26.seed-3.bbbb', 3, {
      recording: await openChatRecording({ directory: recordings, mode: 'record' }),
    });
    const first = await recorded.operators.draft({});
    recorded.observe(first.code, { score: null, error: 'AssertionError: circles 0 and 1 overlap by 0.0100', output: 'Traceback …' });
    const fixed = await recorded.operators.debug({ parent: { code: first.code } });
    expect(readdirSync(recordings)).toEqual(['circle-packing-26.seed-3.bbbb.jsonl']);
    const lines = readFileSync(join(recordings, 'circle-packing-26.seed-3.bbbb.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { step: number; operator: string; settings: unknown; answer: string });
    expect(lines.map((line) => [line.step, line.operator])).toEqual([
      [1, 'draft'],
      [2, 'debug'],
    ]);
    expect(lines[0]!.settings).toEqual({ seed: 3 });

    // Replayed: a base URL nothing listens on, so any request that reached the network would fail.
    const replay = await openChatRecording({ directory: recordings, mode: 'replay' });
    const replayed = createCodeAgent({
      task,
      model: server.model,
      baseURL: 'http://127.0.0.1:9/v1',
      run: 'circle-packing-26.seed-3.bbbb',
      seed: 3,
      providerRetries: 0,
      recording: replay,
    });
    const again = await replayed.operators.draft({});
    expect(again).toEqual(first);
    replayed.observe(again.code, { score: null, error: 'AssertionError: circles 0 and 1 overlap by 0.0100', output: 'Traceback …' });
    expect(await replayed.operators.debug({ parent: { code: again.code } })).toEqual(fixed);
    // A third request the recording never saw.
    const miss = await replayed.operators.improve({ parent: { code: again.code } }).catch((error: unknown) => error);
    expect(RecordingMissError.isInstance(miss)).toBe(true);
    expect((miss as Error).message).toMatch(
      /no recorded answer for run circle-packing-26\.seed-3\.bbbb, request 3 \(improve\): the recording holds 2 request\(s\) of this run/,
    );
    // An edited recording is refused, naming the file and line.
    const file = join(recordings, 'circle-packing-26.seed-3.bbbb.jsonl');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"step":2', '"step":"two"'));
    await expect(openChatRecording({ directory: recordings, mode: 'replay' })).rejects.toThrow(
      /circle-packing-26\.seed-3\.bbbb\.jsonl.*line 2/,
    );
  });

  it('shows no memory in its prompts for independent sampling (memory: false)', async () => {
    const recordings = join(directory, 'no-memory');
    const agent = agentOf('circle-packing-26.seed-4.dddd', 4, {
      memory: false,
      recording: await openChatRecording({ directory: recordings, mode: 'record' }),
    });
    const first = await agent.operators.draft({});
    agent.observe(first.code, { score: 1.2, error: null, output: '' });
    await agent.operators.draft({});
    const prompts = readFileSync(join(recordings, 'circle-packing-26.seed-4.dddd.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { messages: { content: string }[] }).messages[1]!.content);
    expect(prompts).toHaveLength(2);
    for (const prompt of prompts) expect(prompt).toContain('No solution has been evaluated yet.');
  });

  it('re-asks once when an answer holds no program, then proposes a buggy node that says why', async () => {
    const silent = await startScriptedModelServer(
      () => ({ agent: createSimulatedPackingAgent({ seed: 1 }), python: () => '' }) as unknown as ScriptedWriter<unknown>,
    );
    try {
      const agent = createCodeAgent({
        task,
        model: silent.model,
        baseURL: silent.baseURL,
        run: 'circle-packing-26.seed-1.cccc',
        seed: 1,
        providerRetries: 0,
      });
      const proposal = await agent.operators.draft({});
      expect(proposal.code).toBe('');
      expect(agent.proposals[0]!.bug).toMatch(/^no program in the answer \(/);
      expect(agent.usage).toMatchObject({ calls: 2, repairRequests: 1, answersWithoutProgram: 1 });
    } finally {
      await silent.close();
    }
  });
});

describe('the prompt and the output format', () => {
  it('shows every scored attempt in the memory, not only the latest ten, and the latest failures', () => {
    const memory = Array.from({ length: 30 }, (_, index) => ({
      attempt: index + 1,
      operator: 'improve' as const,
      plan: `Plan ${index + 1}.`,
      score: index % 4 === 3 ? null : index / 10,
      error: index % 4 === 3 ? `Error ${index + 1}` : null,
    }));
    const text = renderCodeMemory(task, memory, { errors: 3, planCharacters: 400 }, (quoted) => quoted);
    expect(text).toMatch(/^Earlier attempts of this run \(23 scored, 7 failed\)/);
    expect(text).toContain('Attempt 1 (improve): Plan 1.\nScore: 0 (sum of radii, higher is better)');
    expect(text).toContain('Attempt 30 (improve)');
    expect([...text.matchAll(/^Failed: /gm)]).toHaveLength(3);
    expect(text).toContain('Failed: Error 28');
    expect(text).not.toContain('Error 16');
  });

  it('reads the printed circles: lines of exactly three numbers', () => {
    expect(parsePackingOutput('progress 1 2\n0.1 0.2 0.05\n 1e-1\t0.5 .25 \nsum of radii: 2.6\n1 2 3 4\n')).toEqual([
      { x: 0.1, y: 0.2, r: 0.05 },
      { x: 0.1, y: 0.5, r: 0.25 },
    ]);
  });

  it('raises a synthetic bug for real at the start of the main block', () => {
    const program = 'import numpy as np\n\ndef f():\n    return 1\n\nif __name__ == "__main__":\n    print(f())\n';
    expect(withRealBug(program, 'IndexError: index 26 is out of bounds')).toBe(
      'import numpy as np\n\ndef f():\n    return 1\n\nif __name__ == "__main__":\n    np.zeros(3)[3]\n    print(f())\n',
    );
    expect(withRealBug('print(1)\n', "NameError: name 'radii' is not defined")).toBe('print(1)\n\nprint(undefined_result)\n');
  });
});
