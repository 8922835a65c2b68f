import { describe, expect, it } from 'vitest';
import { HashingEmbedder } from '../../src/embedder/hashing-embedder.js';
import type { NoveltyCandidate, NoveltyMetric, NoveltyRunContext } from '../../src/metrics/novelty-metric.js';
import { defaultConceptSource } from '../../src/scoring/default-novelty-scorer-parts.js';
import { createExactVectorIndex } from '../../src/vector-index/exact-vector-index.js';
import {
  boostingBaseline,
  convolutionalNetwork,
  engineeredFeatures,
  pretrainedTransformer,
  repeatOf,
  researchRun,
  ridgeOnText,
  type ResearchEpisode,
} from '../fixtures/research-episodes.js';

/** Makes a fresh metric of the implementation under test (with its default or test options). */
export type NoveltyMetricFactory = () => NoveltyMetric;

/**
 * The metric's definition computed from scratch: the score of `candidate` against every `earlier` one, in run
 * order, with the run's concept embeddings. The incremental run must give the same numbers (batch = online).
 */
export type NoveltyMetricReference = (
  candidate: NoveltyCandidate,
  earlier: readonly NoveltyCandidate[],
  context: Pick<NoveltyRunContext, 'conceptEmbedding'>,
) => number;

/** What the suite needs to know beyond the factory. */
export interface NoveltyMetricConformanceOptions {
  /** The batch definition to compare the incremental scores with; without it that check is left out. */
  readonly reference?: NoveltyMetricReference;
}

// The novelty core's own parts: the offline embedder (its IDF never taught, so every vector is fixed) and the
// curated concept vocabulary with its concept embeddings.
const embedder = new HashingEmbedder();
const concepts = defaultConceptSource();
const conceptEmbedding = (conceptId: string): Float32Array | undefined => concepts.embedding(conceptId);

/** An episode as the scorer hands it to a metric: its vector and its concepts. */
function candidateOf(episode: ResearchEpisode): NoveltyCandidate {
  return { ...episode, vector: embedder.embedOne(episode), concepts: concepts.extract(episode) };
}

const run = researchRun.map(candidateOf);
const baseline = candidateOf(boostingBaseline);
const features = candidateOf(engineeredFeatures);
const ridge = candidateOf(ridgeOnText);
const transformer = candidateOf(pretrainedTransformer);
const convolutional = candidateOf(convolutionalNetwork);
const empty = candidateOf({ id: 'empty', plan: '', code: '' });
const planOnly = candidateOf({ id: 'plan-only', plan: boostingBaseline.plan, code: '' });
const codeOnly = candidateOf({ id: 'code-only', plan: '', code: ridgeOnText.code });
const probes = [baseline, transformer, convolutional, empty, planOnly, codeOnly, candidateOf(repeatOf(ridgeOnText))];

/** One run of a metric driven the way the scorer drives it: score (ask), then add to the index, then observe (tell). */
interface MetricRunDriver {
  score(candidate: NoveltyCandidate): number;
  /** Adds `candidate` to the run's index, then tells the metric. */
  observe(candidate: NoveltyCandidate): void;
}

function startRun(metric: NoveltyMetric): MetricRunDriver {
  const index = createExactVectorIndex({ dimensions: embedder.dimensions });
  // Only what `NoveltyRunContext.index` offers: a metric that reaches for anything else fails here.
  const view: NoveltyRunContext['index'] = {
    get size() {
      return index.size;
    },
    dimensions: index.dimensions,
    search: (vector, k) => index.search(vector, k),
  };
  const metricRun = metric.startRun({ index: view, conceptEmbedding });
  return {
    score: (candidate) => metricRun.score(candidate),
    observe(candidate) {
      index.add(candidate.id, candidate.vector);
      metricRun.observe(candidate);
    },
  };
}

/** The scores of `candidates` replayed in order: each scored, then observed. */
function replay(metric: NoveltyMetric, candidates: readonly NoveltyCandidate[]): number[] {
  const driver = startRun(metric);
  return candidates.map((candidate) => {
    const score = driver.score(candidate);
    driver.observe(candidate);
    return score;
  });
}

function expectUnitScore(score: number, what: string): void {
  expect(Number.isFinite(score), `${what}: ${score} is not a finite number`).toBe(true);
  expect(score, what).toBeGreaterThanOrEqual(0);
  expect(score, what).toBeLessThanOrEqual(1);
}

