import { describe, expect, it } from 'vitest';
import { createEscalatingJudge } from '../../src/judges/escalating-judge.js';
import type { Judge, JudgeInput } from '../../src/judges/judge.js';
import { JudgeVerdictSchema, rubricLabel, type JudgeVerdict } from '../../src/judges/judge-verdict.js';
import { InvalidOptionsError } from '../../src/index.js';

/** A judge that answers from a script keyed by episode id and records what it was asked. */
function scriptedJudge(id: string, answers: Record<string, { score: number; confidence: number } | Error>): Judge & { calls: string[] } {
  const calls: string[] = [];
  return {
    specificationVersion: 'v1',
    id,
    calls,
    async judge(input: JudgeInput): Promise<JudgeVerdict> {
      calls.push(input.episode.id);
      const answer = answers[input.episode.id];
      if (answer === undefined) throw new Error(`no scripted answer for ${input.episode.id}`);
      if (answer instanceof Error) throw answer;
      return {
        score: answer.score,
        label: rubricLabel(answer.score),
        modes: [],
        rationale: `${id} says ${answer.score}`,
        confidence: answer.confidence,
        judge: id,
      };
    },
  };
}

const input = (episodeId: string, runId = 'run'): JudgeInput => ({
  runId,
  episode: { id: episodeId, plan: 'p', code: 'c', summary: null },
  earlier: [],
});

describe('createEscalatingJudge', () => {
  it('keeps confident cheap verdicts and escalates unsure ones', async () => {
    const cheap = scriptedJudge('cheap', { sure: { score: 0, confidence: 0.9 }, unsure: { score: 2, confidence: 0.3 } });
    const expensive = scriptedJudge('llm', { unsure: { score: 4, confidence: 0.8 } });
    const judge = createEscalatingJudge({ cheap, expensive, threshold: 0.5 });
    const escalated: string[] = [];
    judge.events.on('judge-escalated', (event) => escalated.push(`${event.episodeId}: ${event.reason}`));
    expect((await judge.judge(input('sure'))).judge).toBe('cheap');
    const verdict = await judge.judge(input('unsure'));
    expect(verdict).toMatchObject({ score: 4, judge: 'llm' });
    expect(JudgeVerdictSchema.parse(verdict)).toEqual(verdict);
    expect(expensive.calls).toEqual(['unsure']);
    expect(escalated).toEqual(['unsure: confidence 0.30 < 0.5']);
    expect(judge.escalations('run')).toEqual({ judged: 2, escalated: 1, overBudget: 0 });
  });

  it('escalates on request and stops at the per-run budget', async () => {
    const cheap = scriptedJudge('cheap', {
      a: { score: 0, confidence: 0.9 },
      b: { score: 0, confidence: 0.1 },
      c: { score: 0, confidence: 0.1 },
    });
    const expensive = scriptedJudge('llm', {
      a: { score: 2, confidence: 1 },
      b: { score: 2, confidence: 1 },
      c: { score: 2, confidence: 1 },
    });
    const judge = createEscalatingJudge({ cheap, expensive, maxEscalationsPerRun: 2 });
    expect((await judge.judge(input('a'), { escalate: true })).judge).toBe('llm');
    expect((await judge.judge(input('b'))).judge).toBe('llm');
    expect((await judge.judge(input('c'))).judge).toBe('cheap');
    // The budget is per run.
    expect((await judge.judge(input('c', 'other-run'))).judge).toBe('llm');
    expect(judge.escalations('run')).toEqual({ judged: 3, escalated: 2, overBudget: 1 });
  });

  it('falls back to the cheap verdict, marked, when the expensive judge fails', async () => {
    const cheap = scriptedJudge('cheap', { x: { score: 2, confidence: 0.2 } });
    const expensive = scriptedJudge('llm', { x: new Error('HTTP 500 after 3 attempts') });
    const verdict = await createEscalatingJudge({ cheap, expensive }).judge(input('x'));
    expect(verdict).toMatchObject({ score: 2, judge: 'cheap', fallback: { from: 'llm', reason: 'HTTP 500 after 3 attempts' } });
  });

  it('names a bad option', () => {
    const cheap = scriptedJudge('cheap', {});
    expect(() => createEscalatingJudge({ cheap, expensive: {} as Judge })).toThrow(InvalidOptionsError);
    expect(() => createEscalatingJudge({ cheap, expensive: cheap, threshold: 2 })).toThrow(/threshold/);
  });
});
