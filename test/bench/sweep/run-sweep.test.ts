import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSweep } from '../../../bench/sweep/run-sweep.js';
import { SweepResultsError } from '../../../bench/sweep/sweep-results-error.js';
import { verdictSentences } from '../../../bench/sweep/verdict-sentences.js';
import { writeSweepOutputs } from '../../../bench/sweep/write-sweep-outputs.js';
import { BenchRunRecordSchema } from '../../../bench/runner/index.js';
import { useTemporaryDirectory } from '../../support/temporary-directory.js';

const directory = useTemporaryDirectory('boden-sweep-');
const memo = join(directory, 'memo');
// One worker: test files run in parallel on two cores.
const base = { tasks: ['boston'], policies: ['aide' as const], arms: ['unshaped', 'adaptive'], seeds: 2, episodes: 4, memo, workers: 1 };

describe('runSweep', () => {
  it('runs every cell into runs.jsonl, then summarises it into a table and a report with one SVG per chart', async () => {
    const out = join(directory, 'tiny');
    const progress: number[] = [];
    const result = await runSweep({ ...base, out }, { onProgress: ({ done }) => progress.push(done) });
    expect(result.records).toHaveLength(4);
    expect(result.ran).toBe(4);
    expect(progress).toEqual([1, 2, 3, 4]);
    const lines = (await readFile(join(out, 'runs.jsonl'), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(BenchRunRecordSchema.safeParse(JSON.parse(line)).success).toBe(true);

    const outputs = await writeSweepOutputs(result);
    expect(outputs.rows.map((row) => row.arm)).toEqual(['unshaped', 'adaptive']);
    expect(outputs.table).toMatch(/boston +aide +adaptive +2 /);
    // The verdict comes first: in the terminal, in summary.txt (before the sessions) and in summary.json.
    const [verdict] = verdictSentences(outputs.rows);
    expect(verdict).toMatch(
      /^(adaptive (beats|loses to) unshaped on boston under aide by .* 2 seeds\)|no difference we can tell from 2 seeds: adaptive against unshaped on boston under aide, )/,
    );
    expect(outputs.table.startsWith(`${verdict}\n\ntask `)).toBe(true);
    const summaryText = await readFile(join(out, 'summary.txt'), 'utf8');
    expect(summaryText.startsWith(`${verdict}\n\nboden bench: 4 runs`)).toBe(true);
    expect(summaryText).toContain('wall time over all sessions');
    expect(JSON.parse(await readFile(join(out, 'summary.json'), 'utf8')).verdicts).toEqual([verdict]);
    const html = await readFile(join(out, 'report.html'), 'utf8');
    expect(html.indexOf('<h2>Verdicts</h2>')).toBeGreaterThan(0);
    expect(html.indexOf('<h2>Verdicts</h2>')).toBeLessThan(html.indexOf('<h2>Summary</h2>'));
    // Summary table, then three charts for boston · aide; no impact-vs-strength chart, as both arms have strength 0.
    expect(html.match(/<svg/g)).toHaveLength(3);
    expect(html).not.toContain('Impact against bonus strength');
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);

    // A second call finds every run done and evaluates nothing.
    const again = await runSweep({ ...base, out });
    expect(again.resumed).toBe(4);
    expect(again.ran).toBe(0);
    expect(again.records).toEqual(result.records);
    expect(again.sessions).toHaveLength(2);
  }, 240_000);

  it('stops on an abort keeping the completed runs, and resumes with the rest', async () => {
    const out = join(directory, 'interrupted');
    const controller = new AbortController();
    const stopped = runSweep(
      { ...base, out, concurrency: 1 },
      { signal: controller.signal, onProgress: () => controller.abort(new Error('stop')) },
    );
    await expect(stopped).rejects.toThrow('stop');
    const kept = (await readFile(join(out, 'runs.jsonl'), 'utf8')).trim().split('\n');
    expect(kept).toHaveLength(1);
    const manifest = JSON.parse(await readFile(join(out, 'sweep.json'), 'utf8')) as { sessions: { runs: number }[] };
    expect(manifest.sessions.map((session) => session.runs)).toEqual([1]);
    // As kill -9 between appending the run and saving the manifest leaves it: the session counts 0 of its 1 run.
    await writeFile(join(out, 'sweep.json'), JSON.stringify({ ...manifest, sessions: [{ ...manifest.sessions[0], runs: 0 }] }));
    const resumed = await runSweep({ ...base, out });
    expect(resumed.resumed).toBe(1);
    expect(resumed.ran).toBe(3);
    expect(resumed.sessions.map((session) => session.runs)).toEqual([1, 3]);
    expect(resumed.records.map((record) => `${record.arm.schedule}-${record.seed}`)).toEqual([
      'none-1',
      'adaptive-1',
      'none-2',
      'adaptive-2',
    ]);
  }, 240_000);

  it('refuses a smaller sweep into a folder holding more runs (it would overwrite their summary), and resumes a larger one', async () => {
    const out = join(directory, 'tiny');
    // The folder of the first test: seeds 1-2 of both arms.
    const error = await runSweep({ ...base, out, seeds: 1 }).catch((caught: unknown) => caught);
    expect(SweepResultsError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /runs\.jsonl: holds 2 run\(s\) that are not cells of this sweep \(the first: boston\/aide\/(unshaped|adaptive)\/seed-2\).*use another --out/,
    );
    const other = join(directory, 'tiny-other-arms');
    await runSweep({ ...base, out: other, arms: ['unshaped'], seeds: 1 });
    const larger = await runSweep({ ...base, out: other, arms: ['unshaped'], seeds: 2 });
    expect([larger.resumed, larger.ran]).toEqual([1, 1]);
  }, 240_000);

  it('refuses to resume runs made with another episode count', async () => {
    const out = join(directory, 'tiny');
    const error = await runSweep({ ...base, out, episodes: 5 }).catch((caught: unknown) => caught);
    expect(SweepResultsError.isInstance(error)).toBe(true);
    expect((error as SweepResultsError).field).toBe('episodes');
  }, 60_000);
});
