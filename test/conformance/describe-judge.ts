import { describe, expect, it } from 'vitest';
import { JudgeVerdictSchema, rubricLabel, type JudgeVerdict } from '../../src/judges/judge-verdict.js';
import type { Judge, JudgeInput, JudgedEpisode } from '../../src/judges/judge.js';
import { createNoveltyScorer } from '../../src/scoring/novelty-scorer.js';
import {
  boostingBaseline,
  convolutionalNetwork,
  engineeredFeatures,
  pretrainedTransformer,
  repeatOf,
  ridgeOnText,
  type ResearchEpisode,
} from '../fixtures/research-episodes.js';

/** Makes a fresh judge of the implementation under test (with its default or test settings). */
export type JudgeFactory = () => Judge | Promise<Judge>;

/** What the suite needs to know beyond the factory. */
export interface JudgeConformanceOptions {
  /**
   * The ids a verdict of this judge may carry in its `judge` field; default the judge's own id. A composite judge
   * (escalating, or one with a fallback) writes the id of the judge that actually decided.
   */
  readonly verdictJudgeIds?: readonly string[];
  /**
   * Makes the judge with a backend that fails (an LLM judge against a server that answers errors), for the
   * degrade check; omit it for a judge that calls nothing that could fail.
   */
  readonly failing?: JudgeFactory;
}

// Every input is frozen: a judge reads its input and must not change it (a write throws in strict mode).
const judged = (episode: ResearchEpisode): JudgedEpisode => Object.freeze({ ...episode, summary: null });
const emptyEpisode = (id: string, fields: Partial<JudgedEpisode> = {}): JudgedEpisode =>
  Object.freeze({ id, plan: '', code: '', summary: null, ...fields });
const frozenInput = (input: JudgeInput): JudgeInput => Object.freeze({ ...input, earlier: Object.freeze([...input.earlier]) });

/** Episode `position` of the fixture run judged against the ones before it. */
const runOrder = [boostingBaseline, engineeredFeatures, ridgeOnText, pretrainedTransformer, convolutionalNetwork].map(judged);
const inputAt = (position: number, runId = 'conformance-run'): JudgeInput =>
  frozenInput({ runId, episode: runOrder[position]!, earlier: runOrder.slice(0, position) });

/** The same earlier episodes, then an exact repeat of the first or a clearly different approach. */
const comparisonEarlier = Object.freeze([boostingBaseline, engineeredFeatures].map(judged));
const repeatInput = frozenInput({ runId: 'comparison-run', episode: judged(repeatOf(boostingBaseline)), earlier: comparisonEarlier });
const differentInput = frozenInput({ runId: 'comparison-run', episode: judged(pretrainedTransformer), earlier: comparisonEarlier });

/** The continuous evidence `boden score` gives a judge (the novelty core's scores, by metric id) for both episodes. */
async function comparisonEvidence(): Promise<{ repeat: Record<string, number>; different: Record<string, number> }> {
  const scorer = createNoveltyScorer({ runId: 'comparison-run' });
  for (const episode of comparisonEarlier) {
    await scorer.score(episode);
    await scorer.observe(episode, { valid: true });
  }
  return { repeat: (await scorer.score(repeatInput.episode)).scores, different: (await scorer.score(differentInput.episode)).scores };
}

/**
 * The `Judge` conformance suite: `specificationVersion` 'v1' and an id; every verdict is exactly a `JudgeVerdict`
 * (schema, the label of its score, its provenance, no fallback while the backend works) and inputs are left
 * unchanged; the first episode of a run and empty plans and code are judged; equal inputs get equal verdicts
 * (again, from a fresh judge, whatever was judged before, concurrently); an exact repeat of an earlier episode is
 * Routine, below a clearly different approach; an abort (before or during the call) rejects with the signal's
 * reason or yields a verdict, a fallback one when aborted beforehand, and leaves the judge working; a failing
 * backend degrades to a fallback verdict that says why. Every implementation runs it.
 */
