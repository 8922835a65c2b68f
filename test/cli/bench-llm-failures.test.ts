import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFakeOpenAiServer } from '../fakes/fake-openai-server.js';
import { startSilentServer } from '../fakes/silent-server.js';
import { spawnCli } from '../support/run-cli.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

const directory = useTemporaryDirectory('boden-bench-llm-failures-');
const sweep = (out: string, baseURL: string) => [
  'bench',
  '--tasks',
  'boston',
  '--agent',
  'llm',
  '--llm-model',
  'm',
  '--llm-base-url',
  baseURL,
  '--seeds',
  '2',
  '--episodes',
  '2',
  '--workers',
  '1',
  '--out',
  join(directory, out),
  '--memo',
  join(directory, 'memo'),
];

describe('boden bench --agent llm when the runs fail', () => {
  it('exits 1 when every run failed, saying how many and why the first did, and writes no empty report', async () => {
    const refusing = await startFakeOpenAiServer({ always: { kind: 'status', status: 400 } });
    try {
      const result = await spawnCli(sweep('refused', refusing.baseURL));
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /boden bench: 2 of 2 runs failed \(they run again on resume\); the first, boston\/aide\/unshaped\/seed-\d: LlmAgent draft: the provider failed after 1 request: \(not retryable\) 400 scripted status 400/,
      );
      expect(result.stderr).toContain('no run finished, so no summary or report was written');
      expect(result.stderr).not.toMatch(/^0 runs/m);
      expect(existsSync(join(directory, 'refused', 'report.html'))).toBe(false);
    } finally {
      await refusing.close();
    }
  }, 180_000);

  it('against a server that never answers, --llm-first-byte-timeout bounds each wait and the circuit breaker stops every run, said once', async () => {
    const silent = await startSilentServer();
    try {
      // Real sockets and timers: the bound is the test's timeout, far above the few 300 ms waits the runs take.
      const result = await spawnCli([...sweep('silent', silent.baseURL), '--llm-first-byte-timeout', '300', '--llm-circuit-breaker', '2']);
      expect(result.code).toBe(1);
      expect(result.stderr.match(/stopped calling the LLM/g)).toHaveLength(1);
      expect(result.stderr).toMatch(
        /boden bench: stopped calling the LLM after 2 requests in a row got no answer \(last: POST http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: no response within 300 ms, and GET .*\/v1\/models got no answer within 300 ms either\); the remaining runs fail at once/,
      );
      expect(result.stderr).toMatch(
        /boden bench: 2 of 2 runs failed \(they run again on resume\); the first, boston\/aide\/unshaped\/seed-\d: LlmAgent draft: the provider failed/,
      );
      expect(silent.requests.filter((request) => request === 'POST /v1/chat/completions')).toHaveLength(2);
    } finally {
      await silent.close();
    }
  }, 180_000);
});
