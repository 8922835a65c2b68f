import { z } from 'zod';
import type { Embedder, EmbeddingInput } from '../embedder/embedder.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { EpisodeScoredEvent, NoveltyScorerEvents } from '../events/novelty-events.js';
import { reportingEventEmitter } from '../events/reporting-event-emitter.js';
import type { SafeEventEmitter } from '../events/safe-event-emitter.js';
import type { NoveltyCandidate, NoveltyMetricRun } from '../metrics/novelty-metric.js';
import { checkArgument } from '../options/check-argument.js';
import { parseOptions } from '../options/parse-options.js';
import type { VectorIndex } from '../vector-index/vector-index.js';
import { defaultNoveltyScorerParts } from './default-novelty-scorer-parts.js';
import { searchOnceIndex } from './search-once-index.js';
import { NoveltyScorerOptionsSchema, type NoveltyScorerOptions } from './novelty-scorer-options.js';

/** A node as the scorer sees it: an id, a plan and the code. */
export interface ScorableNode {
  readonly id: string;
  readonly plan: string;
  readonly code: string;
}

/** The outcome of a node once evaluated: valid when it ran with a finite score (it ends an episode). */
export interface NodeOutcome {
  readonly valid: boolean;
}

/** What `score` and `observe` check a node against (other fields of the host's node are allowed and kept). */
export const ScorableNodeSchema = z.object({ id: z.string().min(1), plan: z.string(), code: z.string() });

/** What `observe` checks an outcome against. */
export const NodeOutcomeSchema = z.object({ valid: z.boolean() });

/** A node's novelty: the `episode-scored` payload. */
export type NoveltyScore = EpisodeScoredEvent;

/** Scores one run's nodes online: `score` before evaluation (ask), `observe` after it (tell). */
export interface NoveltyScorer {
  readonly runId: string;
  /** Ids of the metrics, in the order they score. */
  readonly metricIds: readonly string[];
  /** Episodes observed so far. */
  readonly size: number;
  /** Typed events: `episode-scored`, `episode-observed`, `listener-error`. */
  readonly events: SafeEventEmitter<NoveltyScorerEvents>;
  /** Novelty of `node` against the episodes observed so far; does not change the run's history. */
  score(node: ScorableNode): Promise<NoveltyScore>;
  /** Reports `node`'s outcome; a valid node joins the history (index, IDF, metric states). */
  observe(node: ScorableNode, outcome: NodeOutcome): Promise<void>;
}

/**
 * Creates the incremental P-creativity scorer of one run. Each node is embedded once (the vector computed by
 * `score` is reused by `observe`), searched in the run's vector index and scored by every metric; a valid
 * outcome then teaches the embedder (online IDF), the index and the metrics. Replaying a finished run through
 * score-then-observe gives the same scores as scoring it in batch.
 *
 * @example
 * const scorer = createNoveltyScorer({ runId: 'my-run' });
 * const { scores } = await scorer.score({ id: 'n1', plan, code });
 * await scorer.observe({ id: 'n1', plan, code }, { valid: true });
 */
export function createNoveltyScorer(options: NoveltyScorerOptions = {}): NoveltyScorer {
  const parsed = parseOptions(NoveltyScorerOptionsSchema, options, 'createNoveltyScorer');
  const defaults = defaultNoveltyScorerParts(parsed);
  const embedder: Embedder = defaults.embedder;
  const index: VectorIndex = defaults.index;
  const { concepts, metrics } = defaults;
  const clock = parsed.clock ?? (() => performance.now());
  const events: SafeEventEmitter<NoveltyScorerEvents> = reportingEventEmitter<NoveltyScorerEvents>();
  const sharedIndex = searchOnceIndex(index, parsed.neighbours);
  const context = { index: sharedIndex, conceptEmbedding: (id: string) => concepts.embedding(id) };
  const states: { id: string; run: NoveltyMetricRun }[] = metrics.map((metric) => ({ id: metric.id, run: metric.startRun(context) }));
  // Candidates scored but not yet observed, so observe() never embeds twice.
  const pending = new Map<string, NoveltyCandidate>();
  // The exact object embedded for each pending candidate: an embedder may recognise it in observe() and reuse
  // the terms it counted instead of tokenising the episode again.
  const embeddedInputs = new WeakMap<NoveltyCandidate, EmbeddingInput>();
  const observedIds = new Set<string>();
  let observed = 0;

  const prepare = async (node: ScorableNode): Promise<{ candidate: NoveltyCandidate; embeddingMs: number }> => {
    const cached = pending.get(node.id);
    if (cached !== undefined && cached.plan === node.plan && cached.code === node.code) return { candidate: cached, embeddingMs: 0 };
    const start = clock();
    const input: EmbeddingInput = { plan: node.plan, code: node.code };
    const [vector] = await embedder.embed([input]);
    const candidate: NoveltyCandidate = {
      id: node.id,
      plan: node.plan,
      code: node.code,
      vector: vector!,
      concepts: concepts.extract(node),
    };
    embeddedInputs.set(candidate, input);
    return { candidate, embeddingMs: clock() - start };
  };

  return {
    runId: parsed.runId,
    metricIds: states.map((state) => state.id),
    get size() {
      return observed;
    },
    events,
    async score(node) {
      checkArgument(ScorableNodeSchema, node, 'node');
      const start = clock();
      const { candidate, embeddingMs } = await prepare(node);
      pending.set(node.id, candidate);
      const metricsStart = clock();
      const scores: Record<string, number> = {};
      for (const state of states) scores[state.id] = state.run.score(candidate);
      const nearest = parsed.nearest === 0 ? [] : sharedIndex.search(candidate.vector, parsed.nearest);
      const end = clock();
      const event: NoveltyScore = {
        runId: parsed.runId,
        id: node.id,
        scores,
        nearest,
        concepts: candidate.concepts,
        timing: { embeddingMs, metricsMs: end - metricsStart, totalMs: end - start },
        priorEpisodes: observed,
      };
      events.emit('episode-scored', event);
      return event;
    },
    async observe(node, outcome) {
      checkArgument(ScorableNodeSchema, node, 'node');
      checkArgument(NodeOutcomeSchema, outcome, 'outcome');
      if (outcome.valid && observedIds.has(node.id)) {
        // A second valid outcome would count the episode twice in every metric's history.
        throw new InvalidArgumentError({
          argument: 'node.id',
          reason: `"${node.id}" was already observed as an episode of run "${parsed.runId}"`,
        });
      }
      if (outcome.valid) {
        observedIds.add(node.id);
        const { candidate } = await prepare(node);
        embedder.observe?.([embeddedInputs.get(candidate) ?? { plan: node.plan, code: node.code }]);
        index.add(node.id, candidate.vector);
        for (const state of states) state.run.observe(candidate);
      }
      pending.delete(node.id);
      events.emit('episode-observed', { runId: parsed.runId, id: node.id, valid: outcome.valid, priorEpisodes: observed });
      if (outcome.valid) observed += 1;
    },
  };
}
