import { describe, expect, it } from 'vitest';
import type { NoveltyAssessment, NoveltySource } from '../../src/shaping/novelty-source.js';
import type { ShapingNode } from '../../src/shaping/shaping-node.js';
import {
  boostingBaseline,
  convolutionalNetwork,
  engineeredFeatures,
  pretrainedTransformer,
  repeatOf,
  ridgeOnText,
} from '../fixtures/research-episodes.js';

/**
 * Makes a fresh source of an empty run whose novelty answers to the run's history, as every source over a scorer,
 * a judge or a host's archive does (a source that ignores its history cannot show the caching checks).
 */
export type NoveltySourceFactory = () => NoveltySource | Promise<NoveltySource>;

/** What the suite needs to know beyond the factory. */
export interface NoveltySourceConformanceOptions {
  /** Makes the source over a backend that fails (an embedder, judge or function that throws), for the degrade check. */
  readonly failing?: NoveltySourceFactory;
}

const valid = { valid: true, value: 0.8 } as const;
const invalid = { valid: false, value: null } as const;
const node = (episode: ShapingNode, operator = 'improve'): ShapingNode => ({
  id: episode.id,
  plan: episode.plan,
  code: episode.code,
  operator,
});
const baseline = node(boostingBaseline, 'draft');
const features = node(engineeredFeatures);
const ridge = node(ridgeOnText, 'draft');
const transformer = node(pretrainedTransformer, 'draft');
const convolutional = node(convolutionalNetwork, 'draft');
const emptyNode: ShapingNode = { id: 'empty', plan: '', code: '' };

/** The novelty `source` gives a fresh node with `episode`'s content. */
async function noveltyOfRepeat(source: NoveltySource, episode: ShapingNode, id: string): Promise<number | undefined> {
  return (await source.assess(node(repeatOf(episode, id)))).novelty;
}

/** Checks the shape every assessment of a working source has. */
function expectAssessment(assessment: NoveltyAssessment, assessed: ShapingNode, observedIds: readonly string[]): void {
  expect(assessment.id).toBe(assessed.id);
  expect(typeof assessment.novelty, `novelty of ${assessed.id}`).toBe('number');
  expect(assessment.novelty).toBeGreaterThanOrEqual(0);
  expect(assessment.novelty).toBeLessThanOrEqual(1);
  expect(assessment.error).toBeUndefined();
  if (assessment.concepts !== undefined) {
    expect(assessment.concepts.every((concept) => typeof concept === 'string' && concept.length > 0)).toBe(true);
    expect(new Set(assessment.concepts).size).toBe(assessment.concepts.length);
  }
  // The closest *earlier* episodes: only nodes observed as valid before the assessment.
  if (assessment.nearest !== undefined) for (const id of assessment.nearest) expect(observedIds).toContain(id);
}

/**
 * The `NoveltySource` conformance suite: a non-empty id; `assess` gives the node's id and a novelty in [0, 1]
 * (empty plans and code included, concepts unique, nearest ids among the observed episodes); `assessment(id)` is
 * undefined until then and afterwards what `assess` returned; a node is measured once (a second or concurrent
 * `assess` returns the first measurement, even after the history changed); a valid outcome joins the history
 * (assessed or not), an invalid one does not, and a second outcome for an id is ignored; `currentNovelty`, when
 * offered, drifts down while the assessment stays; and a failing backend degrades to an undefined novelty with
 * the error, never a rejection. Every implementation runs it.
 */
