import { describe, expect, it } from 'vitest';
import { InvalidOptionsError } from '../../src/errors/invalid-options-error.js';
import { JudgeError } from '../../src/errors/judge-error.js';
import type { JudgeCallEndEvent, JudgeFallbackEvent, JudgeRetryEvent } from '../../src/events/judge-events.js';
import { LlmJudge } from '../../src/judges/llm-judge.js';
import { createOpenAiCompatibleJudge } from '../../src/judges/openai-compatible-judge.js';
import { answer, chatMessages, chatModel, collect, fakeFallback, judgeInput, scripted, serve } from './llm-judge-fixtures.js';
import { ManualTimers } from '../fakes/manual-timers.js';

async function judgeError(promise: Promise<unknown>): Promise<JudgeError> {
  const error: unknown = await promise.then(
    () => undefined,
    (rejection: unknown) => rejection,
  );
  expect(JudgeError.isInstance(error)).toBe(true);
  return error as JudgeError;
}

describe('LlmJudge answers', () => {
  it('scores from the structured answer (json_schema) and adds confidence and provenance', async () => {
    const server = await serve({ chat: scripted(answer(2, { label: 'Transformational', modes: ['exploratory', 'exploratory'] })) });
    const judge = new LlmJudge({ model: chatModel(server) });
    const verdict = await judge.judge(judgeInput(3));
    // The label follows the score, whatever label the model wrote; modes are deduplicated.
    expect(verdict).toEqual({
      score: 2,
      label: 'Exploratory',
      modes: ['exploratory'],
      rationale: 'Scripted score 2.',
      confidence: 0.8,
      judge: 'llm/fake-chat',
    });
    const body = server.requests[0]?.body as {
      response_format: { type: string; json_schema: { name: string; schema: { required: string[] } } };
    };
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema.name).toBe('p_creativity_verdict');
    expect(body.response_format.json_schema.schema.required).toEqual(['score', 'label', 'modes', 'rationale']);
    const [system, user] = chatMessages(server)[0]!;
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('4 Transformational');
    expect(user?.content).toMatch(
      /Earlier episode 1 of 3[\s\S]*Plan 0:[\s\S]*Earlier episode 3 of 3[\s\S]*Plan 2:[\s\S]*Current episode[\s\S]*Plan 3:/,
    );
  });

  it('works in function-calling mode with a forced tool call', async () => {
    const args = { score: 4, label: 'Transformational', modes: ['transformational'], rationale: 'New paradigm.' };
    const server = await serve({ chat: scripted({ toolCalls: [{ name: 'p_creativity_verdict', arguments: args }] }) });
    const judge = new LlmJudge({ model: chatModel(server), method: 'functionCalling', id: 'llm/tools', confidence: 0.9 });
    expect(await judge.judge(judgeInput(1))).toMatchObject({ score: 4, confidence: 0.9, judge: 'llm/tools' });
    const body = server.requests[0]?.body as { tools: { function: { name: string } }[]; tool_choice: unknown };
    expect(body.tools[0]?.function.name).toBe('p_creativity_verdict');
    expect(body.tool_choice).toEqual({ type: 'function', function: { name: 'p_creativity_verdict' } });
  });

  it.each([
    ['json_schema', undefined],
    ['function calling', 'functionCalling'],
  ] as const)('asks once more with the validation error when the answer fails the schema (%s)', async (_mode, method) => {
    const invalid = { score: 7, label: 'Routine', modes: [], rationale: 'Too high.' };
    const first =
      method === 'functionCalling' ? { toolCalls: [{ name: 'p_creativity_verdict', arguments: invalid }] } : JSON.stringify(invalid);
    const second =
      method === 'functionCalling'
        ? { toolCalls: [{ name: 'p_creativity_verdict', arguments: JSON.parse(answer(1)) as object }] }
        : answer(1);
    const server = await serve({ chat: scripted(first, second) });
    const judge = new LlmJudge({ model: chatModel(server), ...(method ? { method } : {}), nonce: () => 'abcdef0123456789' });
    const retries = collect<JudgeRetryEvent>((listener) => judge.events.on('judge-retry', listener));
    const ends = collect<JudgeCallEndEvent>((listener) => judge.events.on('judge-call-end', listener));
    expect(await judge.judge(judgeInput(2))).toMatchObject({ score: 1, label: 'Combinational' });
    const [, repeated] = chatMessages(server);
    expect(repeated).toHaveLength(3);
    expect(repeated?.[2]?.content).toMatch(
      /rejected[\s\S]*<data-abcdef0123456789>\nscore: Too big: expected number to be <=4\n<\/data-abcdef0123456789>/,
    );
    expect(retries).toMatchObject([{ cause: 'invalid-answer', request: 1, episodeId: 'node-2', runId: 'run-1' }]);
    expect(ends.map((event) => event.outcome)).toEqual(['invalid-answer', 'answered']);
    expect(judge.usage('run-1')).toMatchObject({ requests: 2, retries: 1, verdicts: 1, fallbacks: 0 });
  });

  it('falls back after invalid JSON twice, marks the verdict and emits judge-fallback', async () => {
    const server = await serve({ chat: scripted('not json at all', '{"score": 2, "label"') });
    const fallback = fakeFallback();
    const judge = new LlmJudge({ model: chatModel(server), fallback });
    const fallbacks = collect<JudgeFallbackEvent>((listener) => judge.events.on('judge-fallback', listener));
    const verdict = await judge.judge(judgeInput(1));
    expect(verdict).toMatchObject({ score: 0, judge: 'fake-cheap', confidence: 0.4, fallback: { from: 'llm/fake-chat' } });
    expect(verdict.fallback?.reason).toMatch(/invalid twice: the answer is not valid JSON/);
    expect(fallbacks).toEqual([
      {
        runId: 'run-1',
        episodeId: 'node-1',
        judge: 'llm/fake-chat',
        fallback: 'fake-cheap',
        problem: 'invalid-answer',
        reason: verdict.fallback?.reason,
      },
    ]);
    expect(chatMessages(server)[1]?.[2]?.content).toContain('not valid JSON');
    expect(server.requests).toHaveLength(2);
    expect(fallback.calls).toBe(1);
    expect(judge.usage('run-1')).toMatchObject({ fallbacks: 1, verdicts: 0 });
  });

  it('throws a typed JudgeError without a fallback', async () => {
    const server = await serve({ chat: scripted('nope', 'still nope') });
    const judge = new LlmJudge({ model: chatModel(server) });
    const error = await judgeError(judge.judge(judgeInput(1)));
    expect(error).toMatchObject({ problem: 'invalid-answer', requests: 2, judgeId: 'llm/fake-chat', runId: 'run-1', episodeId: 'node-1' });
    expect(error.message).toContain('after 2 requests');
  });

  it('fails at once on a 400 (not retryable) and falls back', async () => {
    const server = await serve({ chat: scripted(), script: [{ kind: 'status', status: 400 }] });
    const plain = await judgeError(new LlmJudge({ model: chatModel(server), retryDelayMs: 1 }).judge(judgeInput(1)));
    expect(plain).toMatchObject({ problem: 'provider', status: 400, requests: 1 });
    expect(plain.reason).toContain('not retryable');
    server.enqueue({ kind: 'status', status: 401 });
    const verdict = await new LlmJudge({ model: chatModel(server), fallback: fakeFallback() }).judge(judgeInput(1));
    expect(verdict.fallback?.reason).toMatch(/provider failed \(not retryable\)/);
    expect(server.requests).toHaveLength(2);
  });

  it('wraps a failing fallback judge in a JudgeError', async () => {
    const server = await serve({ chat: scripted('x', 'y') });
    const broken = { specificationVersion: 'v1' as const, id: 'broken', judge: () => Promise.reject(new Error('boom')) };
    const error = await judgeError(new LlmJudge({ model: chatModel(server), fallback: broken }).judge(judgeInput(1)));
    expect(error).toMatchObject({ problem: 'fallback' });
    expect(error.reason).toMatch(/fallback judge broken failed too: boom/);
  });
});

