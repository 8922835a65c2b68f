import { ChatOpenAI } from '@langchain/openai';
import { afterAll, beforeAll } from 'vitest';
import { createEscalatingJudge } from '../../src/judges/escalating-judge.js';
import type { Judge } from '../../src/judges/judge.js';
import { LlmJudge } from '../../src/judges/llm-judge.js';
import { RubricJudge } from '../../src/judges/rubric-judge.js';
import { describeJudge } from '../conformance/describe-judge.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/fake-openai-server.js';
import { wordNoveltyChat } from '../fakes/word-novelty-chat.js';

// A server whose "model" reads the judge prompt and answers from it, and one with no chat model at all (every
// request answers 404, which the judge does not retry): the real LangChain client talks to both.
let answering: FakeOpenAiServer;
let failing: FakeOpenAiServer;
beforeAll(async () => {
  [answering, failing] = await Promise.all([startFakeOpenAiServer({ chat: wordNoveltyChat }), startFakeOpenAiServer()]);
});
afterAll(async () => {
  await Promise.all([answering.close(), failing.close()]);
});

const chatModel = (server: FakeOpenAiServer): ChatOpenAI =>
  new ChatOpenAI({ model: 'fake-chat', apiKey: 'test', maxRetries: 0, configuration: { baseURL: server.baseURL } });
const llmJudge = (server: FakeOpenAiServer, fallback?: Judge): LlmJudge =>
  new LlmJudge({ model: chatModel(server), maxRetries: 0, retryDelayMs: 1, ...(fallback ? { fallback } : {}) });
const llmId = 'llm/fake-chat';
const rubricId = 'rubric-v1';

describeJudge('RubricJudge', () => new RubricJudge());

describeJudge('LlmJudge over the fake OpenAI server, with a RubricJudge fallback', () => llmJudge(answering, new RubricJudge()), {
  failing: () => llmJudge(failing, new RubricJudge()),
});

describeJudge('LlmJudge over the fake OpenAI server, without a fallback', () => llmJudge(answering));

describeJudge(
  'EscalatingJudge (RubricJudge, then LlmJudge for every episode)',
  () => createEscalatingJudge({ cheap: new RubricJudge(), expensive: llmJudge(answering), threshold: 1 }),
  {
    verdictJudgeIds: [rubricId, llmId],
    failing: () => createEscalatingJudge({ cheap: new RubricJudge(), expensive: llmJudge(failing), threshold: 1 }),
  },
);

describeJudge(
  'EscalatingJudge (RubricJudge, then LlmJudge when unsure)',
  () => createEscalatingJudge({ cheap: new RubricJudge(), expensive: llmJudge(answering) }),
  { verdictJudgeIds: [rubricId, llmId] },
);
