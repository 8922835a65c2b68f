import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importTrajectory } from '../../../adapters/trajectory/index.js';
import {
  DuplicateNodeIdError,
  EmptyTrajectoryError,
  InvalidFieldError,
  InvalidJsonError,
  NotATrajectoryError,
  ParentCycleError,
  TrajectoryError,
  UnknownParentError,
} from '../../../src/index.js';
import { useTemporaryDirectory } from '../../support/temporary-directory.js';

const directory = useTemporaryDirectory();

function aideNode(id: string, step: number, value: unknown = 0.5, extra: Record<string, unknown> = {}) {
  return { id, step, plan: `plan ${id}`, code: `code ${id}`, is_buggy: value === null, metric: { value, maximize: true }, ...extra };
}

function write(name: string, text: string): string {
  const path = join(directory, name);
  writeFileSync(path, text);
  return path;
}

const aide = (nodes: unknown[], node2parent: Record<string, string> = {}) =>
  JSON.stringify({ nodes, node2parent, __version: '2' }, null, 1);

/** Imports `path` and returns the typed error it must throw. */
async function failure(path: string, format?: Parameters<typeof importTrajectory>[1]): Promise<TrajectoryError> {
  try {
    await importTrajectory(path, format);
  } catch (error) {
    expect(TrajectoryError.isInstance(error)).toBe(true);
    return error as TrajectoryError;
  }
  throw new Error(`${path} imported without an error`);
}

describe('malformed AIDE journals', () => {
  it('truncated JSON names the JSON path where it stops', async () => {
    const text = aide([aideNode('a', 0), aideNode('b', 1)]);
    const error = await failure(write('truncated.journal.json', text.slice(0, text.indexOf('"code b"') + 4)), {
      format: 'aide-journal-v2',
    });
    expect(InvalidJsonError.isInstance(error)).toBe(true);
    expect(error.location).toBe('$.nodes[1].code');
    expect(error.message).toContain('truncated.journal.json at $.nodes[1].code: invalid JSON');
  });

  it('a string metric names the field', async () => {
    const error = await failure(write('string-metric.journal.json', aide([aideNode('a', 0), aideNode('b', 1, '0.93')])));
    expect(InvalidFieldError.isInstance(error)).toBe(true);
    expect(error.location).toBe('$.nodes[1].metric.value');
  });

  it.each(['NaN', 'Infinity', '-Infinity'])('a %s metric is a JSON error at the metric', async (literal) => {
    const text = aide([aideNode('a', 0), aideNode('b', 1, 12345)]).replace('12345', literal);
    const error = await failure(write(`literal-${literal}.journal.json`, text), { format: 'aide-journal-v2' });
    expect(InvalidJsonError.isInstance(error)).toBe(true);
    expect(error.location).toBe('$.nodes[1].metric.value');
    expect(error.reason).toMatch(/NaN, Infinity/);
  });

  it('a wrong type names the field', async () => {
    const error = await failure(write('wrong-step.journal.json', aide([aideNode('a', 0), { ...aideNode('b', 1), step: 'one' }])));
    expect(InvalidFieldError.isInstance(error)).toBe(true);
    expect(error.location).toBe('$.nodes[1].step');
  });

  it('nodes that are not an array', async () => {
    const error = await failure(write('no-nodes.journal.json', JSON.stringify({ nodes: {}, node2parent: {} })), {
      format: 'aide-journal-v2',
    });
    expect(InvalidFieldError.isInstance(error)).toBe(true);
    expect(error.location).toBe('$.nodes');
  });

  it('an unknown parent id', async () => {
    const error = await failure(write('unknown-parent.journal.json', aide([aideNode('a', 0)], { a: 'ghost' })));
    expect(UnknownParentError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ nodeId: 'a', parentId: 'ghost', location: '$.nodes[0]' });
  });

  it('a parent cycle', async () => {
    const error = await failure(write('cycle.journal.json', aide([aideNode('a', 0), aideNode('b', 1)], { a: 'b', b: 'a' })));
    expect(ParentCycleError.isInstance(error)).toBe(true);
  });

  it('duplicate ids', async () => {
    const error = await failure(write('duplicate.journal.json', aide([aideNode('a', 0), aideNode('a', 1)])));
    expect(DuplicateNodeIdError.isInstance(error)).toBe(true);
    expect(error.location).toBe('$.nodes[1]');
  });

  it('an empty file, with or without whitespace', async () => {
    expect(EmptyTrajectoryError.isInstance(await failure(write('empty.journal.json', '')))).toBe(true);
    const forced = await failure(write('blank.journal.json', ' \n '), { format: 'aide-journal-v2' });
    expect(EmptyTrajectoryError.isInstance(forced)).toBe(true);
  });

  it('a UTF-8 BOM before the JSON is accepted (not reported as a NaN literal)', async () => {
    const [run] = await importTrajectory(write('bom.journal.json', `\uFEFF${aide([aideNode('a', 0, 0.5), aideNode('b', 1, 0.4)])}`));
    expect(run!.episodes.map((episode) => episode.id)).toEqual(['a', 'b']);
  });

  it('a journal with no nodes', async () => {
    expect(EmptyTrajectoryError.isInstance(await failure(write('zero.journal.json', aide([]))))).toBe(true);
  });
});

