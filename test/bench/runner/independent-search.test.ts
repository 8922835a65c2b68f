import { describe, expect, it } from 'vitest';
import { createSimulatedAgent } from '../../../bench/agents/simulated-agent.js';
import { createBenchEvaluator } from '../../../bench/env/bench-evaluator.js';
import { createEvaluationPool } from '../../../bench/env/evaluation-pool.js';
import { runBenchRun } from '../../../bench/runner/run-bench-run.js';
import { loadBenchTaskCard } from '../../../bench/cards/bench-task-card.js';

describe('independent sampling', () => {
  it('drafts every episode, selects nothing and never improves, whatever the arm', async () => {
    const card = await loadBenchTaskCard('boston');
    const pool = createEvaluationPool({ size: 1 });
    const evaluator = createBenchEvaluator({ pool, memoDirectory: null });
    try {
      const asked: string[] = [];
      const record = await runBenchRun({
        task: card,
        policy: 'independent',
        arm: { strength: 0, schedule: 'none' },
        seed: 3,
        episodes: 6,
        evaluator,
        createAgent: ({ seed, budget }) => {
          const agent = createSimulatedAgent({ task: card, seed, budget });
          const draft = agent.operators.draft;
          return {
            ...agent,
            proposals: agent.proposals,
            proposalOf: agent.proposalOf,
            operators: { ...agent.operators, draft: (input) => (asked.push(input.directive ?? 'none'), draft(input)) },
          };
        },
      });
      expect(record.policy).toBe('independent');
      expect(record.shaped).toBe(false);
      expect(record.episodes.map((episode) => [episode.operator, episode.parentIds])).toEqual(
        Array.from({ length: 6 }, () => ['draft', []]),
      );
      expect(asked).toEqual(Array.from({ length: 6 }, () => 'none'));
    } finally {
      await pool.close();
    }
  });
});
