import { SafeEventEmitter } from '../events/safe-event-emitter.js';
import { parseOptions } from '../options/parse-options.js';
import { EscalatingJudgeOptionsSchema, type EscalatingJudgeOptions } from './escalating-judge-options.js';
import type { Judge, JudgeInput } from './judge.js';
import type { JudgeVerdict } from './judge-verdict.js';

/** How many episodes of a run were judged, and how many went to the expensive judge. */
export interface EscalationCount {
  readonly judged: number;
  readonly escalated: number;
  /** Episodes that should have escalated but found the run's budget spent. */
  readonly overBudget: number;
}

/** Events of an escalating judge. */
export type EscalatingJudgeEvents = {
  'judge-escalated': [{ readonly runId: string; readonly episodeId: string; readonly reason: string; readonly cheap: JudgeVerdict }];
  'judge-budget-exhausted': [{ readonly runId: string; readonly episodeId: string; readonly budget: number }];
};

/** A judge that asks the cheap judge first and the expensive one only when needed. */
export interface EscalatingJudge extends Judge {
  readonly events: SafeEventEmitter<EscalatingJudgeEvents>;
  /** `escalate: true` sends the episode to the expensive judge whatever the cheap verdict's confidence. */
  judge(input: JudgeInput, options?: { signal?: AbortSignal; escalate?: boolean }): Promise<JudgeVerdict>;
  /** Counts per run. */
  escalations(runId: string): EscalationCount;
}

/**
 * Creates an `EscalatingJudge`: every episode gets the cheap verdict; when its confidence is below `threshold`
 * (or the caller asks), the expensive judge decides instead, up to `maxEscalationsPerRun` calls per run. A failing
 * expensive judge never loses the episode: the cheap verdict comes back marked as a fallback.
 */
export function createEscalatingJudge(options: EscalatingJudgeOptions): EscalatingJudge {
  const { cheap, expensive, threshold, maxEscalationsPerRun } = parseOptions(
    EscalatingJudgeOptionsSchema,
    options,
    'createEscalatingJudge',
  );
  const events = new SafeEventEmitter<EscalatingJudgeEvents>();
  const counts = new Map<string, { judged: number; escalated: number; overBudget: number }>();
  const countOf = (runId: string) => {
    let count = counts.get(runId);
    if (count === undefined) {
      count = { judged: 0, escalated: 0, overBudget: 0 };
      counts.set(runId, count);
    }
    return count;
  };
  return {
    specificationVersion: 'v1',
    id: `escalating(${cheap.id} -> ${expensive.id})`,
    events,
    escalations: (runId) => ({ ...countOf(runId) }),
    async judge(input, callOptions = {}) {
      const count = countOf(input.runId);
      count.judged += 1;
      const first = await cheap.judge(input, callOptions.signal ? { signal: callOptions.signal } : {});
      const unsure = first.confidence < threshold;
      if (!callOptions.escalate && !unsure) return first;
      if (count.escalated >= maxEscalationsPerRun) {
        count.overBudget += 1;
        events.emit('judge-budget-exhausted', { runId: input.runId, episodeId: input.episode.id, budget: maxEscalationsPerRun });
        return first;
      }
      count.escalated += 1;
      const reason = callOptions.escalate ? 'requested by the caller' : `confidence ${first.confidence.toFixed(2)} < ${threshold}`;
      events.emit('judge-escalated', { runId: input.runId, episodeId: input.episode.id, reason, cheap: first });
      try {
        return await expensive.judge(input, callOptions.signal ? { signal: callOptions.signal } : {});
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return { ...first, fallback: { from: expensive.id, reason: message } };
      }
    },
  };
}
