import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGuardedFetch } from '../../src/calls/guarded-fetch.js';
import { NoResponseError } from '../../src/errors/no-response-error.js';
import { UnexpectedResponseError } from '../../src/errors/unexpected-response-error.js';
import { startFakeOpenAiServer, type FakeOpenAiServer, type FakeOpenAiServerOptions } from '../fakes/fake-openai-server.js';
import { ManualTimers } from '../fakes/manual-timers.js';
import { startSilentServer, type SilentServer } from '../fakes/silent-server.js';

const open: (FakeOpenAiServer | SilentServer)[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});
const fake = async (options: FakeOpenAiServerOptions) => {
  const server = await startFakeOpenAiServer(options);
  open.push(server);
  return server;
};
const silent = async () => {
  const server = await startSilentServer();
  open.push(server);
  return server;
};
const chatRequest = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', messages: [] }) };
const rejection = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => expect.fail('expected a rejection'),
    (error: unknown) => error,
  );

describe('createGuardedFetch: a silent server against a slow one', () => {
  it('fails a request to a server that answers neither it nor GET /models with a NoResponseError; the test fires both waits', async () => {
    const server = await silent();
    const timers = new ManualTimers();
    const guarded = createGuardedFetch({ baseURL: server.baseURL, firstByteTimeoutMs: 300, timers });
    const failed = rejection(guarded(`${server.baseURL}/chat/completions`, chatRequest));
    expect(await timers.fireNext()).toBe(300); // no first byte: the server is checked
    await vi.waitFor(() => expect([...server.requests].sort()).toEqual(['GET /v1/models', 'POST /v1/chat/completions']));
    expect(await timers.fireNext()).toBe(300); // the check got nothing either
    const error = await failed;
    expect(NoResponseError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      `POST ${server.baseURL}/chat/completions: no response within 300 ms, and GET ${server.baseURL}/models got no answer within 300 ms either`,
    );
    // The name alone: the OpenAI SDK would read "timed out" in String(error) as its own timeout and drop the error.
    expect(String(error)).toBe('BodenNoResponseError');
    expect(timers.pending).toEqual([]);
  });

  it('waits on for a server that answers GET /models: it is generating (a non-streamed answer sends its headers last)', async () => {
    const server = await fake({ chat: () => 'the answer', script: [{ kind: 'hold' }] });
    const timers = new ManualTimers();
    const guarded = createGuardedFetch({ baseURL: server.baseURL, firstByteTimeoutMs: 300, timers });
    const answered = guarded(`${server.baseURL}/chat/completions`, chatRequest);
    await server.received(1);
    expect(await timers.fireNext()).toBe(300);
    // The check was answered and its wait cleared; the request is still held.
    await server.received(2);
    await vi.waitFor(() => expect(timers.pending).toEqual([]));
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /v1/chat/completions', 'GET /v1/models']);
    server.release();
    const response = await answered;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content).toBe('the answer');
  });

  it("checks nothing when the answer comes within the first-byte wait, and passes the caller's abort through", async () => {
    const server = await fake({ chat: () => 'quick', script: [{ kind: 'respond' }, { kind: 'hold' }] });
    const timers = new ManualTimers();
    const guarded = createGuardedFetch({ baseURL: server.baseURL, firstByteTimeoutMs: 300, timers });
    expect((await guarded(`${server.baseURL}/chat/completions`, chatRequest)).status).toBe(200);
    expect(timers.pending).toEqual([]);
    const caller = new AbortController();
    const aborted = rejection(guarded(`${server.baseURL}/chat/completions`, { ...chatRequest, signal: caller.signal }));
    await server.received(2);
    caller.abort(new Error('the caller gave up'));
    expect(await aborted).toMatchObject({ message: 'the caller gave up' });
    expect(timers.pending).toEqual([]);
    expect(server.requests.map((request) => request.path)).toEqual(['/v1/chat/completions', '/v1/chat/completions']);
  });
});

describe("createGuardedFetch: answers that are not the API's", () => {
  it('an HTML page with status 200 is not a chat completion: a typed error with the content type and the first characters', async () => {
    const server = await fake({ always: { kind: 'html' } });
    const guarded = createGuardedFetch({ baseURL: server.baseURL, firstByteTimeoutMs: 300 });
    const error = await rejection(guarded(`${server.baseURL}/chat/completions`, chatRequest));
    expect(UnexpectedResponseError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 200, contentType: 'text/html; charset=utf-8', expected: 'a chat completion' });
    expect((error as UnexpectedResponseError).bodyStart).toMatch(/^<!DOCTYPE html> <html><head><title>Welcome to nginx!/);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^POST ${server.baseURL}/chat/completions answered 200 text/html; charset=utf-8, not a chat completion: "<!DOCTYPE html> <html>`,
      ),
    );
  });

  it('JSON of another shape is not a chat completion or an embeddings response either', async () => {
    const server = await fake({
      script: [
        { kind: 'status', status: 200, body: { status: 'ok' } },
        { kind: 'status', status: 200, body: { status: 'ok' } },
      ],
    });
    const guarded = createGuardedFetch({ baseURL: server.baseURL, firstByteTimeoutMs: 300 });
    expect(await rejection(guarded(`${server.baseURL}/chat/completions`, chatRequest))).toMatchObject({
      contentType: 'application/json',
      expected: 'a chat completion',
      bodyStart: '{"status":"ok"}',
    });
    expect(await rejection(guarded(`${server.baseURL}/embeddings`, chatRequest))).toMatchObject({ expected: 'an embeddings response' });
  });

  it('passes error statuses, cut-short JSON (which the client retries) and other paths through untouched', async () => {
    const server = await fake({ chat: () => 'fine', script: [{ kind: 'status', status: 503 }, { kind: 'invalid-json' }] });
    const guarded = createGuardedFetch({ baseURL: server.baseURL, firstByteTimeoutMs: 300 });
    expect((await guarded(`${server.baseURL}/chat/completions`, chatRequest)).status).toBe(503);
    expect(await (await guarded(`${server.baseURL}/chat/completions`, chatRequest)).text()).toBe('{"object": "list", "data": [');
    expect((await guarded(`${server.baseURL}/models`)).status).toBe(200);
    expect((await guarded(`${server.baseURL}/chat/completions`, chatRequest)).status).toBe(200);
  });
});
