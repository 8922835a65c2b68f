import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openRunRecordStore } from '../../../bench/sweep/run-record-store.js';
import { SweepResultsError } from '../../../bench/sweep/sweep-results-error.js';
import { useTemporaryDirectory } from '../../support/temporary-directory.js';
import { benchRunFixture } from './bench-run-fixture.js';

const directory = useTemporaryDirectory('boden-run-store-');

describe('openRunRecordStore', () => {
  it('appends records as lines and reads them back on reopening', async () => {
    const path = join(directory, 'append', 'runs.jsonl');
    const store = await openRunRecordStore(path);
    expect(store.records).toHaveLength(0);
    await store.append(benchRunFixture({ seed: 1, impacts: [0.2, 0.5] }));
    await store.append(benchRunFixture({ seed: 2, impacts: [null, 0.4] }));
    expect(store.has('boston/aide/unshaped/seed-2')).toBe(true);
    const reopened = await openRunRecordStore(path);
    expect(reopened.records.map((record) => record.seed)).toEqual([1, 2]);
    expect(reopened.has('boston/aide/unshaped/seed-1')).toBe(true);
    expect(reopened.has('boston/aide/unshaped/seed-3')).toBe(false);
    expect(reopened.recovered).toEqual({ records: 2, droppedTornLine: false });
  });

  it('drops a torn last line left by an interrupted write, and keeps the complete ones', async () => {
    const path = join(directory, 'torn.jsonl');
    const line = JSON.stringify(benchRunFixture({ seed: 1, impacts: [0.3] }));
    await writeFile(path, `${line}\n${line.slice(0, 40)}`);
    const store = await openRunRecordStore(path);
    expect(store.records).toHaveLength(1);
    expect(store.recovered.droppedTornLine).toBe(true);
    expect(await readFile(path, 'utf8')).toBe(`${line}\n`);
    await store.append(benchRunFixture({ seed: 2, impacts: [0.1] }));
    expect((await openRunRecordStore(path)).records).toHaveLength(2);
  });

  it('refuses a complete line that is not a run record, naming the file and line', async () => {
    const path = join(directory, 'corrupt.jsonl');
    await writeFile(path, `${JSON.stringify(benchRunFixture({ seed: 1, impacts: [0.3] }))}\n`);
    await appendFile(path, '{"task":"boston"}\n');
    const error = await openRunRecordStore(path).catch((caught: unknown) => caught);
    expect(SweepResultsError.isInstance(error)).toBe(true);
    expect((error as SweepResultsError).field).toBe('line 2');
    expect((error as Error).message).toContain(path);
    await writeFile(path, 'not json\n');
    await expect(openRunRecordStore(path)).rejects.toThrow(/line 1.*not valid JSON/);
  });
});
