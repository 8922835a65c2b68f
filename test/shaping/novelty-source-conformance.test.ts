import { ChatOpenAI } from '@langchain/openai';
import { afterAll, beforeAll } from 'vitest';
import type { Embedder } from '../../src/embedder/embedder.js';
import { LlmJudge } from '../../src/judges/llm-judge.js';
import { RubricJudge } from '../../src/judges/rubric-judge.js';
import { createNoveltyScorer } from '../../src/scoring/novelty-scorer.js';
import { functionNoveltySource } from '../../src/shaping/function-novelty-source.js';
import { judgeNoveltySource } from '../../src/shaping/judge-novelty-source.js';
import { kNearestSparsitySource } from '../../src/shaping/k-nearest-sparsity-source.js';
import { scorerNoveltySource } from '../../src/shaping/scorer-novelty-source.js';
import type { ShapingNode } from '../../src/shaping/shaping-node.js';
import { describeNoveltySource } from '../conformance/describe-novelty-source.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/fake-openai-server.js';
import { wordNoveltyChat } from '../fakes/word-novelty-chat.js';

// A server whose "model" reads the judge prompt and answers from it, and one with no chat model (every request 404).
let answering: FakeOpenAiServer;
let failing: FakeOpenAiServer;
beforeAll(async () => {
  [answering, failing] = await Promise.all([startFakeOpenAiServer({ chat: wordNoveltyChat }), startFakeOpenAiServer()]);
});
afterAll(async () => {
  await Promise.all([answering.close(), failing.close()]);
});

const llmJudge = (server: FakeOpenAiServer): LlmJudge =>
  new LlmJudge({
    model: new ChatOpenAI({ model: 'fake-chat', apiKey: 'test', maxRetries: 0, configuration: { baseURL: server.baseURL } }),
    maxRetries: 0,
  });

/** An embedder whose every call fails, as one behind a dead server would. */
const failingEmbedder: Embedder = {
  specificationVersion: 'v1',
  id: 'failing-embedder',
  dimensions: 16,
  embed: () => Promise.reject(new Error('the embedding server is down')),
};

/**
 * A host's own archive of evaluated nodes: novelty is 1 − the highest Jaccard similarity of the node's words to an
 * archived node's (1 while the archive is empty); valid outcomes join the archive.
 */
function hostArchive(): { novelty(node: ShapingNode): number; observe(node: ShapingNode, outcome: { valid: boolean }): void } {
  const words = (node: ShapingNode): Set<string> => new Set(`${node.plan}\n${node.code}`.toLowerCase().match(/[a-z][a-z0-9_]*/g) ?? []);
  const archive: Set<string>[] = [];
  const jaccard = (left: Set<string>, right: Set<string>): number => {
    const shared = [...left].filter((word) => right.has(word)).length;
    const union = left.size + right.size - shared;
    return union === 0 ? 1 : shared / union;
  };
  return {
    novelty: (node) => 1 - Math.max(0, ...archive.map((archived) => jaccard(words(node), archived))),
    observe: (node, outcome) => {
      if (outcome.valid) archive.push(words(node));
    },
  };
}

describeNoveltySource(
  'scorerNoveltySource (nearest-neighbour)',
  () => scorerNoveltySource({ scorer: createNoveltyScorer({ runId: 'run' }) }),
  {
    failing: () => scorerNoveltySource({ scorer: createNoveltyScorer({ runId: 'run', embedder: failingEmbedder }) }),
  },
);

describeNoveltySource('scorerNoveltySource (mean-distance)', () =>
  scorerNoveltySource({ scorer: createNoveltyScorer({ runId: 'run' }), metric: 'mean-distance' }),
);

describeNoveltySource('judgeNoveltySource over a RubricJudge', () => judgeNoveltySource({ judge: new RubricJudge() }), {
  failing: () => judgeNoveltySource({ judge: new RubricJudge(), scorer: createNoveltyScorer({ runId: 'run', embedder: failingEmbedder }) }),
});

describeNoveltySource(
  'judgeNoveltySource over an LlmJudge and the fake OpenAI server',
  () => judgeNoveltySource({ judge: llmJudge(answering) }),
  {
    failing: () => judgeNoveltySource({ judge: llmJudge(failing) }),
  },
);

describeNoveltySource(
  "functionNoveltySource over the host's archive",
  () => {
    const archive = hostArchive();
    return functionNoveltySource({ id: 'host-archive', novelty: archive.novelty, observe: archive.observe });
  },
  {
    failing: () =>
      functionNoveltySource({
        id: 'host-archive',
        novelty: () => {
          throw new Error('the archive is unreachable');
        },
      }),
  },
);

describeNoveltySource("functionNoveltySource over the host's archive, current novelty on", () => {
  const archive = hostArchive();
  return functionNoveltySource({ id: 'host-archive', novelty: archive.novelty, observe: archive.observe, current: true });
});

describeNoveltySource('kNearestSparsitySource (k 3)', () => kNearestSparsitySource({ k: 3 }));
