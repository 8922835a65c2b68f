import { afterEach, describe, expect, it } from 'vitest';
import { RunRecordSchema } from '../../src/index.js';
import { startFakeOpenAiServer } from '../fakes/fake-openai-server.js';
import { startSilentServer, type SilentServer } from '../fakes/silent-server.js';
import { runCli } from '../support/run-cli.js';

// Six episodes: the run of the issue's "done when".
const run = 'examples/aide-tabular-run.journal.json';
const judgeReasons = (stdout: string): string[] => {
  const judge = RunRecordSchema.parse(JSON.parse(stdout.trim().split('\n')[0]!)).judge as {
    verdicts: number;
    fallbacks: number;
    fallbackReasons: Record<string, string>;
  };
  expect(judge).toMatchObject({ verdicts: 6, fallbacks: 6 });
  return Object.values(judge.fallbackReasons);
};

let silent: SilentServer | undefined;
afterEach(async () => {
  await silent?.close();
  silent = undefined;
});

describe('boden score --judge llm against a server that does not answer', () => {
  // The issue's "done when": with the defaults, a silent server ends a 6-episode run in under 60 s, its reason
  // stated. The bound is this test's timeout; the defaults' own waits add up to about 35 s.
  it('with the defaults, a server that accepts connections and never answers ends the run under 60 s, its reason stated', async () => {
    silent = await startSilentServer();
    const result = await runCli(['score', run, '--judge', 'llm', '--llm-base-url', silent.baseURL, '--llm-model', 'm', '--json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /stopped calling llm\/m after 3 requests in a row got no answer \(last: POST http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: no response within 5000 ms/,
    );
    const reasons = judgeReasons(result.stdout);
    // The first episode's three requests (one and two retries) go unanswered; the breaker then spares the other five.
    expect(reasons[0]).toMatch(
      /^the provider failed: POST .*: no response within 5000 ms, and GET .*\/v1\/models got no answer within 5000 ms either/,
    );
    expect(
      reasons
        .slice(1)
        .every((reason) => reason.startsWith('not called: the circuit breaker opened after 3 requests in a row got no answer')),
    ).toBe(true);
    // Three chat requests, each followed by one check of GET /v1/models.
    expect(silent.requests).toEqual(Array.from({ length: 3 }, () => ['POST /v1/chat/completions', 'GET /v1/models']).flat());
  }, 60_000);

  it('--llm-first-byte-timeout shortens the wait, and the table says why every verdict fell back', async () => {
    silent = await startSilentServer();
    const args = [
      'score',
      run,
      '--judge',
      'llm',
      '--llm-base-url',
      silent.baseURL,
      '--llm-model',
      'm',
      '--llm-first-byte-timeout',
      '300',
      '--llm-circuit-breaker',
      '2',
    ];
    const result = await runCli(args);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/stopped calling llm\/m after 2 requests in a row got no answer/);
    expect(result.stdout).toMatch(
      /6 of 6 verdicts fell back to the cheap judge: not called: the circuit breaker opened after 2 requests in a row got no answer .* ×5; the provider failed: POST .*: no response within 300 ms/,
    );
  }, 30_000);

  it('an HTML page with status 200 is "not a chat completion", with its content type and first characters, not retried', async () => {
    const web = await startFakeOpenAiServer({ always: { kind: 'html' } });
    try {
      const result = await runCli(['score', run, '--judge', 'llm', '--llm-base-url', web.baseURL, '--llm-model', 'm', '--json']);
      expect(result.code).toBe(1);
      const reasons = judgeReasons(result.stdout);
      const notAChatCompletion =
        /POST http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions answered 200 text\/html; charset=utf-8, not a chat completion: "<!DOCTYPE html> <html><head><title>Welcome to nginx!/;
      // One request per episode, not retried; after three such episodes the circuit breaker spares the other three.
      for (const reason of reasons.slice(0, 3))
        expect(reason).toMatch(new RegExp(`^the provider failed \\(not retryable\\): ${notAChatCompletion.source}`));
      for (const reason of reasons.slice(3))
        expect(reason).toMatch(
          new RegExp(`^not called: the circuit breaker opened after 3 calls in a row failed \\(last: .*${notAChatCompletion.source}`),
        );
      expect(reasons.join('\n')).not.toContain("reading 'map'");
      expect(web.requests).toHaveLength(3);
    } finally {
      await web.close();
    }
  }, 30_000);
});