/**
 * The `NoveltyMetric` conformance suite: `specificationVersion` 'v1', an id and a description; the first episode
 * of a run scores 1; every score is in [0, 1], empty plans and code included; an exact repeat of an observed
 * episode scores below 1, no higher than before it was observed and no higher than a very different episode;
 * `score` is a query (any number of calls, in any order, changes no later score) and only `observe` changes the
 * history; equal runs give equal scores; runs of one metric are independent; and, given its batch definition,
 * the incremental scores equal it along a whole run. Every implementation runs it.
 */
export function describeNoveltyMetric(name: string, factory: NoveltyMetricFactory, options: NoveltyMetricConformanceOptions = {}): void {
  describe(`${name} (NoveltyMetric conformance)`, () => {
    it('identifies itself and says what its score means', () => {
      const metric = factory();
      expect(metric.specificationVersion).toBe('v1');
      for (const text of [metric.id, metric.description]) {
        expect(typeof text).toBe('string');
        expect(text.trim().length).toBeGreaterThan(0);
      }
    });

    it("scores a run's first episode 1, whatever it is", () => {
      for (const first of [...probes, features, ridge]) expect(startRun(factory()).score(first), first.id).toBe(1);
    });

    it('scores every candidate in [0, 1] along a whole run, empty plans and code included', () => {
      const driver = startRun(factory());
      for (const candidate of [...run, empty, planOnly, codeOnly]) {
        for (const probe of probes) expectUnitScore(driver.score(probe), `${probe.id} after ${candidate.id}`);
        expectUnitScore(driver.score(candidate), candidate.id);
        driver.observe(candidate);
      }
    });

    it('scores an exact repeat of an observed episode below 1, no higher than before it was observed or than a very different episode', () => {
      const driver = startRun(factory());
      driver.observe(features);
      driver.observe(ridge);
      const repeat = candidateOf(repeatOf(boostingBaseline));
      const before = driver.score(repeat);
      driver.observe(baseline);
      const after = driver.score(repeat);
      expect(after).toBeLessThan(1);
      expect(after).toBeLessThanOrEqual(before);
      expect(after).toBeLessThanOrEqual(driver.score(transformer));
      expect(after).toBeLessThanOrEqual(driver.score(convolutional));
    });

    it('treats score as a query: extra, repeated and out-of-order score calls change no later score', () => {
      const quiet = startRun(factory());
      const busy = startRun(factory());
      for (const candidate of run) {
        const expected = quiet.score(candidate);
        for (const probe of [...probes].reverse()) busy.score(probe);
        expect(busy.score(candidate), candidate.id).toBe(expected);
        expect(busy.score(candidate), `${candidate.id}, asked again`).toBe(expected);
        quiet.observe(candidate);
        busy.observe(candidate);
      }
      for (const probe of probes) expect(busy.score(probe), probe.id).toBe(quiet.score(probe));
    });

    it('is deterministic: equal runs give equal scores, from one metric and from a fresh one', () => {
      const metric = factory();
      const first = replay(metric, run);
      expect(replay(metric, run)).toEqual(first);
      expect(replay(factory(), run)).toEqual(first);
    });

    it('keeps runs apart: what one run observes changes no other run', () => {
      const metric = factory();
      const expected = replay(factory(), run);
      const busy = startRun(metric);
      const quiet = startRun(metric);
      const scores = run.map((candidate) => {
        busy.observe(candidateOf({ ...candidate, id: `busy-${candidate.id}` }));
        const score = quiet.score(candidate);
        quiet.observe(candidate);
        return score;
      });
      expect(scores).toEqual(expected);
      // A run started after the others have history starts empty too.
      expect(startRun(metric).score(baseline)).toBe(1);
    });

    const { reference } = options;
    if (reference !== undefined) {
      it('equals its batch definition along a whole run (online = batch)', () => {
        const candidates = [...run, empty, planOnly, codeOnly];
        const online = replay(factory(), candidates);
        candidates.forEach((candidate, position) => {
          const batch = reference(candidate, candidates.slice(0, position), { conceptEmbedding });
          expect(online[position], `${candidate.id} at ${position}`).toBeCloseTo(batch, 6);
        });
      });
    }
  });
}