describe('malformed AI-Scientist-v2 stage journals', () => {
  const stageNode = (id: string, step: number, finalValue: unknown) => ({
    ...aideNode(id, step, null),
    is_buggy: false,
    is_seed_node: false,
    metric: {
      value: {
        metric_names: [
          { metric_name: 'loss', lower_is_better: true, data: [{ dataset_name: 'd', final_value: finalValue, best_value: 1 }] },
        ],
      },
      maximize: null,
    },
  });

  it('a string final_value names the field', async () => {
    const error = await failure(write('aisv2-string.journal.json', aide([stageNode('a', 0, 0.4), stageNode('b', 1, 'low')])));
    expect(InvalidFieldError.isInstance(error)).toBe(true);
    expect(error.location).toBe('$.nodes[1].metric.value');
  });

  it('a --metric no node reports is refused, naming the metrics the file has', async () => {
    const path = write('aisv2-metric.journal.json', aide([stageNode('a', 0, 0.4), stageNode('b', 1, 0.3)]));
    const error = await failure(path, { metricName: 'no_such_metric' });
    expect(InvalidFieldError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/no node reports the metric "no_such_metric" \(--metric\); the file's metrics are: loss$/);
    const [run] = await importTrajectory(path, { metricName: 'LOSS' }); // names match case-insensitively
    expect(run!.episodes).toHaveLength(2);
  });

  it('a null final_value is a node without a score, not an error', async () => {
    const [run] = await importTrajectory(write('aisv2-null.journal.json', aide([stageNode('a', 0, 0.4), stageNode('b', 1, null)])));
    expect(run!.episodes.map((episode) => episode.id)).toEqual(['a']);
    expect(run!.metric).toEqual({ name: 'loss', maximize: false });
  });
});

describe('malformed AIRA-dojo journals', () => {
  const dojo = (step: number, parents: number[], metric: unknown, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      step,
      id: `n${step}`,
      plan: step === 0 ? '' : `plan ${step}`,
      code: step === 0 ? '' : 'code',
      metric,
      metric_maximize: true,
      is_buggy: metric === null,
      parents,
      operators_used: ['draft'],
      ...extra,
    });

  it('a bad line names the line', async () => {
    const path = write('bad-line.journal.jsonl', [dojo(0, [], null), dojo(1, [0], 0.5), '{"step": 2, "id": "n2",'].join('\n'));
    const error = await failure(path);
    expect(InvalidJsonError.isInstance(error)).toBe(true);
    expect(error.location).toBe('line 3');
  });

  it('a NaN metric names the line and the literal', async () => {
    const path = write('nan.journal.jsonl', [dojo(0, [], null), dojo(1, [0], 0.5).replace('0.5', 'NaN')].join('\n'));
    const error = await failure(path, { format: 'aira-dojo-journal-jsonl' });
    expect(error.location).toBe('line 2');
    expect(error.reason).toMatch(/NaN is not a JSON value/);
  });

  it('a string metric names the line and field', async () => {
    const error = await failure(write('string.journal.jsonl', [dojo(0, [], null), dojo(1, [0], 'high')].join('\n')));
    expect(InvalidFieldError.isInstance(error)).toBe(true);
    expect(error.location).toBe('line 2.metric');
  });

  it('an unknown parent step', async () => {
    const error = await failure(write('orphan.journal.jsonl', [dojo(0, [], null), dojo(1, [7], 0.5)].join('\n')));
    expect(UnknownParentError.isInstance(error)).toBe(true);
    expect(error.location).toBe('line 2.parents');
  });

  it('a parent cycle', async () => {
    const error = await failure(write('cycle.journal.jsonl', [dojo(0, [], null), dojo(1, [2], 0.5), dojo(2, [1], 0.6)].join('\n')));
    expect(ParentCycleError.isInstance(error)).toBe(true);
  });

  it('duplicate ids', async () => {
    const error = await failure(
      write('duplicate.journal.jsonl', [dojo(0, [], null), dojo(1, [0], 0.5), dojo(2, [0], 0.6, { id: 'n1' })].join('\n')),
    );
    expect(DuplicateNodeIdError.isInstance(error)).toBe(true);
    expect(error.location).toBe('line 3');
  });

  it('an empty file', async () => {
    expect(
      EmptyTrajectoryError.isInstance(await failure(write('empty.journal.jsonl', '\n\n'), { format: 'aira-dojo-journal-jsonl' })),
    ).toBe(true);
  });
});

