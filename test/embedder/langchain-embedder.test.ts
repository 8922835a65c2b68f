import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { OpenAIEmbeddings, type OpenAIEmbeddingsParams } from '@langchain/openai';
import { afterEach, describe, expect, it } from 'vitest';
import type { EmbeddingInput } from '../../src/embedder/embedder.js';
import { LangChainEmbedder, renderEmbeddingText } from '../../src/embedder/langchain-embedder.js';
import { createOpenAiCompatibleEmbedder } from '../../src/embedder/openai-compatible-embedder.js';
import { EmbeddingError } from '../../src/errors/embedding-error.js';
import { InvalidOptionsError } from '../../src/errors/invalid-options-error.js';
import { fakeEmbedding, startFakeOpenAiServer, type FakeOpenAiServer, type FakeOpenAiServerOptions } from '../fakes/fake-openai-server.js';
import { ManualTimers } from '../fakes/manual-timers.js';
import { startSilentServer } from '../fakes/silent-server.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

const cacheRoot = useTemporaryDirectory('boden-langchain-embedder-');
const servers: FakeOpenAiServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A fake server closed after the current test. */
async function serve(options: FakeOpenAiServerOptions = {}): Promise<FakeOpenAiServer> {
  const server = await startFakeOpenAiServer(options);
  servers.push(server);
  return server;
}

/** The real LangChain client against `server`, with its own retries off so only the embedder's count. */
function openAiEmbeddings(server: FakeOpenAiServer, fields: Partial<OpenAIEmbeddingsParams> = {}): OpenAIEmbeddings {
  return new OpenAIEmbeddings({
    model: 'fake-embedding',
    apiKey: 'test',
    maxRetries: 0,
    configuration: { baseURL: server.baseURL },
    ...fields,
  });
}

const episodes = (count: number): EmbeddingInput[] =>
  Array.from({ length: count }, (_, index) => ({
    plan: `Plan number ${index}: try model ${index}`,
    code: `model_${index} = fit(x)\nscore(model_${index})`,
  }));

/** Texts of every embeddings request the server received, one array per request. */
const sentTexts = (server: FakeOpenAiServer): string[][] =>
  server.requests.filter((request) => request.path === '/v1/embeddings').map((request) => (request.body as { input: string[] }).input);

const normalised = (vector: number[]): number[] => {
  const norm = Math.hypot(...vector);
  return vector.map((component) => component / norm);
};

async function embedError(promise: Promise<unknown>): Promise<EmbeddingError> {
  const error: unknown = await promise.then(
    () => undefined,
    (rejection: unknown) => rejection,
  );
  expect(EmbeddingError.isInstance(error)).toBe(true);
  return error as EmbeddingError;
}