export function describeNoveltySource(name: string, factory: NoveltySourceFactory, options: NoveltySourceConformanceOptions = {}): void {
  describe(`${name} (NoveltySource conformance)`, () => {
    it('identifies itself', async () => {
      const source = await factory();
      expect(typeof source.id).toBe('string');
      expect(source.id.length).toBeGreaterThan(0);
    });

    it('assesses nodes along a run: their ids, a novelty in [0, 1], nearest ids among the observed episodes', async () => {
      const source = await factory();
      const observedIds: string[] = [];
      for (const next of [baseline, features, ridge, emptyNode, transformer, node(repeatOf(boostingBaseline)), convolutional]) {
        expectAssessment(await source.assess(next), next, observedIds);
        await source.observe(next, valid);
        observedIds.push(next.id);
      }
    });

    it('keeps each assessment: assessment(id) is undefined until assessed, then what assess returned', async () => {
      const source = await factory();
      expect(source.assessment(baseline.id)).toBeUndefined();
      const assessed = await source.assess(baseline);
      expect(source.assessment(baseline.id)).toEqual(assessed);
      expect(source.assessment(features.id)).toBeUndefined();
      await source.observe(baseline, valid);
      const later = await source.assess(features);
      expect(source.assessment(features.id)).toEqual(later);
      expect(source.assessment(baseline.id)).toEqual(assessed);
      expect(source.assessment('never-seen')).toBeUndefined();
    });

    it('measures a node once: assessing it again after the history changed returns the first measurement', async () => {
      const source = await factory();
      const first = await source.assess(baseline);
      // Another node with the same content is evaluated first and joins the history ...
      await source.observe(node(repeatOf(boostingBaseline, 'evaluated-first')), valid);
      // ... so a new measurement would now find the content known: a fresh copy shows it.
      expect(await noveltyOfRepeat(source, boostingBaseline, 'fresh-copy')).toBeLessThan(first.novelty!);
      expect(await source.assess(baseline)).toEqual(first);
      expect(await source.assess({ ...baseline, plan: 'Changed plan, same id.' })).toEqual(first);
      expect(source.assessment(baseline.id)).toEqual(first);
    });

    it('shares one measurement between concurrent assess calls of a node', async () => {
      const source = await factory();
      await source.observe(features, valid);
      const [first, second, third] = await Promise.all([source.assess(ridge), source.assess(ridge), source.assess(ridge)]);
      expect(second).toEqual(first);
      expect(third).toEqual(first);
      expect(source.assessment(ridge.id)).toEqual(first);
      expectAssessment(first!, ridge, [features.id]);
    });

    it('lets a valid node join the history: a repeat of it is assessed less novel, with it among the nearest when named', async () => {
      const source = await factory();
      const before = await source.assess(baseline);
      await source.observe(baseline, valid);
      const repeat = await source.assess(node(repeatOf(boostingBaseline)));
      expectAssessment(repeat, node(repeatOf(boostingBaseline)), [baseline.id]);
      expect(repeat.novelty).toBeLessThan(before.novelty!);
      if (repeat.nearest !== undefined) expect(repeat.nearest).toContain(baseline.id);
    });

    it('keeps an invalid node out of the history', async () => {
      const fresh = await factory();
      const expected = await noveltyOfRepeat(fresh, boostingBaseline, 'repeat');
      const source = await factory();
      await source.assess(baseline);
      await source.observe(baseline, invalid);
      expect(await noveltyOfRepeat(source, boostingBaseline, 'repeat')).toBe(expected);
    });

    it('takes the outcome of a node it never assessed', async () => {
      const fresh = await factory();
      const unobserved = await noveltyOfRepeat(fresh, boostingBaseline, 'repeat');
      const source = await factory();
      await source.observe(baseline, valid);
      expect(await noveltyOfRepeat(source, boostingBaseline, 'repeat')).toBeLessThan(unobserved!);
    });

    it('ignores a second outcome for a node: observe is idempotent per id', async () => {
      const fresh = await factory();
      const unobserved = await noveltyOfRepeat(fresh, boostingBaseline, 'repeat');
      const invalidFirst = await factory();
      await invalidFirst.assess(baseline);
      await invalidFirst.observe(baseline, invalid);
      await invalidFirst.observe(baseline, valid);
      expect(await noveltyOfRepeat(invalidFirst, boostingBaseline, 'repeat')).toBe(unobserved);

      const once = await factory();
      const twice = await factory();
      for (const source of [once, twice]) {
        await source.assess(baseline);
        await source.observe(baseline, valid);
        await source.assess(ridge);
        await source.observe(ridge, valid);
      }
      await twice.observe(baseline, valid);
      await twice.observe(ridge, invalid);
      for (const probe of [features, transformer])
        expect((await twice.assess(probe)).novelty, probe.id).toBe((await once.assess(probe)).novelty);
    });

    it("offers currentNovelty, if at all, in [0, 1]: it drifts down as the run fills the node's space, the assessment stays", async (context) => {
      const source = await factory();
      if (source.currentNovelty === undefined) return context.skip('the source has no currentNovelty');
      expect(await source.currentNovelty('never-seen')).toBeUndefined();
      const assessed = await source.assess(baseline);
      const now = await source.currentNovelty(baseline.id);
      expect(now).toBeGreaterThanOrEqual(0);
      expect(now).toBeLessThanOrEqual(1);
      await source.observe(node(repeatOf(boostingBaseline, 'evaluated-first')), valid);
      expect(await source.currentNovelty(baseline.id)).toBeLessThan(now!);
      expect(source.assessment(baseline.id)).toEqual(assessed);
    });

    const { failing } = options;
    if (failing !== undefined) {
      it('degrades when its backend fails: an undefined novelty with the error, never a rejection, measured once', async () => {
        const source = await failing();
        const assessment = await source.assess(baseline);
        expect(assessment.id).toBe(baseline.id);
        expect(assessment.novelty).toBeUndefined();
        expect(assessment.error).toBeDefined();
        expect(source.assessment(baseline.id)).toEqual(assessment);
        expect(await source.assess(baseline)).toEqual(assessment);
        const other = await source.assess(transformer);
        expect(other).toMatchObject({ id: transformer.id, novelty: undefined });
      });
    }
  });
}
