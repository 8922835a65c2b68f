import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importTrajectory } from '../../adapters/trajectory/index.js';
import { readSolutionRecords } from '../../src/corpus/read-solution-records.js';
import { InvalidOptionsError, lineChartSpec, readEpisodesJsonl, runToJsonLines, TrajectoryError } from '../../src/index.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

// A zod union that fails says only "Invalid input" unless it is told what it expects: each union of the library that
// reaches a user's eyes says what it expected (the path says where).

const directory = useTemporaryDirectory('boden-union-messages-');
const example = 'examples/aide-tabular-run.journal.json';

/** The error a call throws, or a failure when it throws none. */
async function thrownBy(call: () => unknown): Promise<Error> {
  try {
    await call();
  } catch (error) {
    return error as Error;
  }
  throw new Error('no error thrown');
}

describe('union messages say what was expected', () => {
  it('a chart row cell that is neither string, number, boolean nor null', async () => {
    const error = await thrownBy(() =>
      lineChartSpec({
        title: 't',
        rows: [{ step: 1, value: { nested: 1 } as never, series: 'a' }],
        x: 'step',
        y: 'value',
        series: 'series',
        xTitle: 'x',
        yTitle: 'y',
      }),
    );
    expect(InvalidOptionsError.isInstance(error)).toBe(true);
    expect((error as InvalidOptionsError).issues).toEqual([
      { path: 'rows.0.value', message: 'expected a string, number, boolean or null' },
    ]);
  });

  it("an episode's metadata value in boden's episode JSON lines", async () => {
    const [run] = await importTrajectory(example);
    const lines = [...runToJsonLines(run!)].map((line) => JSON.parse(line) as Record<string, unknown>);
    const episode = lines.find((line) => line.type === 'episode')!;
    episode.metadata = { island: [1, 2] };
    const file = join(directory, 'bad-metadata.episodes.jsonl');
    writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
    const error = await thrownBy(() => readEpisodesJsonl(file));
    expect(TrajectoryError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/\.metadata\.island: expected a string, number, boolean or null$/);
  });

  it("a solution record's id or timestamp of the wrong type", async () => {
    const file = join(directory, 'records.jsonl');
    const records = [
      { id: 1.5, task: 'titanic', text: 'Logistic regression.' },
      { id: 'ok', task: 'titanic', text: 'Logistic regression.', timestamp: true },
    ];
    writeFileSync(file, `${records.map((record) => JSON.stringify(record)).join('\n')}\n`);
    const { skipped } = await readSolutionRecords(file);
    expect(skipped.map((input) => input.reason)).toEqual([
      'id: expected a non-empty string or an integer',
      'timestamp: expected a date string or seconds since the epoch',
    ]);
  });

  it("an AI-Scientist-v2 node's metric value", async () => {
    const node = (id: string, step: number, value: unknown) => ({
      id,
      step,
      plan: `plan ${id}`,
      code: 'x = 1',
      is_buggy: false,
      is_seed_node: false,
      metric: { value, maximize: null },
    });
    const file = join(directory, 'stage.journal.json');
    writeFileSync(file, JSON.stringify({ nodes: [node('a', 0, 0.5), node('b', 1, 'high')], node2parent: { b: 'a' }, __version: '2' }));
    const error = await thrownBy(() => importTrajectory(file, { format: 'ai-scientist-v2-stage-journal' }));
    expect(TrajectoryError.isInstance(error)).toBe(true);
    expect(error.message).toContain('$.nodes[1].metric.value');
    expect(error.message).toContain('expected a number, null or { metric_names: [...] }');
    expect(error.message).not.toMatch(/Invalid input$/);
  });
});