describe('LangChainEmbedder', () => {
  it('returns the provider vectors L2-normalised, base64 on the wire, and learns the dimensions', async () => {
    const server = await serve();
    const embedder = new LangChainEmbedder({ embeddings: openAiEmbeddings(server, { stripNewLines: false }) });
    expect(embedder.id).toBe('langchain/fake-embedding');
    expect(() => embedder.dimensions).toThrow(EmbeddingError);
    const inputs = episodes(3);
    const vectors = await embedder.embed(inputs);
    expect(embedder.dimensions).toBe(16);
    const [request] = server.requests;
    expect(request?.body).toMatchObject({ model: 'fake-embedding', encoding_format: 'base64', input: inputs.map(renderEmbeddingText) });
    for (const [index, vector] of vectors.entries()) {
      const expected = normalised(fakeEmbedding(renderEmbeddingText(inputs[index]!)));
      expect(vector).toHaveLength(16);
      vector.forEach((component, slot) => expect(component).toBeCloseTo(expected[slot]!, 6));
    }
  });

  it('sends ceil(N / batchSize) requests of at most batchSize texts', async () => {
    const server = await serve();
    const embedder = new LangChainEmbedder({ embeddings: openAiEmbeddings(server), batchSize: 3 });
    const vectors = await embedder.embed(episodes(7));
    expect(vectors).toHaveLength(7);
    expect(
      sentTexts(server)
        .map((texts) => texts.length)
        .sort(),
    ).toEqual([1, 3, 3]);
  });

  it("lowers its batch size to the LangChain model's own, so one batch is one request", async () => {
    const server = await serve();
    const embedder = new LangChainEmbedder({ embeddings: openAiEmbeddings(server, { batchSize: 2 }), batchSize: 32 });
    await embedder.embed(episodes(5));
    expect(sentTexts(server)).toHaveLength(3);
    expect(embedder.statistics.requests).toBe(3);
  });

  it('keeps at most maxConcurrency requests in flight, across embed calls', async () => {
    // Requests are held until released in waves, so all that the limiter lets through are in flight together.
    const server = await serve({ holdAll: true });
    const embedder = new LangChainEmbedder({
      embeddings: openAiEmbeddings(server, { maxConcurrency: 10 }),
      batchSize: 1,
      maxConcurrency: 3,
    });
    const embedded = Promise.all([embedder.embed(episodes(6)), embedder.embed(episodes(9).slice(6))]);
    for (const arrived of [3, 6, 9]) {
      await server.received(arrived);
      server.release();
    }
    await embedded;
    expect(server.requests).toHaveLength(9);
    expect(server.peakInFlight).toBe(3);
  });

  it('retries 500 and 429 (honouring retry-after) with jittered backoff, then succeeds', async () => {
    const server = await serve({
      script: [
        { kind: 'status', status: 500 },
        { kind: 'status', status: 429, headers: { 'retry-after': '0.15' } },
      ],
    });
    const draws: number[] = [];
    const random = (): number => {
      draws.push(0.5);
      return 0.5;
    };
    const timers = new ManualTimers();
    const embedder = new LangChainEmbedder({ embeddings: openAiEmbeddings(server), retryDelayMs: 1, random, timers });
    const embedding = embedder.embed(episodes(2));
    expect(await timers.fireNext()).toBe(0.75); // after the 500: 1 ms jittered to 75 %
    expect(await timers.fireNext()).toBe(150); // after the 429: its retry-after
    const vectors = await embedding;
    expect(vectors).toHaveLength(2);
    expect(server.requests).toHaveLength(3);
    expect(draws).toHaveLength(2);
    expect(embedder.statistics).toMatchObject({ requests: 3, retries: 2, providerTexts: 2 });
  });

  it('caps a long retry-after at maxRetryDelayMs', async () => {
    const server = await serve({ script: [{ kind: 'status', status: 429, headers: { 'retry-after': '30' } }] });
    const timers = new ManualTimers();
    const embedder = new LangChainEmbedder({ embeddings: openAiEmbeddings(server), retryDelayMs: 1, maxRetryDelayMs: 20, timers });
    const vectors = embedder.embed(episodes(1));
    expect(await timers.fireNext()).toBe(20);
    await expect(vectors).resolves.toHaveLength(1);
    expect(server.requests).toHaveLength(2);
  });

  it("counts the client's own timeout as a retryable failure", async () => {
    // The server never answers, so the client's timeout always fires: no race with the machine's speed.
    const server = await serve({ holdAll: true });
    const embedder = new LangChainEmbedder({ embeddings: openAiEmbeddings(server, { timeout: 50 }), maxRetries: 0 });
    const error = await embedError(embedder.embed(episodes(1)));
    expect(error).toMatchObject({ problem: 'provider', attempts: 1 });
    expect(error.reason).toMatch(/^the provider failed: .*timed out/i);
  });

  it('retries an unreadable body', async () => {
    const server = await serve({ script: [{ kind: 'invalid-json' }] });
    const embedder = new LangChainEmbedder({ embeddings: openAiEmbeddings(server), retryDelayMs: 1 });
    await expect(embedder.embed(episodes(1))).resolves.toHaveLength(1);
    expect(server.requests).toHaveLength(2);
    expect(embedder.statistics.retries).toBe(1);
  });

  it.each([400, 401])('fails at once on %i with a typed error', async (status) => {
    const server = await serve({ script: [{ kind: 'status', status }] });
    const embedder = new LangChainEmbedder({ embeddings: openAiEmbeddings(server), retryDelayMs: 1 });
    const error = await embedError(embedder.embed(episodes(1)));
    expect(error).toMatchObject({ problem: 'provider', attempts: 1, status, embedderId: 'langchain/fake-embedding' });
    expect(error.cause).toBeInstanceOf(Error);
    expect(server.requests).toHaveLength(1);
  });

  it('gives up after maxRetries retries with the attempts and the cause', async () => {
    const failure = { kind: 'status', status: 503 } as const;
    const server = await serve({ script: [failure, failure, failure, failure] });
    const embedder = new LangChainEmbedder({ embeddings: openAiEmbeddings(server), maxRetries: 2, retryDelayMs: 1 });
    const error = await embedError(embedder.embed(episodes(1)));
    expect(error).toMatchObject({ problem: 'provider', attempts: 3, status: 503 });
    expect(error.message).toContain('after 3 attempts');
    expect(server.requests).toHaveLength(3);
  });

  it('retries connection errors', async () => {
    const server = await startFakeOpenAiServer();
    await server.close();
    const embedder = new LangChainEmbedder({ embeddings: openAiEmbeddings(server), maxRetries: 1, retryDelayMs: 1 });
    const error = await embedError(embedder.embed(episodes(1)));
    expect(error).toMatchObject({ problem: 'provider', attempts: 2, status: null });
  });

  it('answers repeated texts from memory, within and across calls', async () => {
    const server = await serve();
    const embedder = new LangChainEmbedder({ embeddings: openAiEmbeddings(server) });
    const [first, second, third] = episodes(3);
    const before = await embedder.embed([first!, second!, first!]);
    expect(sentTexts(server)).toHaveLength(1);
    expect(sentTexts(server)[0]).toHaveLength(2);
    const after = await embedder.embed([first!, third!]);
    expect(sentTexts(server)[1]).toEqual([renderEmbeddingText(third!).replace(/\n/g, ' ')]);
    expect(after[0]).toEqual(before[0]);
    await embedder.embed([second!, third!]);
    expect(server.requests).toHaveLength(2);
    expect(embedder.statistics).toMatchObject({ memoryHits: 3, providerTexts: 3 });
  });

  it('asks again for every call when the cache is off', async () => {
    const server = await serve();
    const embedder = new LangChainEmbedder({ embeddings: openAiEmbeddings(server), cache: false });
    await embedder.embed(episodes(1));
    await embedder.embed(episodes(1));
    expect(server.requests).toHaveLength(2);
  });

  it('keeps a disk cache that survives a new instance and ignores corrupt entries', async () => {
    const directory = join(cacheRoot, 'cache');
    const server = await serve();
    const make = (): LangChainEmbedder => new LangChainEmbedder({ embeddings: openAiEmbeddings(server), cache: { directory } });
    const inputs = episodes(3);
    const original = await make().embed(inputs);
    const files = (await readdir(directory)).filter((file) => file.endsWith('.json')).sort();
    expect(files).toHaveLength(3);

    const reloaded = make();
    expect(await reloaded.embed(inputs)).toEqual(original);
    expect(server.requests).toHaveLength(1);
    expect(reloaded.statistics).toMatchObject({ diskHits: 3, providerTexts: 0 });
    expect(reloaded.dimensions).toBe(16);

    await writeFile(join(directory, files[0]!), '{"format": "boden-embedding-cache-v1", "vect');
    await writeFile(
      join(directory, files[1]!),
      JSON.stringify({ format: 'boden-embedding-cache-v1', key: files[1]!.slice(0, -5), dimensions: 16, vector: 'AAAA' }),
    );
    const repaired = make();
    expect(await repaired.embed(inputs)).toEqual(original);
    expect(repaired.statistics).toMatchObject({ diskHits: 1, corruptCacheEntries: 2, providerTexts: 2 });
    expect(sentTexts(server)[1]).toHaveLength(2);

    const afterRepair = make();
    await afterRepair.embed(inputs);
    expect(afterRepair.statistics).toMatchObject({ diskHits: 3, corruptCacheEntries: 0 });
    expect(server.requests).toHaveLength(2);
  });

  it('fails with a dimension mismatch when the provider answers another length', async () => {
    const server = await serve();
    const embedder = new LangChainEmbedder({ embeddings: openAiEmbeddings(server), dimensions: 8 });
    expect(embedder.id).toBe('langchain/fake-embedding/8');
    const error = await embedError(embedder.embed(episodes(2)));
    expect(error).toMatchObject({ problem: 'dimension-mismatch', expectedDimensions: 8, actualDimensions: 16, inputIndex: 0 });
  });

  it('keeps learned dimensions fixed', async () => {
    let length = 16;
    const server = await serve({ embeddings: (texts) => texts.map((text) => fakeEmbedding(text, length)) });
    const embedder = new LangChainEmbedder({ embeddings: openAiEmbeddings(server) });
    await embedder.embed(episodes(1));
    length = 12;
    const error = await embedError(embedder.embed(episodes(2).slice(1)));
    expect(error).toMatchObject({ problem: 'dimension-mismatch', expectedDimensions: 16, actualDimensions: 12 });
  });

  it('rejects zero and NaN vectors with the offending input', async () => {
    const server = await serve({
      embeddings: (texts) =>
        texts.map((text) => (text.includes('zero') ? [0, 0, 0, 0] : text.includes('nan') ? [1, Number.NaN, 0, 0] : [1, 2, 3, 4])),
    });
    const embedder = new LangChainEmbedder({ embeddings: openAiEmbeddings(server) });
    const zero = await embedError(
      embedder.embed([
        { plan: 'fine', code: '' },
        { plan: 'zero', code: '' },
      ]),
    );
    expect(zero).toMatchObject({ problem: 'invalid-vector', inputIndex: 1 });
    const nan = await embedError(embedder.embed([{ plan: 'nan', code: '' }]));
    expect(nan).toMatchObject({ problem: 'invalid-vector', inputIndex: 0 });
  });

  it('rejects with the abort reason while a request is in flight', async () => {
    const server = await serve({ holdAll: true });
    const embedder = new LangChainEmbedder({ embeddings: openAiEmbeddings(server) });
    const caller = new AbortController();
    const vectors = embedder.embed(episodes(1), { signal: caller.signal });
    await server.received(1);
    caller.abort(new DOMException('the caller gave up', 'TimeoutError'));
    // The server never answers, so only the abort can settle the call.
    await expect(vectors).rejects.toMatchObject({ name: 'TimeoutError', message: 'the caller gave up' });
  });

  it('throws InvalidOptionsError naming a bad option', async () => {
    const server = await serve();
    expect(() => new LangChainEmbedder({ embeddings: openAiEmbeddings(server), batchSize: 0 })).toThrow(InvalidOptionsError);
    expect(() => new LangChainEmbedder({ embeddings: {} as OpenAIEmbeddings })).toThrow(/embeddings/);
  });
});

