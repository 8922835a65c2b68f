import type { BenchEpisodeRecord, BenchRunRecord } from '../../../bench/runner/bench-run-record.js';

/** A hand-made run record: valid episodes with the given impacts (null = buggy) and verdict scores. */
export function benchRunFixture(fields: {
  task?: string;
  policy?: BenchRunRecord['policy'];
  strength?: number;
  schedule?: 'none' | 'adaptive';
  seed: number;
  impacts: readonly (number | null)[];
  verdicts?: readonly number[];
  /** Nearest-neighbour novelty per episode (recorded for every episode, valid or not). */
  nearestNeighbour?: readonly number[];
  /** The quality-diversity cell per episode (absent: records made before cells were kept). */
  cells?: readonly string[];
  wallMilliseconds?: number;
  evaluationMilliseconds?: number;
  measurementMilliseconds?: number;
  medal?: BenchRunRecord['medal'];
}): BenchRunRecord {
  let best: number | null = null;
  const curve: (number | null)[] = [];
  const episodes: BenchEpisodeRecord[] = fields.impacts.map((impact, index) => {
    if (impact !== null && (best === null || impact > best)) best = impact;
    curve.push(best);
    return {
      index,
      nodeId: `node-${index + 1}`,
      parentIds: [],
      operator: 'draft',
      kind: 'draft',
      configKey: `{"index":${index}}`,
      status: impact === null ? 'buggy' : 'ok',
      score: impact,
      error: impact === null ? 'boom' : null,
      impact,
      novelty: (fields.nearestNeighbour === undefined ? {} : { 'nearest-neighbour': fields.nearestNeighbour[index]! }) as Record<
        string,
        number
      >,
      verdict: impact === null ? null : { score: fields.verdicts?.[index] ?? 0, label: 'Routine', confidence: 1, judge: 'rubric-v1' },
      directive: null,
      followedDirective: false,
      modeSwitches: [],
      ...(fields.cells === undefined ? {} : { cell: fields.cells[index]! }),
    };
  });
  return {
    task: fields.task ?? 'boston',
    policy: fields.policy ?? 'aide',
    arm: { strength: fields.strength ?? 0, schedule: fields.schedule ?? 'none' },
    shaped: (fields.strength ?? 0) > 0 || fields.schedule === 'adaptive',
    seed: fields.seed,
    agent: 'simulated',
    episodes,
    bestImpact: best,
    bestScore: best,
    medal: fields.medal ?? null,
    bestImpactCurve: curve,
    evaluations: episodes.filter((episode) => episode.status === 'ok').length,
    wallMilliseconds: fields.wallMilliseconds ?? 100,
    evaluationMilliseconds: fields.evaluationMilliseconds ?? 50,
    measurementMilliseconds: fields.measurementMilliseconds ?? 0,
  };
}