describe('malformed OpenEvolve checkpoints', () => {
  const checkpoint = (name: string, programs: Record<string, unknown>[]): string => {
    const root = join(directory, name);
    mkdirSync(join(root, 'programs'), { recursive: true });
    for (const program of programs) writeFileSync(join(root, 'programs', `${String(program.id)}.json`), JSON.stringify(program));
    return root;
  };
  const program = (id: string, score: unknown, parent: string | null = null) => ({
    id,
    code: 'x',
    parent_id: parent,
    iteration_found: 1,
    timestamp: 1,
    metrics: { combined_score: score },
    metadata: { changes: 'c' },
  });

  it('a directory that is not a checkpoint', async () => {
    const plain = join(directory, 'plain-directory');
    mkdirSync(plain, { recursive: true });
    const error = await failure(plain);
    expect(NotATrajectoryError.isInstance(error)).toBe(true);
    expect(error.reason).toMatch(/not an OpenEvolve checkpoint/);
    expect(NotATrajectoryError.isInstance(await failure(plain, { format: 'openevolve-checkpoint' }))).toBe(true);
  });

  it('a string combined_score names the program file and field', async () => {
    const error = await failure(checkpoint('string-score', [program('p1', 0.5), program('p2', 'great')]));
    expect(InvalidFieldError.isInstance(error)).toBe(true);
    expect(error.location).toBe('programs/p2.json.metrics.combined_score');
  });

  it('a truncated program file', async () => {
    const root = checkpoint('truncated', [program('p1', 0.5)]);
    writeFileSync(join(root, 'programs', 'p2.json'), '{"id": "p2", "code": "x"');
    const error = await failure(root);
    expect(InvalidJsonError.isInstance(error)).toBe(true);
    expect(error.location).toBe('programs/p2.json');
  });

  it('an empty programs folder', async () => {
    expect(EmptyTrajectoryError.isInstance(await failure(checkpoint('empty', [])))).toBe(true);
  });

  it('a parent cycle inside the checkpoint', async () => {
    const error = await failure(checkpoint('cycle', [program('p1', 0.5, 'p2'), program('p2', 0.6, 'p1')]));
    expect(ParentCycleError.isInstance(error)).toBe(true);
  });
});

describe('files of no known format', () => {
  it('are refused with a hint to name the format', async () => {
    const error = await failure(write('table.json', '{"rows": [1, 2, 3]}'));
    expect(NotATrajectoryError.isInstance(error)).toBe(true);
    expect(error.reason).toMatch(/--format/);
  });

  it('a missing path', async () => {
    const error = await failure(join(directory, 'does-not-exist.json'));
    expect(NotATrajectoryError.isInstance(error)).toBe(true);
  });
});

describe('malformed boden episode JSON lines', () => {
  it('an episode before its run header, and a bad field, name the line', async () => {
    const header = JSON.stringify({
      type: 'run',
      version: 1,
      id: 'r',
      source: { path: 'x', format: 'aide-journal-v2' },
      metric: { name: null, maximize: true },
      nodeCount: 1,
    });
    const episode = {
      type: 'episode',
      id: 'e',
      runId: 'r',
      index: 0,
      steps: { first: 0, last: 0 },
      plan: '',
      code: '',
      summary: null,
      score: 1,
      maximize: true,
      failedAttempts: 0,
      parentEpisodeId: null,
      timestamps: { start: null, end: null },
      nodeIds: ['e'],
    };
    const orphan = await failure(write('orphan.jsonl', `${header}\n${JSON.stringify({ ...episode, runId: 'other' })}\n`));
    expect(orphan.location).toBe('line 2.runId');
    const badScore = await failure(write('bad-score.jsonl', `${header}\n${JSON.stringify({ ...episode, score: 'x' })}\n`));
    expect(InvalidFieldError.isInstance(badScore)).toBe(true);
    expect(badScore.location).toBe('line 2.score');
  });
});