describe('createOpenAiCompatibleEmbedder', () => {
  it('asks for the dimensions, keeps newlines, batches one request per batch and leaves retrying to the embedder', async () => {
    const server = await serve({ script: [{ kind: 'status', status: 500 }] });
    const embedder = createOpenAiCompatibleEmbedder({
      baseURL: server.baseURL,
      model: 'fake-embedding',
      apiKey: 'secret',
      dimensions: 8,
      batchSize: 2,
      retryDelayMs: 1,
    });
    expect(embedder.id).toBe('langchain/fake-embedding/8');
    const inputs = episodes(5);
    const vectors = await embedder.embed(inputs);
    expect(vectors.map((vector) => vector.length)).toEqual([8, 8, 8, 8, 8]);
    // One failed request and its single retry by the embedder, then the two other batches.
    expect(server.requests).toHaveLength(4);
    expect(embedder.statistics).toMatchObject({ requests: 4, retries: 1 });
    const bodies = server.requests.map((request) => request.body as { dimensions: number; input: string[] });
    expect(bodies.every((body) => body.dimensions === 8 && body.input.length <= 2)).toBe(true);
    expect(bodies.flatMap((body) => body.input)).toContain(renderEmbeddingText(inputs[4]!));
    expect(server.requests[0]?.headers.authorization).toBe('Bearer secret');
  });

  it('validates its options', () => {
    expect(() => createOpenAiCompatibleEmbedder({ baseURL: 'not a url', model: 'm' })).toThrow(InvalidOptionsError);
    expect(() => createOpenAiCompatibleEmbedder({ baseURL: 'http://127.0.0.1:9/v1', model: 'm', firstByteTimeoutMs: 0 })).toThrow(
      /firstByteTimeoutMs/,
    );
  });

  it('fails on a server that never answers after the first-byte wait and the check, not after its 60 s timeout', async () => {
    const silent = await startSilentServer();
    try {
      // Real sockets and timers: the bound is the test's timeout, far above the two 300 ms waits.
      const embedder = createOpenAiCompatibleEmbedder({ baseURL: silent.baseURL, model: 'm', firstByteTimeoutMs: 300, maxRetries: 0 });
      const error = await embedError(embedder.embed(episodes(1)));
      expect(error.problem).toBe('provider');
      expect(error.reason).toMatch(
        /POST http:\/\/127\.0\.0\.1:\d+\/v1\/embeddings: no response within 300 ms, and GET .*\/v1\/models got no answer within 300 ms either/,
      );
    } finally {
      await silent.close();
    }
  }, 30_000);

  it('reports an HTML page with status 200 as not an embeddings response, without retrying', async () => {
    const server = await serve({ always: { kind: 'html' } });
    const embedder = createOpenAiCompatibleEmbedder({ baseURL: server.baseURL, model: 'm', retryDelayMs: 1 });
    const error = await embedError(embedder.embed(episodes(1)));
    expect(error.reason).toMatch(/answered 200 text\/html; charset=utf-8, not an embeddings response: "<!DOCTYPE html>/);
    expect(server.requests).toHaveLength(1);
  });
});