describe('LlmJudge provider failures', () => {
  it('retries a 500 and a 429, honouring retry-after', async () => {
    const server = await serve({
      chat: scripted(answer(3)),
      script: [
        { kind: 'status', status: 500 },
        { kind: 'status', status: 429, headers: { 'retry-after': '0.15' } },
      ],
    });
    const timers = new ManualTimers();
    const judge = new LlmJudge({ model: chatModel(server), retryDelayMs: 1, random: () => 0.5, timers });
    const retries = collect<JudgeRetryEvent>((listener) => judge.events.on('judge-retry', listener));
    const verdict = judge.judge(judgeInput(1));
    // Each request's timeout (the default 180 s) is a pending timer too; only the backoffs are fired.
    const backoff = (milliseconds: number): boolean => milliseconds !== 180_000;
    expect(await timers.fireNext(backoff)).toBe(0.75); // after the 500: 1 ms jittered to 75 %
    expect(await timers.fireNext(backoff)).toBe(150); // after the 429: its retry-after
    expect(await verdict).toMatchObject({ score: 3 });
    expect(server.requests).toHaveLength(3);
    expect(retries.map(({ cause, status, request }) => ({ cause, status, request }))).toEqual([
      { cause: 'provider', status: 500, request: 1 },
      { cause: 'provider', status: 429, request: 2 },
    ]);
    expect(retries[0]?.delayMs).toBeLessThan(5);
    expect(retries[1]?.delayMs).toBe(150);
    expect(judge.usage('run-1')).toMatchObject({ requests: 3, retries: 2, unmeteredRequests: 2, verdicts: 1 });
  });

  it('retries a timed-out request', async () => {
    // The first request is held unanswered; the test, not the wall clock, fires its timeout.
    const server = await serve({ chat: scripted(answer(1)), script: [{ kind: 'hold' }] });
    const timers = new ManualTimers();
    const judge = new LlmJudge({ model: chatModel(server), timeoutMs: 80, retryDelayMs: 1, random: () => 0.5, timers });
    const retries = collect<JudgeRetryEvent>((listener) => judge.events.on('judge-retry', listener));
    const verdict = judge.judge(judgeInput(1));
    await server.received(1);
    expect(await timers.fireNext()).toBe(80); // the held request's timeout
    expect(await timers.fireNext()).toBeLessThanOrEqual(1); // the backoff before the retry
    expect(await verdict).toMatchObject({ score: 1 });
    expect(server.requests).toHaveLength(2);
    expect(retries).toMatchObject([{ cause: 'provider', status: null, message: 'the request timed out after 80 ms' }]);
    expect(timers.pending).toEqual([]); // the answered request's timeout was cleared
  });

  it('retries an unreadable response body as a provider failure, not as an invalid answer', async () => {
    const server = await serve({ chat: scripted(answer(2)), script: [{ kind: 'invalid-json' }] });
    const judge = new LlmJudge({ model: chatModel(server), retryDelayMs: 1 });
    const retries = collect<JudgeRetryEvent>((listener) => judge.events.on('judge-retry', listener));
    expect(await judge.judge(judgeInput(1))).toMatchObject({ score: 2 });
    expect(retries).toMatchObject([{ cause: 'provider' }]);
    expect(chatMessages(server)[1]).toHaveLength(2);
  });

  it('opens the circuit breaker after N calls in a row fail: later calls fall back without a request, said once', async () => {
    const failure = { kind: 'status', status: 503 } as const;
    // A success between failures resets the count: fail, succeed, then fail twice to open.
    const server = await serve({
      chat: scripted(answer(1), answer(1), answer(1)),
      script: [failure, { kind: 'respond' }, failure, failure],
    });
    const judge = new LlmJudge({ model: chatModel(server), maxRetries: 0, circuitBreaker: 2, fallback: fakeFallback(), cache: false });
    const opened = collect<{ failures: number; reason: string }>((listener) => judge.events.on('judge-circuit-open', listener));
    const verdicts = [];
    for (let index = 1; index <= 6; index += 1) verdicts.push(await judge.judge(judgeInput(index)));
    expect(server.requests).toHaveLength(4);
    expect(verdicts.map((verdict) => verdict.fallback === undefined)).toEqual([false, true, false, false, false, false]);
    expect(verdicts[4]!.fallback!.reason).toBe(
      'not called: the circuit breaker opened after 2 calls in a row failed (last: the provider failed: 503 scripted status 503)',
    );
    expect(opened).toEqual([
      { judge: judge.id, failures: 2, counted: 'failed-calls', reason: 'the provider failed: 503 scripted status 503' },
    ]);
    expect(() => new LlmJudge({ model: chatModel(server), circuitBreaker: 0 })).toThrow(/circuitBreaker/);
  });

  it('stops at the whole-run deadline: the request in flight is cut at the time left, later calls fall back at once, said once', async () => {
    // The first request is held unanswered; the test's clock and timers, not the wall clock, decide when time is up.
    const server = await serve({ chat: scripted(answer(1), answer(1)), script: [{ kind: 'hold' }] });
    const timers = new ManualTimers();
    let clock = 0;
    const judge = new LlmJudge({
      model: chatModel(server),
      timeoutMs: 60_000,
      deadlineMs: 1_000,
      retryDelayMs: 1,
      random: () => 0.5,
      timers,
      now: () => clock,
      fallback: fakeFallback(),
      cache: false,
    });
    const passed = collect<{ judge: string; deadlineMs: number }>((listener) => judge.events.on('judge-deadline-passed', listener));
    clock = 400;
    const first = judge.judge(judgeInput(1));
    await server.received(1);
    // The deadline counts from the first call (at 400): the held request may wait the 1,000 ms left, not 60 s.
    expect(timers.pending).toEqual([1_000]);
    clock = 1_400;
    await timers.fireNext();
    const verdict = await first;
    expect(verdict.fallback?.reason).toBe('the whole-run deadline of 1000 ms passed');
    const later = await judge.judge(judgeInput(2));
    expect(later.fallback?.reason).toBe('not called: the whole-run deadline of 1000 ms passed');
    expect(server.requests).toHaveLength(1);
    expect(passed).toEqual([{ judge: judge.id, deadlineMs: 1_000 }]);
    expect(() => new LlmJudge({ model: chatModel(server), deadlineMs: 0 })).toThrow(/deadlineMs/);
  });

  it('makes every request within the deadline while time is left', async () => {
    const server = await serve({ chat: scripted(answer(1), answer(2)) });
    const timers = new ManualTimers();
    let clock = 0;
    const judge = new LlmJudge({ model: chatModel(server), timeoutMs: 500, deadlineMs: 10_000, timers, now: () => clock, cache: false });
    expect(await judge.judge(judgeInput(1))).toMatchObject({ score: 1 });
    clock = 9_800;
    const second = judge.judge(judgeInput(2));
    await server.received(2);
    expect(await second).toMatchObject({ score: 2 });
    expect(judge.usage()).toMatchObject({ requests: 2, fallbacks: 0 });
  });

  it('falls back once the retries are spent', async () => {
    const failure = { kind: 'status', status: 503 } as const;
    const server = await serve({ chat: scripted(), script: [failure, failure] });
    const judge = new LlmJudge({ model: chatModel(server), maxRetries: 1, retryDelayMs: 1, fallback: fakeFallback() });
    const verdict = await judge.judge(judgeInput(1));
    expect(verdict.fallback).toEqual({ from: 'llm/fake-chat', reason: 'the provider failed: 503 scripted status 503' });
    expect(server.requests).toHaveLength(2);
  });

  it('rejects with the abort reason, without falling back, while a request is in flight', async () => {
    const server = await serve({ chat: scripted(), holdAll: true });
    const fallback = fakeFallback();
    const judge = new LlmJudge({ model: chatModel(server), fallback });
    const caller = new AbortController();
    const verdict = judge.judge(judgeInput(1), { signal: caller.signal });
    await server.received(1);
    caller.abort(new DOMException('the caller gave up', 'TimeoutError'));
    // The server never answers, so only the abort can settle the call.
    await expect(verdict).rejects.toMatchObject({ name: 'TimeoutError', message: 'the caller gave up' });
    expect(fallback.calls).toBe(0);
  });

  it('keeps at most maxConcurrency requests in flight across judge calls', async () => {
    // Requests are held until released in waves, so all that the limiter lets through are in flight together.
    const server = await serve({ chat: scripted(), holdAll: true });
    const judge = new LlmJudge({ model: chatModel(server), maxConcurrency: 2, cache: false });
    const verdicts = Promise.all([1, 2, 3, 4, 5].map((index) => judge.judge(judgeInput(index))));
    for (const arrived of [2, 4, 5]) {
      await server.received(arrived);
      server.release();
    }
    await verdicts;
    expect(server.requests).toHaveLength(5);
    expect(server.peakInFlight).toBe(2);
  });

  it('survives a throwing listener and reports it as listener-error', async () => {
    const server = await serve({ chat: scripted(answer(2)) });
    const judge = new LlmJudge({ model: chatModel(server) });
    const reports = collect<{ event: string }>((listener) => judge.events.on('listener-error', listener));
    judge.events.on('judge-call-end', () => {
      throw new Error('bad logger');
    });
    expect(await judge.judge(judgeInput(1))).toMatchObject({ score: 2 });
    expect(reports).toMatchObject([{ event: 'judge-call-end' }]);
  });
});