export function describeJudge(name: string, factory: JudgeFactory, options: JudgeConformanceOptions = {}): void {
  describe(`${name} (Judge conformance)`, () => {
    const expectVerdict = (judge: Judge, verdict: JudgeVerdict): void => {
      // Parsing strips unknown keys, so equality also says the verdict carries nothing the schema does not define.
      expect(JudgeVerdictSchema.parse(verdict)).toEqual(verdict);
      expect(verdict.label).toBe(rubricLabel(verdict.score));
      expect(options.verdictJudgeIds ?? [judge.id]).toContain(verdict.judge);
    };

    it('identifies itself', async () => {
      const judge = await factory();
      expect(judge.specificationVersion).toBe('v1');
      expect(typeof judge.id).toBe('string');
      expect(judge.id.length).toBeGreaterThan(0);
    });

    it('gives verdicts that are exactly JudgeVerdicts: the schema, the label of the score, its provenance, no fallback', async () => {
      const judge = await factory();
      for (let position = 0; position < runOrder.length; position += 1) {
        const verdict = await judge.judge(inputAt(position));
        expectVerdict(judge, verdict);
        expect(verdict.fallback).toBeUndefined();
      }
    });

    it("judges a run's first episode (an empty earlier list)", async () => {
      const judge = await factory();
      for (const episode of [boostingBaseline, pretrainedTransformer].map(judged)) {
        expectVerdict(judge, await judge.judge(frozenInput({ runId: `first-${episode.id}`, episode, earlier: [] })));
      }
    });

    it('handles an empty plan, empty code, or both, in the episode and in the earlier ones', async () => {
      const judge = await factory();
      const inputs: JudgeInput[] = [
        { runId: 'empty-run', episode: emptyEpisode('empty'), earlier: [] },
        { runId: 'empty-run', episode: emptyEpisode('plan-only', { plan: boostingBaseline.plan }), earlier: [emptyEpisode('empty')] },
        {
          runId: 'empty-run',
          episode: emptyEpisode('code-only', { code: ridgeOnText.code }),
          earlier: [emptyEpisode('empty'), emptyEpisode('plan-only', { plan: boostingBaseline.plan })],
        },
        { runId: 'empty-run', episode: emptyEpisode('empty-again'), earlier: [judged(boostingBaseline), emptyEpisode('empty')] },
      ];
      for (const input of inputs) expectVerdict(judge, await judge.judge(frozenInput(input)));
    });

    it('is deterministic: equal inputs get equal verdicts, again and from a fresh judge', async () => {
      const judge = await factory();
      for (const position of [0, 2, 4]) {
        const first = await judge.judge(inputAt(position));
        expect(await judge.judge(inputAt(position))).toEqual(first);
        expect(await (await factory()).judge(inputAt(position))).toEqual(first);
      }
    });

    it('gives an input the same verdict whatever the judge was asked before, and when asked concurrently', async () => {
      const alone = await Promise.all(runOrder.map(async (_, position) => (await factory()).judge(inputAt(position))));
      const judge = await factory();
      // Out of run order, with other runs and a shorter history of the same run in between.
      for (const position of [3, 1, 4, 0, 2]) {
        await judge.judge(inputAt(position, 'other-run'));
        await judge.judge(frozenInput({ ...inputAt(position), earlier: inputAt(position).earlier.slice(1) }));
        expect(await judge.judge(inputAt(position))).toEqual(alone[position]);
      }
      const together = await Promise.all(runOrder.map(async (_, position) => judge.judge(inputAt(position, 'concurrent-run'))));
      expect(together).toEqual(alone);
    });

    it.each([
      ['without', false],
      ['with', true],
    ] as const)(
      "scores an exact repeat of an earlier episode Routine, below a clearly different approach (%s the novelty core's evidence)",
      async (_with, withEvidence) => {
        const judge = await factory();
        const evidence = withEvidence ? await comparisonEvidence() : undefined;
        const repeat = await judge.judge(frozenInput({ ...repeatInput, ...(evidence ? { novelty: Object.freeze(evidence.repeat) } : {}) }));
        const different = await judge.judge(
          frozenInput({ ...differentInput, ...(evidence ? { novelty: Object.freeze(evidence.different) } : {}) }),
        );
        expectVerdict(judge, repeat);
        expectVerdict(judge, different);
        // The rubric's level 0 is a repeat of a prior approach; a new model paradigm and input modality is above it.
        expect(repeat.score).toBe(0);
        expect(different.score).toBeGreaterThan(repeat.score);
      },
    );

    it("rejects with an aborted signal's reason (or gives a fallback verdict), and still judges afterwards", async () => {
      const judge = await factory();
      const controller = new AbortController();
      const reason = new Error('the search was stopped');
      controller.abort(reason);
      const outcome = await judge.judge(inputAt(2), { signal: controller.signal }).then(
        (verdict) => ({ verdict }),
        (rejection: unknown) => ({ rejection }),
      );
      if ('verdict' in outcome) {
        expectVerdict(judge, outcome.verdict);
        expect(outcome.verdict.fallback?.reason).toEqual(expect.any(String));
      } else {
        expect(outcome.rejection).toBe(reason);
      }
      // The abort is the caller's, not a failure of the judge: it is neither remembered nor cached.
      const after = await judge.judge(inputAt(2));
      expect(after).toEqual(await (await factory()).judge(inputAt(2)));
      expect(after.fallback).toBeUndefined();
    });

    it('settles when aborted mid-call: rejects with the reason or gives a verdict, and still judges afterwards', async () => {
      const judge = await factory();
      const controller = new AbortController();
      const reason = new Error('the search was stopped');
      const pending = judge.judge(inputAt(3), { signal: controller.signal });
      controller.abort(reason);
      const outcome = await pending.then(
        (verdict) => ({ verdict }),
        (rejection: unknown) => ({ rejection }),
      );
      // A judge that finished before the abort may well give its ordinary verdict.
      if ('verdict' in outcome) expectVerdict(judge, outcome.verdict);
      else expect(outcome.rejection).toBe(reason);
      const after = await judge.judge(inputAt(3));
      expect(after).toEqual(await (await factory()).judge(inputAt(3)));
      expect(after.fallback).toBeUndefined();
    });

    // Only for a judge with something to fail: the rubric judge calls nothing out.
    const { failing } = options;
    if (failing !== undefined) {
      it('degrades when its backend fails: a fallback verdict that says which judge failed and why', async () => {
        const judge = await failing();
        for (const input of [inputAt(0), inputAt(3)]) {
          const verdict = await judge.judge(input);
          expect(JudgeVerdictSchema.parse(verdict)).toEqual(verdict);
          expect(verdict.label).toBe(rubricLabel(verdict.score));
          expect(verdict.judge.length).toBeGreaterThan(0);
          expect(verdict.fallback?.from.length).toBeGreaterThan(0);
          expect(verdict.fallback?.reason.length).toBeGreaterThan(0);
        }
      });
    }
  });
}
