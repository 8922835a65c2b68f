import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openChatRecording, RecordingMissError } from '../../../bench/agents/chat-recording.js';
import { createLlmAgent, type LlmAgent } from '../../../bench/agents/llm-agent.js';
import { readSharedRunExchanges } from '../../../bench/agents/shared-run-exchanges.js';
import { createBenchEvaluator } from '../../../bench/env/bench-evaluator.js';
import { createEvaluationPool } from '../../../bench/env/evaluation-pool.js';
import type { BenchArm } from '../../../bench/runner/bench-policy.js';
import type { BenchRunRecord } from '../../../bench/runner/bench-run-record.js';
import { runBenchRun } from '../../../bench/runner/run-bench-run.js';
import { loadBenchTaskCard } from '../../../bench/cards/bench-task-card.js';
import { normaliseCode } from '../../../src/text/normalise-code.js';
import { useTemporaryDirectory } from '../../support/temporary-directory.js';

// The shared real-model runs (issue #33, part 8) sit beside the repository, not in it: ../shared/data/llm-runs.
const sharedRuns = resolve(import.meta.dirname, '../../../../shared/data/llm-runs');
const name = 'co2-forecast-aide-adaptive-seed1';
const exchangesFile = join(sharedRuns, `${name}.exchanges.jsonl`);
const runFile = join(sharedRuns, `${name}.run.jsonl`);
const available = existsSync(exchangesFile) && existsSync(runFile);
const skipped = available
  ? ''
  : ` (skipped: ${exchangesFile} and ${runFile} not found; they are in ../shared/data/llm-runs beside the repository)`;

const unshaped: BenchArm = { strength: 0, schedule: 'none' };
const adaptive: BenchArm = { strength: 0, schedule: 'adaptive' };
const gate: BenchArm = { strength: 0, schedule: 'none', gate: true };

/** What a replay under one arm did: its record (null when the recording ran out first) and its agent. */
interface Replay {
  readonly record: BenchRunRecord | null;
  readonly agent: LlmAgent;
  readonly ranOut: RecordingMissError | null;
}

describe.skipIf(!available)(`replaying a real model's collapse (${name}: co2-forecast, AIDE, seed 1, 30 episodes)${skipped}`, () => {
  // One worker: test files run in parallel on two cores. Every replay asks the same few dozen pipelines: one memo.
  const pool = createEvaluationPool({ size: 1, timeoutMs: 120_000 });
  const evaluator = createBenchEvaluator({ pool, memoDirectory: useTemporaryDirectory('boden-real-replay-memo-') });
  const recordings = useTemporaryDirectory('boden-real-replay-');
  afterAll(() => pool.close());
  const recorded = available ? (JSON.parse(readFileSync(runFile, 'utf8')) as BenchRunRecord) : undefined;

  /** Replays the recording under `arm`, each request answered by the recorded answer of the same number. */
  async function replay(arm: BenchArm): Promise<Replay> {
    const directory = mkdtempSync(join(recordings, 'recording-'));
    const exchanges = await readSharedRunExchanges(exchangesFile, name, 'relay');
    writeFileSync(join(directory, `${name}.jsonl`), `${exchanges.map((exchange) => JSON.stringify(exchange)).join('\n')}\n`);
    const recording = await openChatRecording({ directory, mode: 'replay', match: 'order' });
    const task = await loadBenchTaskCard('co2-forecast');
    let agent: LlmAgent | undefined;
    try {
      const record = await runBenchRun({
        task,
        policy: 'aide',
        arm,
        seed: 1,
        episodes: 30,
        evaluator,
        createAgent: () => (agent = createLlmAgent({ task, model: 'relay', recording, run: name })),
        agentName: 'llm/relay',
      });
      return { record, agent: agent!, ranOut: null };
    } catch (error) {
      // The run asked for more answers than the model gave: the recording ends here, and so does the replay.
      if (!RecordingMissError.isInstance(error)) throw error;
      return { record: null, agent: agent!, ranOut: error };
    }
  }

  it("reproduces the recorded run's scores unshaped (no directive was ever issued in it), so the replay can be trusted", async () => {
    const { record } = await replay(unshaped);
    expect(record).not.toBeNull();
    expect(record!.episodes).toHaveLength(30);
    expect(record!.episodes.map((episode) => episode.status)).toEqual(recorded!.episodes.map((episode) => episode.status));
    record!.episodes.forEach((episode, index) =>
      expect(episode.score, `episode ${index}`).toBeCloseTo(recorded!.episodes[index]!.score!, 9),
    );
    expect(record!.bestScore).toBeCloseTo(recorded!.bestScore!, 9);
  }, 900_000);

  it('under the adaptive arm reaches explore mode once the best has stalled, and issues directives after it', async () => {
    const { record } = await replay(adaptive);
    expect(record).not.toBeNull();
    const episodes = record!.episodes;
    // The best (RMSE 1.656, lower is better) is found at episode 6; later ties differ from it in the fifth decimal.
    const best = Math.min(...episodes.filter((episode) => episode.score !== null).map((episode) => episode.score!));
    const bestAt = episodes.findIndex((episode) => episode.score !== null && episode.score < best + 1e-3);
    expect(bestAt).toBe(6);
    const explore = episodes.findIndex((episode) =>
      episode.modeSwitches.some((change) => change.to === 'explore' && change.reason === 'stagnation'),
    );
    expect(explore, 'no switch to explore mode in 30 episodes').toBeGreaterThan(-1);
    // Explore mode came only after the best had stalled for the schedule's patience (3 episodes).
    expect(explore).toBeGreaterThanOrEqual(bestAt + 3);
    const directed = episodes.slice(explore + 1).filter((episode) => episode.directive !== null);
    expect(directed.length).toBeGreaterThan(0);
    // Not a single directive before it.
    expect(episodes.slice(0, explore + 1).every((episode) => episode.directive === null)).toBe(true);
  }, 900_000);

  it('under the gate arm rejects the re-proposals of earlier pipelines before they are evaluated', async () => {
    const { agent, ranOut } = await replay(gate);
    // Each rejection consumes a recorded answer, so the 30 answers run out before the 30th episode.
    expect(ranOut?.step).toBe(31);
    const evaluated = new Set(agent.memory.map((entry) => entry.proposal));
    const rejected = agent.proposals.filter((proposal) => !evaluated.has(proposal));
    // The recorded run evaluated the same program twice more (episodes 27 and 28 repeat episodes 6, the best, and 13).
    expect(rejected).toHaveLength(2);
    const seen: string[] = [];
    for (const proposal of agent.proposals) {
      const code = normaliseCode(proposal.code);
      if (evaluated.has(proposal)) {
        // No evaluated pipeline repeats an earlier evaluated one.
        expect(seen).not.toContain(code);
        seen.push(code);
      } else expect(seen, 'a rejected proposal repeats an evaluated one').toContain(code);
    }
    expect(agent.memory).toHaveLength(28);
  }, 900_000);
});