describe('LlmJudge options and createOpenAiCompatibleJudge', () => {
  it('throws InvalidOptionsError naming a bad option', async () => {
    const server = await serve();
    expect(() => new LlmJudge({ model: chatModel(server), maxConcurrency: 0 })).toThrow(/maxConcurrency/);
    expect(() => new LlmJudge({ model: {} as never })).toThrow(InvalidOptionsError);
    expect(() => new LlmJudge({ model: chatModel(server, { streaming: true }) })).toThrow(/streaming: false/);
    expect(() => createOpenAiCompatibleJudge({ baseURL: 'not a url', model: 'm' })).toThrow(InvalidOptionsError);
  });

  it('talks to an OpenAI-compatible server with the given key and leaves retrying to the judge', async () => {
    const server = await serve({ chat: scripted(answer(2)), script: [{ kind: 'status', status: 500 }] });
    const judge = createOpenAiCompatibleJudge({
      baseURL: server.baseURL,
      model: 'served-model',
      apiKey: 'secret',
      temperature: 0,
      retryDelayMs: 1,
    });
    expect(judge.id).toBe('llm/served-model');
    expect(await judge.judge(judgeInput(1))).toMatchObject({ score: 2, judge: 'llm/served-model' });
    // One failure and the judge's single retry: the client itself retried nothing.
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.headers.authorization).toBe('Bearer secret');
    expect(server.requests[1]?.body).toMatchObject({ model: 'served-model', temperature: 0, stream: false });
  });

  it('defaults the key to OPENAI_API_KEY, else not-needed', async () => {
    const server = await serve({ chat: scripted(answer(1), answer(1)) });
    const saved = process.env.OPENAI_API_KEY;
    try {
      process.env.OPENAI_API_KEY = 'from-env';
      await createOpenAiCompatibleJudge({ baseURL: server.baseURL, model: 'm' }).judge(judgeInput(1));
      delete process.env.OPENAI_API_KEY;
      await createOpenAiCompatibleJudge({ baseURL: server.baseURL, model: 'm' }).judge(judgeInput(1));
    } finally {
      if (saved === undefined) delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = saved;
    }
    expect(server.requests.map((request) => request.headers.authorization)).toEqual(['Bearer from-env', 'Bearer not-needed']);
  });
});
