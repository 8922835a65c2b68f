import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JudgeCacheHitEvent, JudgeCallEndEvent } from '../../src/events/judge-events.js';
import { LlmJudge } from '../../src/judges/llm-judge.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';
import { answer, chatModel, collect, fakeFallback, judgeInput, scripted, serve } from './llm-judge-fixtures.js';

const cacheRoot = useTemporaryDirectory('boden-llm-judge-');

describe('LlmJudge cache', () => {
  it('answers a repeated episode from memory without a request, whatever the nonce', async () => {
    const server = await serve({ chat: scripted(answer(3)) });
    const judge = new LlmJudge({ model: chatModel(server) });
    const hits = collect<JudgeCacheHitEvent>((listener) => judge.events.on('judge-cache-hit', listener));
    const first = await judge.judge(judgeInput(2));
    const second = await judge.judge(judgeInput(2));
    expect(second).toEqual(first);
    expect(server.requests).toHaveLength(1);
    expect(hits).toEqual([{ runId: 'run-1', episodeId: 'node-2', judge: 'llm/fake-chat', source: 'memory' }]);
    expect(judge.usage('run-1')).toMatchObject({ requests: 1, verdicts: 1, cacheHits: 1 });
    // Another episode, or another judge id, is a different key.
    await judge.judge(judgeInput(3));
    await new LlmJudge({ model: chatModel(server), id: 'llm/other-settings' }).judge(judgeInput(2));
    expect(server.requests).toHaveLength(3);
  });

  it('keeps a disk cache that survives a new instance and ignores corrupt entries', async () => {
    const directory = join(cacheRoot, 'answers');
    const server = await serve({ chat: scripted(answer(3), answer(3)) });
    const make = (): LlmJudge => new LlmJudge({ model: chatModel(server), cache: { directory } });
    const original = await make().judge(judgeInput(2));
    const files = (await readdir(directory)).filter((file) => file.endsWith('.json'));
    expect(files).toHaveLength(1);
    expect(JSON.parse(await readFile(join(directory, files[0]!), 'utf8'))).toMatchObject({
      format: 'boden-judge-cache-v1',
      judge: 'llm/fake-chat',
      answer: { score: 3 },
    });

    const reloaded = make();
    const hits = collect<JudgeCacheHitEvent>((listener) => reloaded.events.on('judge-cache-hit', listener));
    expect(await reloaded.judge(judgeInput(2))).toEqual(original);
    expect(hits).toMatchObject([{ source: 'disk' }]);
    expect(server.requests).toHaveLength(1);

    await writeFile(join(directory, files[0]!), '{"format": "boden-judge-cache-v1", "answ');
    const repaired = make();
    expect(await repaired.judge(judgeInput(2))).toEqual(original);
    expect(repaired.cacheStatistics).toMatchObject({ corruptEntries: 1, diskHits: 0 });
    expect(server.requests).toHaveLength(2);
    expect(await make().judge(judgeInput(2))).toEqual(original);
    expect(server.requests).toHaveLength(2);
  });

  it('never caches a fallback verdict, and asks every time when the cache is off', async () => {
    const server = await serve({ chat: scripted('x', 'y', answer(2), answer(2)) });
    const judge = new LlmJudge({ model: chatModel(server), fallback: fakeFallback() });
    expect((await judge.judge(judgeInput(1))).fallback).toBeDefined();
    expect(await judge.judge(judgeInput(1))).toMatchObject({ score: 2, judge: 'llm/fake-chat' });
    expect(server.requests).toHaveLength(3);
    const uncached = new LlmJudge({ model: chatModel(server), cache: false });
    await uncached.judge(judgeInput(1));
    await uncached.judge(judgeInput(1));
    expect(server.requests).toHaveLength(5);
  });
});

describe('LlmJudge usage account', () => {
  it('books reported tokens and cost per run, reports them in judge-call-end, and totals all runs', async () => {
    const usage = (promptTokens: number, completionTokens: number) => ({ content: answer(2), usage: { promptTokens, completionTokens } });
    const server = await serve({
      chat: scripted(
        usage(1_200, 300),
        { content: '{"score": 9}', usage: { promptTokens: 1_000, completionTokens: 10 } },
        usage(1_100, 200),
        { content: answer(1), usage: null },
      ),
    });
    let clock = 0;
    const judge = new LlmJudge({
      model: chatModel(server),
      cache: false,
      pricing: { inputPerMillionTokens: 2, outputPerMillionTokens: 8 },
      now: () => (clock += 5),
    });
    const ends = collect<JudgeCallEndEvent>((listener) => judge.events.on('judge-call-end', listener));

    await judge.judge(judgeInput(1, 'run-a'));
    await judge.judge(judgeInput(1, 'run-b'));
    await judge.judge(judgeInput(2, 'run-b'));

    expect(ends[0]).toEqual({
      runId: 'run-a',
      episodeId: 'node-1',
      judge: 'llm/fake-chat',
      request: 1,
      outcome: 'answered',
      usage: { inputTokens: 1_200, outputTokens: 300, cost: (1_200 * 2 + 300 * 8) / 1e6 },
      durationMs: 5,
      status: null,
      error: null,
    });
    // An answer the client rejected inside the SDK (json_schema mode) reports no usage.
    expect(ends.map((event) => [event.outcome, event.usage?.inputTokens ?? null])).toEqual([
      ['answered', 1_200],
      ['invalid-answer', null],
      ['answered', 1_100],
      ['answered', null],
    ]);
    expect(judge.usage('run-a')).toEqual({
      requests: 1,
      retries: 0,
      inputTokens: 1_200,
      outputTokens: 300,
      unmeteredRequests: 0,
      cost: 0.0048,
      verdicts: 1,
      cacheHits: 0,
      fallbacks: 0,
    });
    expect(judge.usage('run-b')).toMatchObject({
      requests: 3,
      retries: 1,
      inputTokens: 1_100,
      outputTokens: 200,
      unmeteredRequests: 2,
      verdicts: 2,
    });
    expect(judge.usage('run-b').cost).toBeCloseTo((1_100 * 2 + 200 * 8) / 1e6, 12);
    expect(judge.usage()).toMatchObject({ requests: 4, inputTokens: 2_300, outputTokens: 500, verdicts: 3 });
    expect(judge.usage('never-judged')).toMatchObject({ requests: 0, cost: 0 });
    expect(judge.runIds()).toEqual(['run-a', 'run-b']);
  });

  it('reports null costs without prices', async () => {
    const server = await serve({ chat: scripted(answer(1)) });
    const judge = new LlmJudge({ model: chatModel(server) });
    await judge.judge(judgeInput(1));
    expect(judge.usage('run-1').cost).toBeNull();
    expect(judge.usage('run-1').inputTokens).toBeGreaterThan(0);
  });
});
