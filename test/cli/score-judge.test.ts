import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EpisodeJsonlRecordSchema, RunRecordSchema } from '../../src/index.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/fake-openai-server.js';
import { runCli } from '../support/run-cli.js';
import { hasSharedData, sharedDataPath } from '../support/shared-data.js';

const parse = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((line) => EpisodeJsonlRecordSchema.parse(JSON.parse(line)));

let server: FakeOpenAiServer;
beforeAll(async () => {
  // Every chat request gets a valid Exploratory verdict, as a json_schema answer.
  server = await startFakeOpenAiServer({
    chat: () => JSON.stringify({ score: 2, label: 'Exploratory', modes: ['exploratory'], rationale: 'A new regulariser.' }),
  });
});
afterAll(async () => {
  await server.close();
});

describe('boden score --judge', () => {
  it('rubric: every episode gets a verdict column and judge scores in JSON', async () => {
    const table = await runCli(['score', 'examples/aide-tabular-run.journal.json', '--judge', 'rubric']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/unique-code\s+judge/);
    expect(table.stdout).toMatch(/improve-rerun .* 0 Routine, \d\.\d\d/);
    expect(table.stdout).toContain('judge rubric-v1');
    const records = parse((await runCli(['score', 'examples/aide-tabular-run.journal.json', '--judge', 'rubric', '--json'])).stdout);
    for (const record of records) if (record.type === 'episode') expect(record.scores?.judge).toEqual(expect.any(Number));
  });

  it('llm: judges through an OpenAI-compatible server and reports usage', async () => {
    const requestsBefore = server.requests.length;
    const result = await runCli([
      'score',
      'examples/aide-tabular-run.journal.json',
      '--judge',
      'llm',
      '--llm-base-url',
      server.baseURL,
      '--llm-model',
      'fake-chat',
      '--json',
    ]);
    expect(result.code).toBe(0);
    const records = parse(result.stdout);
    const episodes = records.filter((record) => record.type === 'episode');
    expect(episodes.every((record) => record.type === 'episode' && record.scores?.judge === 2)).toBe(true);
    expect(server.requests.length - requestsBefore).toBe(6);
    const run = RunRecordSchema.parse(records[0]);
    expect(run.judge).toMatchObject({ id: 'llm/fake-chat', fallbacks: 0, usage: { requests: 6 } });
  });

  it('escalating: only unsure rubric verdicts reach the server', async () => {
    const requestsBefore = server.requests.length;
    const result = await runCli([
      'score',
      'examples/aide-tabular-run.journal.json',
      '--judge',
      'escalating',
      '--llm-base-url',
      server.baseURL,
      '--llm-model',
      'fake-chat',
      '--json',
    ]);
    expect(result.code).toBe(0);
    const run = RunRecordSchema.parse(parse(result.stdout)[0]);
    const escalations = (run.judge as { escalations: { judged: number; escalated: number } }).escalations;
    expect(escalations.judged).toBe(6);
    expect(escalations.escalated).toBeLessThan(6);
    expect(server.requests.length - requestsBefore).toBe(escalations.escalated);
  });

  it('a server that never answers: bounded waits, the circuit breaker, every fallback said and exit 1', async () => {
    const silent = await startFakeOpenAiServer({ chat: () => 'unused', holdAll: true });
    try {
      const args = [
        'score',
        'examples/aide-tabular-run.journal.json',
        '--judge',
        'llm',
        '--llm-base-url',
        silent.baseURL,
        '--llm-model',
        'fake-chat',
      ];
      const bounds = ['--llm-timeout', '200', '--llm-retries', '0', '--llm-circuit-breaker', '2'];
      const result = await runCli([...args, ...bounds, '--json']);
      expect(result.code).toBe(1);
      // Two episodes time out, then the breaker opens: the other four never reach the server.
      expect(silent.requests).toHaveLength(2);
      expect(result.stderr).toMatch(
        /stopped calling llm\/fake-chat after 2 episodes in a row failed \(last: the provider failed: the request timed out after 200 ms\)/,
      );
      const run = RunRecordSchema.parse(parse(result.stdout)[0]);
      const judge = run.judge as { fallbacks: number; verdicts: number; fallbackReasons: Record<string, string> };
      expect(judge).toMatchObject({ fallbacks: 6, verdicts: 6 });
      const reasons = Object.values(judge.fallbackReasons);
      expect(reasons.filter((reason) => reason === 'the provider failed: the request timed out after 200 ms')).toHaveLength(2);
      expect(
        reasons.filter((reason) => reason.startsWith('not called: the circuit breaker opened after 2 calls in a row failed')),
      ).toHaveLength(4);
      const table = await runCli([...args, ...bounds]);
      expect(table.code).toBe(1);
      expect(table.stdout).toMatch(
        /6 of 6 verdicts fell back to the cheap judge: not called: the circuit breaker opened .* ×4; the provider failed: the request timed out after 200 ms ×2/,
      );
    } finally {
      await silent.close();
    }
  }, 120_000);

  it('a server that never answers, with --llm-deadline: one request cut at the deadline, every later verdict falls back at once, said once', async () => {
    const silent = await startFakeOpenAiServer({ chat: () => 'unused', holdAll: true });
    try {
      // The per-request timeout (60 s) and retries would wait minutes; the deadline ends the LLM's part after 300 ms.
      const args = [
        'score',
        'examples/aide-tabular-run.journal.json',
        '--judge',
        'llm',
        '--llm-base-url',
        silent.baseURL,
        '--llm-model',
        'fake-chat',
      ];
      const result = await runCli([
        ...args,
        '--llm-timeout',
        '60000',
        '--llm-retries',
        '5',
        '--llm-circuit-breaker',
        '0',
        '--llm-deadline',
        '300',
        '--json',
      ]);
      expect(result.code).toBe(1);
      expect(silent.requests).toHaveLength(1);
      expect(
        result.stderr.match(/stopped calling llm\/fake-chat: the --llm-deadline of 300 ms passed; the rest fall back to the rubric judge/g),
      ).toHaveLength(1);
      const run = RunRecordSchema.parse(parse(result.stdout)[0]);
      const reasons = Object.values((run.judge as { fallbackReasons: Record<string, string> }).fallbackReasons);
      expect(reasons).toEqual([
        'the whole-run deadline of 300 ms passed',
        ...Array(5).fill('not called: the whole-run deadline of 300 ms passed'),
      ]);
    } finally {
      await silent.close();
    }
  }, 120_000);

  it('nothing listening: every verdict falls back, the reason names the refused address, exit 1', async () => {
    // A port that was just free: nothing listens on it.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const args = [
      'score',
      'examples/aide-tabular-run.journal.json',
      '--judge',
      'llm',
      '--llm-base-url',
      `http://127.0.0.1:${port}/v1`,
      '--llm-model',
      'fake-chat',
      '--llm-retries',
      '0',
    ];
    const result = await runCli([...args, '--json']);
    expect(result.code).toBe(1);
    const reasons = Object.values(
      (RunRecordSchema.parse(parse(result.stdout)[0]).judge as { fallbackReasons: Record<string, string> }).fallbackReasons,
    );
    expect(reasons[0]).toBe(`the provider failed: Connection error. (connect ECONNREFUSED 127.0.0.1:${port})`);
  }, 120_000);

  it('on a terminal, the progress line says how long the LLM judge has been waited for', async () => {
    const silent = await startFakeOpenAiServer({ chat: () => 'unused', holdAll: true });
    try {
      const args = [
        'score',
        'examples/aide-tabular-run.journal.json',
        '--judge',
        'llm',
        '--llm-base-url',
        silent.baseURL,
        '--llm-model',
        'fake-chat',
      ];
      // The heartbeat ticks each second; the deadline ends the wait after 2.5 s (timers fire in the order they are due).
      const result = await runCli([...args, '--llm-timeout', '60000', '--llm-circuit-breaker', '0', '--llm-deadline', '2500'], {
        terminal: true,
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/judging 1\/1: [^\r]*: waiting for llm\/fake-chat \(\d+ s\)/);
    } finally {
      await silent.close();
    }
  }, 120_000);

  it('--judge escalating against a server that never answers is bounded by --llm-deadline too', async () => {
    const silent = await startFakeOpenAiServer({ chat: () => 'unused', holdAll: true });
    try {
      const args = [
        'score',
        'examples/aide-tabular-run.journal.json',
        '--judge',
        'escalating',
        '--escalation-threshold',
        '1',
        '--llm-base-url',
        silent.baseURL,
        '--llm-model',
        'fake-chat',
      ];
      const result = await runCli([...args, '--llm-timeout', '60000', '--llm-circuit-breaker', '0', '--llm-deadline', '300', '--json']);
      expect(result.code).toBe(1);
      expect(silent.requests).toHaveLength(1);
      expect(result.stderr).toContain('the --llm-deadline of 300 ms passed');
    } finally {
      await silent.close();
    }
  }, 120_000);

  it('refuses a --max-escalations or --llm-timeout that is not a whole number, naming the option', async () => {
    const base = [
      'score',
      'examples/aide-tabular-run.journal.json',
      '--judge',
      'escalating',
      '--llm-base-url',
      server.baseURL,
      '--llm-model',
      'fake-chat',
    ];
    for (const [option, value] of [
      ['--max-escalations', '0x10'],
      ['--llm-timeout', '1e3'],
      ['--llm-retries', '-1'],
      ['--llm-deadline', '2.5'],
    ] as const) {
      const result = await runCli([...base, option, value]);
      expect(result.code, option).toBe(2);
      expect(result.stderr).toContain(`option '${option} <`);
    }
  }, 120_000);

  it('an --llm-cache that is a file is a usage error naming the option', async () => {
    const file = join(tmpdir(), `boden-llm-cache-${process.pid}.txt`);
    writeFileSync(file, 'not a directory');
    try {
      const result = await runCli([
        'score',
        'examples/aide-tabular-run.journal.json',
        '--judge',
        'llm',
        '--llm-base-url',
        server.baseURL,
        '--llm-model',
        'fake-chat',
        '--llm-cache',
        file,
      ]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/--llm-cache: .* is a file, not a directory/);
    } finally {
      rmSync(file, { force: true });
    }
  }, 120_000);

  it('an LLM judge without a server is a usage error naming the option', async () => {
    const result = await runCli(['score', 'examples/aide-tabular-run.journal.json', '--judge', 'llm']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--llm-base-url');
  });
});

describe.skipIf(!hasSharedData)('boden score --judge on every shared trajectory', () => {
  it.each(['rubric', 'escalating', 'llm'])('%s', async (judge) => {
    const args = ['score', sharedDataPath('trajectories'), '--judge', judge, '--json'];
    if (judge !== 'rubric') args.push('--llm-base-url', server.baseURL, '--llm-model', 'fake-chat');
    const result = await runCli(args);
    expect(result.code).toBe(0);
    const episodes = parse(result.stdout).filter((record) => record.type === 'episode');
    expect(episodes).toHaveLength(449);
    for (const record of episodes) if (record.type === 'episode') expect(record.scores?.judge).toBeGreaterThanOrEqual(0);
  });
});
