import { OpenAIEmbeddings } from '@langchain/openai';
import { afterAll, beforeAll } from 'vitest';
import { HashingEmbedder } from '../../src/embedder/hashing-embedder.js';
import { LangChainEmbedder } from '../../src/embedder/langchain-embedder.js';
import { describeEmbedder } from '../conformance/describe-embedder.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/fake-openai-server.js';

let server: FakeOpenAiServer;
beforeAll(async () => {
  server = await startFakeOpenAiServer();
});
afterAll(async () => {
  await server.close();
});

describeEmbedder('HashingEmbedder', () => new HashingEmbedder());
describeEmbedder('HashingEmbedder (64 dimensions)', () => new HashingEmbedder({ dimensions: 64 }));

describeEmbedder(
  'LangChainEmbedder over OpenAIEmbeddings and a fake server',
  () =>
    new LangChainEmbedder({
      embeddings: new OpenAIEmbeddings({
        model: 'fake-embedding',
        apiKey: 'test',
        maxRetries: 0,
        configuration: { baseURL: server.baseURL },
      }),
      batchSize: 2,
      retryDelayMs: 1,
    }),
);
