import { afterAll, describe, expect, it } from 'vitest';
import { createBenchEvaluator } from '../../../bench/env/bench-evaluator.js';
import { createEvaluationPool } from '../../../bench/env/evaluation-pool.js';
import { runBenchRun, type BenchRunRecord } from '../../../bench/runner/index.js';
import { loadBenchTaskCard } from '../../../bench/cards/bench-task-card.js';
import { useTemporaryDirectory } from '../../support/temporary-directory.js';

// One worker: test files run in parallel on two cores.
const pool = createEvaluationPool({ size: 1, timeoutMs: 20_000 });
const evaluator = createBenchEvaluator({ pool, memoDirectory: useTemporaryDirectory('boden-langgraph-loop-') });
afterAll(() => pool.close());

/** Everything a run's record says about its search, without the wall-clock times. */
const searchOf = (record: BenchRunRecord) => ({
  episodes: record.episodes.map(
    ({ nodeId, parentIds, operator, kind, configKey, status, score, novelty, verdict, directive, modeSwitches }) => ({
      nodeId,
      parentIds,
      operator,
      kind,
      configKey,
      status,
      score,
      novelty,
      verdict,
      directive,
      modeSwitches,
    }),
  ),
  bestImpactCurve: record.bestImpactCurve,
  bonusShifts: record.bonusShifts,
});

describe('the bench through the LangGraph graph (loop: langgraph) and through the adapters', () => {
  it.each(['aide', 'mcts', 'evolutionary'] as const)(
    '%s: the same run, unshaped and with bonus + adaptive + gate',
    async (policy) => {
      const task = await loadBenchTaskCard('cars-mpg');
      const searches: ReturnType<typeof searchOf>[] = [];
      for (const arm of [
        { strength: 0, schedule: 'none' },
        { strength: 1, schedule: 'adaptive', gate: true },
      ] as const) {
        const options = { task, policy, arm, seed: 3, episodes: 9, evaluator };
        const adapter = await runBenchRun(options);
        const graph = await runBenchRun({ ...options, loop: 'langgraph' });
        expect(graph.shaped).toBe(adapter.shaped);
        expect(searchOf(graph)).toEqual(searchOf(adapter));
        // A step the gate refuses is no episode: only the ungated arm is sure to evaluate all nine.
        if (arm.gate === undefined) expect(graph.episodes).toHaveLength(9);
        else expect(graph.episodes.length).toBeLessThanOrEqual(9);
        searches.push(searchOf(graph));
      }
      // The shaped arm changed the search, so the equality above covers the middleware's path through the graph too.
      expect(searches[1]).not.toEqual(searches[0]);
    },
    240_000,
  );
});
