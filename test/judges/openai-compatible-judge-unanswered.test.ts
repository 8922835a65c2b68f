import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAiCompatibleJudge } from '../../src/judges/openai-compatible-judge.js';
import { startSilentServer, type SilentServer } from '../fakes/silent-server.js';
import { collect, fakeFallback, judgeInput, serve } from './llm-judge-fixtures.js';

let silent: SilentServer | undefined;
afterEach(async () => {
  await silent?.close();
  silent = undefined;
});

describe('createOpenAiCompatibleJudge against a server that does not answer', () => {
  // Real sockets and timers: the bound is the test's timeout, far above the few 300 ms waits it takes.
  it('fails each request after the first-byte wait and the check, and opens the breaker on requests counted across episodes', async () => {
    silent = await startSilentServer();
    const judge = createOpenAiCompatibleJudge({
      baseURL: silent.baseURL,
      model: 'm',
      firstByteTimeoutMs: 300,
      maxRetries: 1,
      retryDelayMs: 1,
      circuitBreaker: 3,
      fallback: fakeFallback(),
      cache: false,
    });
    const opened = collect<{ failures: number; counted: string; reason: string }>((listener) =>
      judge.events.on('judge-circuit-open', listener),
    );
    const reasons: string[] = [];
    for (let index = 0; index < 4; index += 1) reasons.push((await judge.judge(judgeInput(index))).fallback!.reason);
    const silence =
      /^the provider failed: POST http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: no response within 300 ms, and GET http:\/\/127\.0\.0\.1:\d+\/v1\/models got no answer within 300 ms either$/;
    // Episode 0: a request and its retry; episode 1: the third request opens the breaker, so no retry; then none.
    expect(reasons[0]).toMatch(silence);
    expect(reasons[1]).toMatch(silence);
    expect(reasons[2]).toMatch(
      /^not called: the circuit breaker opened after 3 requests in a row got no answer \(last: POST .*got no answer within 300 ms either\)$/,
    );
    expect(reasons[3]).toBe(reasons[2]);
    expect(silent.requests.filter((request) => request === 'POST /v1/chat/completions')).toHaveLength(3);
    expect(opened).toEqual([
      { judge: 'llm/m', failures: 3, counted: 'unanswered-requests', reason: expect.stringMatching(/no response within 300 ms/) },
    ]);
    expect(judge.usage()).toMatchObject({ requests: 3, fallbacks: 4 });
  }, 30_000);

  it('an error status resets the count: a server that is there is retried, not cut off by the breaker', async () => {
    const server = await serve({
      chat: () => JSON.stringify({ score: 1, label: 'Combinational', modes: ['combinational'], rationale: 'Two known parts.' }),
      script: [
        { kind: 'status', status: 503 },
        { kind: 'status', status: 503 },
      ],
    });
    const judge = createOpenAiCompatibleJudge({
      baseURL: server.baseURL,
      model: 'm',
      firstByteTimeoutMs: 300,
      maxRetries: 2,
      retryDelayMs: 1,
      circuitBreaker: 1,
      fallback: fakeFallback(),
      cache: false,
    });
    const verdict = await judge.judge(judgeInput(0));
    expect(verdict).toMatchObject({ score: 1, judge: 'llm/m' });
    expect(verdict.fallback).toBeUndefined();
  });

  it('an HTML page with status 200 is reported as not a chat completion and not retried', async () => {
    const server = await serve({ always: { kind: 'html', body: '<html><body>Gateway timed out, try later</body></html>' } });
    const judge = createOpenAiCompatibleJudge({
      baseURL: server.baseURL,
      model: 'm',
      maxRetries: 3,
      fallback: fakeFallback(),
      cache: false,
    });
    const fallbacks = collect<{ problem: string; reason: string }>((listener) => judge.events.on('judge-fallback', listener));
    const verdict = await judge.judge(judgeInput(0));
    // Even with "timed out" in the page, which the OpenAI SDK would take for its own timeout if it saw it.
    expect(verdict.fallback!.reason).toBe(
      `the provider failed (not retryable): POST ${server.baseURL}/chat/completions answered 200 text/html; charset=utf-8, not a chat completion: "<html><body>Gateway timed out, try later</body></html>"`,
    );
    expect(fallbacks).toMatchObject([{ problem: 'provider' }]);
    expect(server.requests).toHaveLength(1);
  });
});
