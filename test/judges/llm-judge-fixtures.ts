import { ChatOpenAI, type ChatOpenAIFields } from '@langchain/openai';
import { afterEach } from 'vitest';
import type { Judge, JudgeInput, JudgedEpisode } from '../../src/judges/judge.js';
import { rubricLabels, type JudgeVerdict } from '../../src/judges/judge-verdict.js';
import {
  startFakeOpenAiServer,
  type FakeChatReply,
  type FakeOpenAiServer,
  type FakeOpenAiServerOptions,
} from '../fakes/fake-openai-server.js';

const servers: FakeOpenAiServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A fake server closed after the current test. */
export async function serve(options: FakeOpenAiServerOptions = {}): Promise<FakeOpenAiServer> {
  const server = await startFakeOpenAiServer(options);
  servers.push(server);
  return server;
}

/** A chat handler answering `replies` in order, then `answer(2)` for every further request. */
export function scripted(...replies: FakeChatReply[]): (body: Record<string, unknown>) => FakeChatReply {
  return () => replies.shift() ?? answer(2);
}

/** The real LangChain client against `server`, with its own retries off so only the judge's count. */
export function chatModel(server: FakeOpenAiServer, fields: Partial<ChatOpenAIFields> = {}): ChatOpenAI {
  return new ChatOpenAI({ model: 'fake-chat', apiKey: 'test', maxRetries: 0, configuration: { baseURL: server.baseURL }, ...fields });
}

/** A model answer as JSON text. */
export function answer(score: number, fields: Record<string, unknown> = {}): string {
  return JSON.stringify({
    score,
    label: rubricLabels[score] ?? 'Routine',
    modes: score === 0 ? [] : ['exploratory'],
    rationale: `Scripted score ${score}.`,
    ...fields,
  });
}

/** Episode `index` of a small tabular run. */
export function episode(index: number, fields: Partial<JudgedEpisode> = {}): JudgedEpisode {
  return {
    id: `node-${index}`,
    plan: `Plan ${index}: gradient boosting with feature set ${index}.`,
    code: `import lightgbm\nmodel_${index} = lightgbm.LGBMRegressor(n_estimators=${100 + index})\nmodel_${index}.fit(features_${index}, target)`,
    summary: `Summary ${index}: boosting on feature set ${index}.`,
    score: 0.8 + index / 100,
    ...fields,
  };
}

/** Episode `index` of run `runId` judged against episodes 0..index-1. */
export function judgeInput(index: number, runId = 'run-1', fields: Partial<JudgedEpisode> = {}): JudgeInput {
  return { runId, episode: episode(index, fields), earlier: Array.from({ length: index }, (_, earlier) => episode(earlier)) };
}

/** A tiny stand-in for the cheap judge: always Routine, counts its calls. */
export function fakeFallback(): Judge & { calls: number } {
  const judge = {
    specificationVersion: 'v1' as const,
    id: 'fake-cheap',
    calls: 0,
    async judge(): Promise<JudgeVerdict> {
      judge.calls += 1;
      return { score: 0, label: 'Routine', modes: [], rationale: 'cheap verdict', confidence: 0.4, judge: 'fake-cheap' };
    },
  };
  return judge;
}

/** The messages of every chat request the server received. */
export function chatMessages(server: FakeOpenAiServer): { role: string; content: string }[][] {
  return server.requests
    .filter((request) => request.path === '/v1/chat/completions')
    .map((request) => (request.body as { messages: { role: string; content: string }[] }).messages);
}

/** Collects every payload of `event` into an array. */
export function collect<Payload>(on: (listener: (payload: Payload) => void) => unknown): Payload[] {
  const payloads: Payload[] = [];
  on((payload) => payloads.push(payload));
  return payloads;
}
